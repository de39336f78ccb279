import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { b, button, field, id, page, tabs, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, taskGraphOf } from '../../../test/support/page-demos.js';
import { GraphWalker } from './walk.js';
import { AppPages } from './walk-app-pages.js';

/**
 * Another task's page opened on the way, and there the look that task asks for taken: the wallet's bills, where the
 * task that asks what was spent last month pressed 上月. A task that only asks to be shown something has a look for its
 * goal, which acts on nothing, so it is taken there and Back comes home (held-out set AY: 上月's bills looked at before
 * paying the electricity). Where that task acts (its goal is not a look), the press is an edit of a page whose edits
 * take effect at once, and stays refused.
 */
describe('the look another task asks for, taken on its page on the way', () => {
  const bills = b(560, 300, 1040, 450);
  const power = b(40, 300, 520, 450);
  const amount = b(40, 300, 1040, 450);
  const pay = b(40, 700, 1040, 850);
  const months = ['本月', '上月'];
  const lastMonth = b(540, 200, 1080, 350);
  const home = page('钱包', button('⚡ 电费', power, { resourceId: id('power') }), button('▤ 账单', bills, { resourceId: id('bills') }));
  const billsPage = (month: string) => page('账单', tabs(months, month, 200), button(`${month} 电费 ¥88`, b(0, 500, 1080, 650)));
  const payPage = (sum: string) =>
    page('电费', field(sum, '金额（元）', amount, { resourceId: id('amount') }), button('确认缴费', pay, { resourceId: id('pay') }));
  const own = taskGraphOf('pay-power', [
    demoOf(1, [
      { ui: home, action: tapAt(power) },
      { ui: payPage(''), action: tapAt(amount), activity: 'PayActivity' },
      { ui: payPage(''), action: { type: 'Type', text: '100' }, activity: 'PayActivity' },
      { ui: payPage('100'), action: tapAt(pay), activity: 'PayActivity' },
      { ui: page('缴费成功', button('完成', b(40, 700, 1040, 850))), action: null, activity: 'DoneActivity' },
    ]),
  ]);
  const other = taskGraphOf('last-month', [
    demoOf(2, [
      { ui: home, action: tapAt(bills) },
      { ui: billsPage('本月'), action: tapAt(lastMonth), activity: 'BillsActivity' },
      { ui: billsPage('上月'), action: null, activity: 'BillsActivity' },
    ]),
  ]);
  const path: Action[] = [
    tapAt(bills),
    tapAt(lastMonth),
    { type: 'Back' },
    tapAt(power),
    tapAt(amount),
    { type: 'Type', text: '100' },
    tapAt(pay),
  ];
  const walk = (inquiries: string[]) => {
    const w = new GraphWalker(own, DEFAULT_MATCH_OPTIONS, new AppPages([own, other], new Set(inquiries)));
    for (const [i, a] of path.entries()) if (!w.act(a).taken) return `step ${i + 1} refused`;
    return w.finish().success ? 'accepted' : 'not done';
  };

  it('the bills of 上月 looked at, Back, then the electricity paid: accepted', () => {
    expect(walk(['last-month'])).toBe('accepted');
  });

  it('where that task acts, its press there is an edit that takes effect at once: refused', () => {
    expect(walk([])).toBe('step 2 refused');
  });
});
