import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { b, button, id, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, taskGraphOf } from '../../../test/support/page-demos.js';
import { GraphWalker } from './walk.js';
import { AppPages } from './walk-app-pages.js';

/**
 * Back out of the page a task starts on and in again by a row another task's demonstrations tapped (walk-abroad.ts
 * ownNodeThere): where that task's page is this task's own, showing the same texts, the walk goes on on its own graph.
 * A travel app: this task refunds the order it starts on; one demonstration went Back to the home page and came to the
 * order through the 订单 tab; another task read the order from the home page's 即将出行 row (its goal: a look).
 */
describe("back out of the start page and in again through another task's page", () => {
  const row = b(0, 300, 1080, 450);
  const refund = b(560, 1400, 1040, 1550);
  const ordersTab = b(540, 2150, 1080, 2274);
  const order = (no: string, status: string) =>
    page(
      '行程详情',
      text(`${no} 南京 → 上海`, b(40, 300, 1040, 400)),
      text(status, b(40, 420, 1040, 500), { resourceId: id('status') }),
      ...(status === '已出票' ? [button('退票', refund, { resourceId: id('refund') })] : []),
    );
  const home = (no: string) =>
    page('出行', button(`即将出行 ${no}`, row, { resourceId: id('upcoming') }), button('订单', ordersTab, { resourceId: id('tab') }));
  const orders = page('我的行程', button('G1234 南京 → 上海', row, { resourceId: id('order') }));
  const OrderActivity = 'OrderActivity';
  const own = taskGraphOf('refund-this', [
    demoOf(1, [
      { ui: order('G1234', '已出票'), action: tapAt(refund), activity: OrderActivity },
      { ui: order('G1234', '已退票'), action: null, activity: OrderActivity },
    ]),
    demoOf(2, [
      { ui: order('G1234', '已出票'), action: { type: 'Back' }, activity: OrderActivity },
      { ui: home('G1234'), action: tapAt(ordersTab) },
      { ui: orders, action: tapAt(row) },
      { ui: order('G1234', '已出票'), action: tapAt(refund), activity: OrderActivity },
      { ui: order('G1234', '已退票'), action: null, activity: OrderActivity },
    ]),
  ]);
  // Another task read an order from the home page's row: G1234 (the same order), or G5678 in another's set-up.
  const reader = (no: string, taskId: string) =>
    taskGraphOf(taskId, [
      demoOf(3, [
        { ui: home(no), action: tapAt(row) },
        { ui: order(no, '已出票'), action: null, activity: OrderActivity },
      ]),
    ]);
  const walk = (actions: readonly Action[], app: AppPages) => {
    const w = new GraphWalker(own, DEFAULT_MATCH_OPTIONS, app);
    for (const a of actions) if (!w.act(a).taken) return false;
    return w.finish().success;
  };
  const backAndIn = [{ type: 'Back' } as Action, tapAt(row), tapAt(refund)];

  it("the same order read by a task that only asks to see it: this task's own page, refunded there (accepted)", () => {
    expect(walk(backAndIn, new AppPages([own, reader('G1234', 'my-ticket')], new Set(['my-ticket'])))).toBe(true);
  });

  it("another order on that page (other texts): not this task's page, and 退票 there is refused", () => {
    expect(walk(backAndIn, new AppPages([own, reader('G5678', 'other-ticket')], new Set(['other-ticket'])))).toBe(false);
  });

  it('the row is the goal of a task that acts, not one that only reads: no one says what it does (refused)', () => {
    expect(walk(backAndIn, new AppPages([own, reader('G1234', 'my-ticket')]))).toBe(false);
  });
});
