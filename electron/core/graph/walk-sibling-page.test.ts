import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, id, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, taskGraphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * Two cases of milk, each of two items bought by one demonstration: 纯牛奶 with + and then 立即购买, 低脂牛奶 put into the
 * cart twice and checked out from the cart. A path that steps 低脂牛奶's count as 纯牛奶's page records + and then
 * presses 立即购买 there buys two boxes of the low-fat milk on the phone — the way off 纯牛奶's page recorded with the count
 * at 2. Found by held-out set BF (the category, 低脂牛奶, +, +, −, 立即购买, 提交订单: refused as acting with a count no
 * route of the page was taken with). Not with another count than that recording's, nor on a page a demonstration only
 * looked at (the glasses), nor where no sibling recorded the press.
 */
describe("a way off recorded on a sibling page of this task's, laid out as the path's page", () => {
  const rows = { milk: b(0, 300, 1080, 450), lowfat: b(0, 450, 1080, 600), glasses: b(0, 600, 1080, 750) };
  const minus = b(40, 1800, 500, 1950);
  const plus = b(580, 1800, 1040, 1950);
  const cartButton = b(40, 2000, 540, 2150);
  const buy = b(540, 2000, 1040, 2150);
  const cartIcon = b(900, 80, 1040, 220);
  const checkout = b(540, 2200, 1040, 2350);
  const submit = b(540, 2200, 1040, 2350);
  const home = page(
    '购物',
    button('纯牛奶', rows.milk, { resourceId: id('item') }),
    button('低脂牛奶', rows.lowfat, { resourceId: id('item') }),
    button('眼镜', rows.glasses, { resourceId: id('item') }),
  );
  const product = (name: string, qty: number, inCart: number) =>
    page(
      name,
      button(`购物车 ${inCart}`, cartIcon, { resourceId: id('cart_icon') }),
      text(`数量 ${qty}`, b(40, 1600, 1040, 1750), { resourceId: id('qty') }),
      button('−', minus, { resourceId: id('minus') }),
      button('+', plus, { resourceId: id('plus') }),
      button('加入购物车', cartButton, { resourceId: id('cart') }),
      button('立即购买', buy, { resourceId: id('buy') }),
    );
  const confirm = page('确认订单', text('共 2 件', b(40, 300, 1040, 450)), button('提交订单', submit, { resourceId: id('submit') }));
  const cart = page('购物车', text('共 2 件', b(40, 300, 1040, 450)), button('去结算', checkout, { resourceId: id('checkout') }));
  const done = page('订单详情', text('已下单', b(40, 300, 1040, 450)));
  const [P, C, O] = ['ProductActivity', 'CheckoutActivity', 'OrderActivity'];
  const own = taskGraphOf('milk-two', [
    demoOf(1, [
      { ui: home, action: tapAt(rows.glasses) },
      { ui: product('眼镜', 1, 0), action: { type: 'Back' }, activity: P },
      { ui: home, action: tapAt(rows.milk) },
      { ui: product('纯牛奶', 1, 0), action: tapAt(plus), activity: P },
      { ui: product('纯牛奶', 2, 0), action: tapAt(buy), activity: P },
      { ui: confirm, action: tapAt(submit), activity: C },
      { ui: done, action: null, activity: O },
    ]),
    demoOf(2, [
      { ui: home, action: tapAt(rows.lowfat) },
      { ui: product('低脂牛奶', 1, 0), action: tapAt(cartButton), activity: P },
      { ui: product('低脂牛奶', 1, 1), action: tapAt(cartButton), activity: P },
      { ui: product('低脂牛奶', 1, 2), action: tapAt(cartIcon), activity: P },
      { ui: cart, action: tapAt(checkout), activity: 'CartActivity' },
      { ui: confirm, action: tapAt(submit), activity: C },
      { ui: done, action: null, activity: O },
    ]),
  ]);
  const walk = (actions: readonly Action[]): boolean => walkPath(own, actions, []).accepted;
  const [lowfat, glasses, up, down, bought, submitted] = [
    tapAt(rows.lowfat),
    tapAt(rows.glasses),
    tapAt(plus),
    tapAt(minus),
    tapAt(buy),
    tapAt(submit),
  ];

  it('the recorded routes stand', () => {
    expect(walk([tapAt(rows.milk), up, bought, submitted])).toBe(true);
    expect(walk([lowfat, tapAt(cartButton), tapAt(cartButton), tapAt(cartIcon), tapAt(checkout), submitted])).toBe(true);
  });

  it('低脂牛奶 stepped to 2 as 纯牛奶 records +, then 立即购买 as 纯牛奶 records it with 2: accepted', () => {
    expect(walk([lowfat, up, bought, submitted])).toBe(true);
    expect(walk([lowfat, up, up, down, bought, submitted])).toBe(true);
  });

  it('another count than the sibling pressed it with, a page only looked at, or no count stepped: refused', () => {
    expect(walk([lowfat, up, up, bought, submitted])).toBe(false);
    expect(walk([lowfat, bought, submitted])).toBe(false);
    expect(walk([glasses, up, bought, submitted])).toBe(false);
  });
});
