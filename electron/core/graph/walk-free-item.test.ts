import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, id, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * The item a free choice picked, where another demonstration recorded that very item's page by another route
 * (walk-free-item.ts): one demonstration searched for 纯牛奶 and bought two (+, 立即购买); the other chose 低脂牛奶 from
 * the category's list, marked as a free choice, and put it in the cart. 纯牛奶 picked from the category's list opens its
 * own page, whose + the search's demonstration recorded. (Through the CLI: the "an item of a free choice" cases.)
 */
describe('an item of a free choice whose own page another route recorded', () => {
  const search = b(40, 100, 540, 220);
  const category = b(540, 100, 1040, 220);
  const rowAt = (i: number) => b(0, 300 + i * 160, 1080, 450 + i * 160);
  const plus = b(700, 1800, 1040, 1950);
  const buy = b(540, 2000, 1040, 2150);
  const cart = b(40, 2000, 540, 2150);
  const home = page(
    '商城',
    button('搜索商品', search, { resourceId: id('search') }),
    button('牛奶乳品', category, { resourceId: id('cat') }),
  );
  const list = (title: string, items: string[]) => page(title, ...items.map((t, i) => button(t, rowAt(i), { resourceId: id('item') })));
  const product = (name: string, qty: number) =>
    page(
      name,
      text(`数量 ${qty}`, b(40, 1800, 600, 1950), { resourceId: id('qty') }),
      button('+', plus, { resourceId: id('plus') }),
      button('加入购物车', cart, { resourceId: id('cart') }),
      button('立即购买', buy, { resourceId: id('buy') }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: home, action: tapAt(search) },
      { ui: list('搜索结果', ['纯牛奶 整箱']), action: tapAt(rowAt(0)), activity: 'ResultsActivity' },
      { ui: product('纯牛奶 整箱', 1), action: tapAt(plus), activity: 'ProductActivity' },
      { ui: product('纯牛奶 整箱', 2), action: tapAt(buy), activity: 'ProductActivity' },
      { ui: page('订单已提交'), action: null, activity: 'OrderActivity' },
    ]),
    demoOf(2, [
      { ui: home, action: tapAt(category) },
      { ui: list('牛奶乳品', ['低脂牛奶 整箱', '纯牛奶 整箱']), action: tapAt(rowAt(0)), activity: 'ListActivity', alternatives: 'any' },
      { ui: product('低脂牛奶 整箱', 1), action: tapAt(cart), activity: 'ProductActivity' },
      { ui: page('购物车'), action: null, activity: 'CartActivity' },
    ]),
  ]);
  const path = (item: number, ...then: Action[]) => walkPath(g, [tapAt(category), tapAt(rowAt(item)), ...then]);

  it('纯牛奶 from the category, +, 立即购买: accepted (its own page records the +)', () => {
    const r = path(1, tapAt(plus), tapAt(buy));
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('低脂牛奶 (the item the free choice recorded), +: no page of that item records the + — not accepted', () => {
    expect(path(0, tapAt(plus), tapAt(buy)).accepted).toBe(false);
  });

  it('纯牛奶 from the category, then a recorded action of the free choice’s own page: taken there, as before', () => {
    expect(path(1, tapAt(cart)).accepted).toBe(true);
  });
});
