import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { b, button, field, id, n, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, taskGraphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A product page's quantity that no demonstration of the task stepped (buy this thermos: 立即购买 at once), whose + another
 * task's recording of a product page laid out alike pressed (two boxes of milk: + then 立即购买). The count starts at 1,
 * + adds one, − takes one away and holds at 1 — what the virtual phone's shop does, as real shops do. Stepped back to
 * 1, the recorded routes stand; left at 2, what 立即购买 or 加入购物车 does with it no demonstration of the task saw (the
 * phone's check reads one thermos ordered). Through the CLI: the "count:" cases.
 */
describe('a count stepped by a control only another task recorded', () => {
  const row = b(0, 300, 1080, 450);
  const minus = b(40, 1800, 500, 1950);
  const plus = b(580, 1800, 1040, 1950);
  const cart = b(40, 2000, 540, 2150);
  const buy = b(540, 2000, 1040, 2150);
  const home = (item: string) => page('商城', button(item, row, { resourceId: id('item') }));
  const product = (name: string, qty: number) =>
    page(
      name,
      text(`数量 ${qty}`, b(40, 1600, 1040, 1750), { resourceId: id('qty') }),
      button('−', minus, { resourceId: id('minus') }),
      button('+', plus, { resourceId: id('plus') }),
      button('加入购物车', cart, { resourceId: id('cart') }),
      button('立即购买', buy, { resourceId: id('buy') }),
    );
  const own = taskGraphOf('buy-this', [
    demoOf(1, [
      { ui: home('保温杯'), action: tapAt(row) },
      { ui: product('保温杯', 1), action: tapAt(buy), activity: 'ProductActivity' },
      { ui: page('订单已提交'), action: null, activity: 'OrderActivity' },
    ]),
  ]);
  const milk = taskGraphOf('milk-two', [
    demoOf(2, [
      { ui: home('纯牛奶'), action: tapAt(row) },
      { ui: product('纯牛奶', 1), action: tapAt(plus), activity: 'ProductActivity' },
      { ui: product('纯牛奶', 2), action: tapAt(buy), activity: 'ProductActivity' },
      { ui: page('订单已提交'), action: null, activity: 'OrderActivity' },
    ]),
  ]);
  const back: Action = { type: 'Back' };
  const walk = (actions: readonly Action[], others: readonly TaskGraph[] = [milk]): boolean => walkPath(own, actions, others).accepted;
  const open = tapAt(row);

  it('stepped and stepped back, or − at 1 (it holds there), then bought: accepted', () => {
    expect(walk([open, tapAt(buy)])).toBe(true);
    expect(walk([open, tapAt(plus), tapAt(minus), tapAt(buy)])).toBe(true);
    expect(walk([open, tapAt(plus), tapAt(plus), tapAt(minus), tapAt(minus), tapAt(buy)])).toBe(true);
    expect(walk([open, tapAt(minus), tapAt(buy)])).toBe(true);
  });

  it('left stepped, then bought or put in the cart: refused (two ordered where the task wants one)', () => {
    expect(walk([open, tapAt(plus), tapAt(buy)])).toBe(false);
    expect(walk([open, tapAt(plus), tapAt(cart)])).toBe(false);
    expect(walk([open, tapAt(plus), tapAt(plus), tapAt(minus), tapAt(buy)])).toBe(false);
    // − at 1 changes nothing, so − then + leaves 2: not a step undone.
    expect(walk([open, tapAt(minus), tapAt(plus), tapAt(buy)])).toBe(false);
  });

  it('Back leaves the page and its count: opened again, it starts at 1', () => {
    expect(walk([open, tapAt(plus), back, open, tapAt(buy)])).toBe(true);
  });

  it('a button of the page that acts with the count (加入购物车, recorded staying): refused while the count stands stepped', () => {
    // Held-out set AE: +, into the cart, bought — two bags where the task wants one; a first version took the recorded
    // 加入购物车 as another field's edit beside the held count.
    const badged = (qty: number, inCart: number, name = '保温杯') =>
      page(
        name,
        text(`数量 ${qty}`, b(40, 1600, 1040, 1750), { resourceId: id('qty') }),
        text(`购物车 ${inCart}`, b(40, 100, 540, 200), { resourceId: id('badge') }),
        button('−', minus, { resourceId: id('minus') }),
        button('+', plus, { resourceId: id('plus') }),
        button('加入购物车', cart, { resourceId: id('cart') }),
        button('立即购买', buy, { resourceId: id('buy') }),
      );
    const toCart = taskGraphOf('cart-this', [
      demoOf(3, [
        { ui: home('保温杯'), action: tapAt(row) },
        { ui: badged(1, 0), action: tapAt(cart), activity: 'ProductActivity' },
        { ui: badged(1, 1), action: null, activity: 'ProductActivity' },
      ]),
    ]);
    const milkBadged = taskGraphOf('milk-two-badged', [
      demoOf(4, [
        { ui: home('纯牛奶'), action: tapAt(row) },
        { ui: badged(1, 0, '纯牛奶'), action: tapAt(plus), activity: 'ProductActivity' },
        { ui: badged(2, 0, '纯牛奶'), action: tapAt(buy), activity: 'ProductActivity' },
        { ui: page('订单已提交'), action: null, activity: 'OrderActivity' },
      ]),
    ]);
    const w = (actions: readonly Action[]): boolean => walkPath(toCart, actions, [milkBadged]).accepted;
    expect(w([open, tapAt(cart)])).toBe(true);
    expect(w([open, tapAt(plus), tapAt(minus), tapAt(cart)])).toBe(true);
    expect(w([open, tapAt(plus), tapAt(cart)])).toBe(false);
  });

  it('where no recording shows the stepper, what + does is not known', () => {
    expect(walk([open, tapAt(plus), tapAt(minus), tapAt(buy)], [])).toBe(false);
    expect(walk([open, tapAt(minus), tapAt(buy)], [])).toBe(false);
  });
});

/**
 * The task's own stepper, whose − at 1 no demonstration pressed (two boxes of milk: +, then bought). The count starts at
 * 1 when the page opens; − there holds it (held-out set AE: −, +, bought — two, right by the phone). Not a count its page
 * opens with another value (a cart's row of 3), whose − at 1 may take the row away.
 */
describe("a recorded stepper's − where the count stands at 1", () => {
  const row = b(0, 300, 1080, 450);
  const minus = b(40, 1800, 500, 1950);
  const plus = b(580, 1800, 1040, 1950);
  const buy = b(540, 2000, 1040, 2150);
  const home = page('商城', button('纯牛奶', row, { resourceId: id('item') }));
  const product = (qty: number) =>
    page(
      '纯牛奶',
      text(`数量 ${qty}`, b(40, 1600, 1040, 1750), { resourceId: id('qty') }),
      button('−', minus, { resourceId: id('minus') }),
      button('+', plus, { resourceId: id('plus') }),
      button('立即购买', buy, { resourceId: id('buy') }),
    );
  const walk = (g: TaskGraph, actions: readonly Action[]): boolean => walkPath(g, actions).accepted;
  const two = graphOf([
    demoOf(1, [
      { ui: home, action: tapAt(row) },
      { ui: product(1), action: tapAt(plus), activity: 'ProductActivity' },
      { ui: product(2), action: tapAt(buy), activity: 'ProductActivity' },
      { ui: page('订单已提交'), action: null, activity: 'OrderActivity' },
    ]),
  ]);
  const open = tapAt(row);

  it('−, then +, then bought: two, accepted; −, +, +: three, not', () => {
    expect(walk(two, [open, tapAt(plus), tapAt(buy)])).toBe(true);
    expect(walk(two, [open, tapAt(minus), tapAt(plus), tapAt(buy)])).toBe(true);
    expect(walk(two, [open, tapAt(minus), tapAt(minus), tapAt(plus), tapAt(buy)])).toBe(true);
    expect(walk(two, [open, tapAt(minus), tapAt(plus), tapAt(plus), tapAt(buy)])).toBe(false);
    expect(walk(two, [open, tapAt(minus), tapAt(buy)])).toBe(false);
  });

  it('a count the page opens at 3 (the row of a cart): − at 1 is not known to hold', () => {
    // Opened at 3, taken down to 1, then + once: the least shown is 1, but the page does not open there.
    const cart = graphOf([
      demoOf(2, [
        { ui: home, action: tapAt(row) },
        { ui: product(3), action: tapAt(minus), activity: 'ProductActivity' },
        { ui: product(2), action: tapAt(minus), activity: 'ProductActivity' },
        { ui: product(1), action: tapAt(plus), activity: 'ProductActivity' },
        { ui: product(2), action: tapAt(buy), activity: 'ProductActivity' },
        { ui: page('订单已提交'), action: null, activity: 'OrderActivity' },
      ]),
    ]);
    expect(walk(cart, [open, tapAt(minus), tapAt(minus), tapAt(plus), tapAt(buy)])).toBe(true);
    expect(walk(cart, [open, tapAt(minus), tapAt(minus), tapAt(minus), tapAt(plus), tapAt(buy)])).toBe(false);
  });
});

/**
 * A stepper of a value that is no count from 1, which no demonstration of the task pressed (set the alarm to six: −1 h,
 * saved), whose press another task's recording of the page shows (+5 min twice, from 00). Pressed from a value that
 * recording pressed it at, it steps as recorded; its mirror (−5 min) takes a value the recording reached back; the page
 * is judged once the minute is back where the path had it. From any other value (−5 min at 00: 55, or held at 00?) no
 * recording says. Held-out set AC: −1 h, +5 min, −5 min, saved is six o'clock on the phone. Through the CLI: the
 * "stepper undone:" cases.
 */
describe('a stepper of another value, pressed and undone, that only another task recorded', () => {
  const hourDown = b(40, 500, 280, 650);
  const minuteDown = b(560, 500, 800, 650);
  const minuteUp = b(820, 500, 1040, 650);
  const save = b(540, 1400, 1040, 1550);
  const list = page('闹钟', button('添加闹钟', b(800, 1900, 1040, 2100), { resourceId: id('fab') }));
  const upArrow = b(0, 80, 136, 240);
  const minuteField = b(40, 900, 1040, 1050);
  const editor = (hh: string, mm: string) =>
    page(
      '添加闹钟',
      n({ className: 'android.widget.ImageButton', contentDesc: '转到上一层级', clickable: true, bounds: upArrow }),
      field(hh, '小时', b(40, 700, 1040, 850), { resourceId: id('hour') }),
      field(mm, '分钟', minuteField, { resourceId: id('minute') }),
      button('−1 h', hourDown, { resourceId: id('hour_down') }),
      button('−5 min', minuteDown, { resourceId: id('minute_down') }),
      button('+5 min', minuteUp, { resourceId: id('minute_up') }),
      button('保存', save, { resourceId: id('save') }),
    );
  const add = tapAt(b(800, 1900, 1040, 2100));
  const own = taskGraphOf('alarm-six', [
    demoOf(1, [
      { ui: list, action: add },
      { ui: editor('07', '00'), action: tapAt(hourDown), activity: 'AlarmEditActivity' },
      { ui: editor('06', '00'), action: tapAt(save), activity: 'AlarmEditActivity' },
      { ui: page('闹钟', text('06:00', b(0, 300, 1080, 450))), action: null },
    ]),
  ]);
  const other = taskGraphOf('alarm-ten-past', [
    demoOf(2, [
      { ui: list, action: add },
      { ui: editor('07', '00'), action: tapAt(minuteUp), activity: 'AlarmEditActivity' },
      { ui: editor('07', '05'), action: tapAt(minuteUp), activity: 'AlarmEditActivity' },
      { ui: editor('07', '10'), action: tapAt(save), activity: 'AlarmEditActivity' },
      { ui: page('闹钟', text('07:10', b(0, 300, 1080, 450))), action: null },
    ]),
  ]);
  const walk = (actions: readonly Action[], others: readonly TaskGraph[] = [other]): boolean => walkPath(own, actions, others).accepted;
  const [down, up, minus, saved] = [tapAt(hourDown), tapAt(minuteUp), tapAt(minuteDown), tapAt(save)];

  it('stepped and undone by its mirror, before or after the recorded step: accepted', () => {
    expect(walk([add, down, saved])).toBe(true);
    expect(walk([add, down, up, minus, saved])).toBe(true);
    expect(walk([add, up, up, minus, minus, down, saved])).toBe(true);
    // The recorded −1 h while the minute stands at :05: another field of the page, edited as recorded.
    expect(walk([add, up, down, minus, saved])).toBe(true);
  });

  it('left stepped, undone too often, or stepped from a value no recording pressed it at: refused', () => {
    expect(walk([add, down, up, saved])).toBe(false);
    expect(walk([add, down, up, minus, minus, saved])).toBe(false);
    expect(walk([add, down, up, minus, up, saved])).toBe(false);
    expect(walk([add, up, down, saved])).toBe(false);
    // −5 min at 00: the recording never pressed + from 55, nor − at 00 — a wrap or a floor, no screen says.
    expect(walk([add, minus, up, down, saved])).toBe(false);
    // A third +5 min: from 10, where no recording pressed it.
    expect(walk([add, up, up, up, minus, minus, minus, down, saved])).toBe(false);
  });

  it('where no other task recorded the stepper, the press is not known', () => {
    expect(walk([add, down, up, minus, saved], [])).toBe(false);
  });

  it('held at :05, a tap into the minute field only takes the focus: the steps go on', () => {
    // Found on a graph grown from exploration's routes: the 07:00 editor's hour stepped, its minute tapped, then Up —
    // right on the phone (nothing saved), refused as acting with the held value.
    expect(walk([add, up, tapAt(minuteField), minus, down, saved])).toBe(true);
    // Still held when the form is saved: refused.
    expect(walk([add, up, tapAt(minuteField), saved])).toBe(false);
    expect(walk([add, up, tapAt(minuteField), down, saved])).toBe(false);
  });

  it('held at :05, the Up arrow leaves as Back does: the editor discarded, opened again at 07:00', () => {
    expect(walk([add, up, tapAt(upArrow), add, down, saved])).toBe(true);
    expect(walk([add, up, tapAt(upArrow), add, saved])).toBe(false);
  });
});

/**
 * The same stepper on a list another task recorded with another item in its row: a cart whose row is the glasses,
 * where another task's recording stepped the milk's row (3 to 2) with the − at the same place. The milk's count is no
 * value of this cart: − here presses the glasses' row (on the phone, at 1 it takes the row away), so what the press
 * does, no recording shows.
 */
describe("a stepper of another task's list row, on a row of another item", () => {
  const minus = b(40, 600, 300, 700);
  const plus = b(780, 600, 1040, 700);
  const checkout = b(540, 2000, 1040, 2150);
  const cart = (item: string, qty: number) =>
    page(
      '购物车',
      text(`${item} × ${qty}`, b(40, 400, 1040, 500), { resourceId: id('summary') }),
      button('−', minus, { resourceId: id('minus') }),
      button('+', plus, { resourceId: id('plus') }),
      button('去结算', checkout, { resourceId: id('checkout') }),
    );
  const tab = b(540, 2200, 1040, 2350);
  const home = page('商城', button('购物车', tab, { resourceId: id('cart_tab') }));
  const glasses = taskGraphOf('glasses', [
    demoOf(1, [
      { ui: home, action: tapAt(tab) },
      { ui: cart('老花镜', 1), action: tapAt(checkout), activity: 'CartActivity' },
      { ui: page('订单已提交'), action: null, activity: 'OrderActivity' },
    ]),
  ]);
  const milk = taskGraphOf('milk-fewer', [
    demoOf(2, [
      { ui: home, action: tapAt(tab) },
      { ui: cart('纯牛奶', 3), action: tapAt(minus), activity: 'CartActivity' },
      { ui: cart('纯牛奶', 2), action: null, activity: 'CartActivity' },
    ]),
  ]);
  const walk = (actions: readonly Action[]): boolean => walkPath(glasses, actions, [milk]).accepted;

  it('−, + then checked out: refused (the milk row is not on this cart)', () => {
    expect(walk([tapAt(tab), tapAt(checkout)])).toBe(true);
    expect(walk([tapAt(tab), tapAt(minus), tapAt(plus), tapAt(checkout)])).toBe(false);
  });
});

/**
 * A stepper this task's own demonstrations pressed on another page of the same screen: the new alarm's editor, where
 * they stepped the hour from 07 down to 04, beside the existing 07:00 alarm's editor (修改闹钟, with a 删除 the new one
 * lacks), where only another task recorded one press (07 to 06). Pressed twice on the 07:00 editor, the hour stands at
 * 05 — a step the task's own recording shows on the same control stepping the same field. Found by exploration on a
 * grown graph: −1 h, −1 h, then Up on the 07:00 editor was refused at the second press, though right on the phone.
 */
describe("a stepper stepped as this task's own recording of another page of the screen shows it", () => {
  const hourDown = b(40, 500, 280, 650);
  const save = b(540, 1400, 1040, 1550);
  const upArrow = b(0, 80, 136, 240);
  const fab = b(800, 1900, 1040, 2100);
  const alarmRow = b(0, 300, 1080, 450);
  const list = page('闹钟', button('07:00', alarmRow, { resourceId: id('alarm') }), button('添加闹钟', fab, { resourceId: id('fab') }));
  const editor = (title: string, hh: string, ...more: ReturnType<typeof button>[]) =>
    page(
      title,
      n({ className: 'android.widget.ImageButton', contentDesc: '转到上一层级', clickable: true, bounds: upArrow }),
      field(hh, '小时', b(40, 700, 1040, 850), { resourceId: id('hour') }),
      button('−1 h', hourDown, { resourceId: id('hour_down') }),
      button('保存', save, { resourceId: id('save') }),
      ...more,
    );
  const edit = (hh: string) => editor('修改闹钟', hh, button('删除', b(40, 1600, 1040, 1750), { resourceId: id('delete') }));
  const [open, add, down, saved, up] = [tapAt(alarmRow), tapAt(fab), tapAt(hourDown), tapAt(save), tapAt(upArrow)];
  const own = taskGraphOf('pills-at-four', [
    demoOf(1, [
      { ui: list, action: add },
      { ui: editor('添加闹钟', '07'), action: down, activity: 'AlarmEditActivity' },
      { ui: editor('添加闹钟', '06'), action: down, activity: 'AlarmEditActivity' },
      { ui: editor('添加闹钟', '05'), action: down, activity: 'AlarmEditActivity' },
      { ui: editor('添加闹钟', '04'), action: saved, activity: 'AlarmEditActivity' },
      { ui: page('闹钟', text('04:00', b(0, 300, 1080, 450))), action: null },
    ]),
    demoOf(2, [
      { ui: list, action: open },
      { ui: edit('07'), action: up, activity: 'AlarmEditActivity' },
      { ui: list, action: add },
      { ui: editor('添加闹钟', '07'), action: down, activity: 'AlarmEditActivity' },
      { ui: editor('添加闹钟', '06'), action: down, activity: 'AlarmEditActivity' },
      { ui: editor('添加闹钟', '05'), action: down, activity: 'AlarmEditActivity' },
      { ui: editor('添加闹钟', '04'), action: saved, activity: 'AlarmEditActivity' },
      { ui: page('闹钟', text('04:00', b(0, 300, 1080, 450))), action: null },
    ]),
  ]);
  const other = taskGraphOf('alarm-six', [
    demoOf(3, [
      { ui: list, action: open },
      { ui: edit('07'), action: down, activity: 'AlarmEditActivity' },
      { ui: edit('06'), action: saved, activity: 'AlarmEditActivity' },
      { ui: page('闹钟', text('06:00', b(0, 300, 1080, 450))), action: null },
    ]),
  ]);
  const walk = (actions: readonly Action[]): boolean => walkPath(own, actions, [other]).accepted;
  const route = [add, down, down, down, saved];

  it('the recorded routes, and the 07:00 editor stepped twice (past what the other task recorded) then left by Up: accepted', () => {
    expect(walk(route)).toBe(true);
    expect(walk([open, up, ...route])).toBe(true);
    expect(walk([open, down, up, ...route])).toBe(true);
    expect(walk([open, down, down, up, ...route])).toBe(true);
  });

  it('the 07:00 alarm saved stepped, or stepped past what any recording pressed the control at: refused', () => {
    expect(walk([open, down, down, saved])).toBe(false);
    // 07 → 04 is recorded; from 04 no recording pressed −1 h.
    expect(walk([open, down, down, down, down, up, ...route])).toBe(false);
  });
});
