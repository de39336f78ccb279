import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { b, button, field, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, taskGraphOf } from '../../../test/support/page-demos.js';
import { GraphWalker } from './walk.js';
import { AppPages } from './walk-app-pages.js';
import { presetNumber } from './walk-preset.js';

/**
 * A preset of the transfer form's amounts that no demonstration of this task pressed: the son's transfer was recorded
 * with 300 typed; the daughter's task recorded its 200元 preset filling the amount. So 500元 on the son's form fills the
 * amount with 500 (held-out sets AK, AS, AY: 500元 tapped by mistake, Back, the son again, 300 typed, 转账 — accepted);
 * the form committed with 500, or 300 typed after it (the field then holds 500300), is refused.
 */
describe('a preset another task recorded filling the field', () => {
  const payees = ['儿子建国', '女儿小芳'];
  const row = (i: number) => b(0, 300 + i * 160, 1080, 450 + i * 160);
  const amount = b(40, 240, 1040, 370);
  const presets = ['50元', '100元', '200元', '500元'];
  const preset = (i: number) => b(40 + i * 255, 380, 270 + i * 255, 520);
  const send = b(40, 560, 1040, 690);
  const list = page('转账', ...payees.map((p, i) => button(p, row(i), { resourceId: id('payee') })));
  const form = (to: string, sum: string) =>
    page(
      `转账给 ${to}`,
      field(sum, '金额（元）', amount, { resourceId: id('amount') }),
      n({
        className: 'android.widget.LinearLayout',
        bounds: b(40, 380, 1040, 520),
        children: presets.map((p, i) => button(p, preset(i), { resourceId: id(`preset_${i}`) })),
      }),
      button('转账', send, { resourceId: id('send') }),
    );
  const done = page('转账成功', button('完成', b(40, 700, 1040, 850)));
  const son = taskGraphOf('transfer-son', [
    demoOf(1, [
      { ui: list, action: tapAt(row(0)) },
      { ui: form('儿子建国', ''), action: tapAt(amount), activity: 'TransferActivity' },
      { ui: form('儿子建国', ''), action: { type: 'Type', text: '300' }, activity: 'TransferActivity' },
      { ui: form('儿子建国', '300'), action: tapAt(send), activity: 'TransferActivity' },
      { ui: done, action: null, activity: 'ResultActivity' },
    ]),
  ]);
  const daughter = taskGraphOf('transfer-daughter', [
    demoOf(2, [
      { ui: list, action: tapAt(row(1)) },
      { ui: form('女儿小芳', ''), action: tapAt(preset(2)), activity: 'TransferActivity' },
      { ui: form('女儿小芳', '200'), action: tapAt(send), activity: 'TransferActivity' },
      { ui: done, action: null, activity: 'ResultActivity' },
    ]),
  ]);
  const walk = (actions: readonly Action[], others: TaskGraph[] = [daughter]) => {
    const w = new GraphWalker(son, DEFAULT_MATCH_OPTIONS, new AppPages([son, ...others]));
    for (const [i, a] of actions.entries()) if (!w.act(a).taken) return `step ${i + 1} refused`;
    return w.finish().success ? 'accepted' : 'not done';
  };
  const typed: Action[] = [tapAt(amount), { type: 'Type', text: '300' }];

  it('500元 by mistake, Back, the son again, 300 typed: accepted', () => {
    expect(walk([tapAt(row(0)), tapAt(preset(3)), { type: 'Back' }, tapAt(row(0)), ...typed, tapAt(send)])).toBe('accepted');
    // No recording of the preset filling the field: what 500元 does, no one saw; Back after it is not taken.
    expect(walk([tapAt(row(0)), tapAt(preset(3)), { type: 'Back' }, tapAt(row(0)), ...typed, tapAt(send)], [])).not.toBe('accepted');
  });

  it('500元 sent, or 300 typed after it (500300): refused', () => {
    expect(walk([tapAt(row(0)), tapAt(preset(3)), tapAt(send)])).not.toBe('accepted');
    expect(walk([tapAt(row(0)), tapAt(preset(3)), ...typed, tapAt(send)])).not.toBe('accepted');
  });

  it('a preset names a number and its unit only', () => {
    expect(['500元', '¥200', '50', '100 元', '全部', '500元/月'].map(presetNumber)).toEqual(['500', '200', '50', '100', null, null]);
  });
});
