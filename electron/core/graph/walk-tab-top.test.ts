import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import { withScrollDepth } from './scroll-depth.js';

/**
 * A page an app rebuilds when it is come back to by its tab: the shop's home list, scrolled two screens down, then the
 * cart's tab, then 首页 — the list shows from its top again, and the parcel card at its head is tapped. A route
 * exploration found and `graph accept-routes` recorded; the graph grown from it did not replay it (the list counted as
 * still scrolled, the tab taken to the page as the path had left it), and its probe called the graph not valid.
 */
const down: Action = { type: 'Swipe', from: { x: 500, y: 1500 }, to: { x: 500, y: 700 }, ms: 400 };
const ITEMS = ['您的包裹正在派送', '五常大米', '纯牛奶', '老花镜', '保温杯', '电子血压计', '拐杖', '按摩仪', '收音机'];
const rowAt = (i: number) => b(0, 300 + i * 300, 1080, 600 + i * 300);
const homeTab = b(0, 2200, 540, 2350);
const cartTab = b(540, 2200, 1080, 2350);
const tabs = (on: string) =>
  ['首页', '购物车'].map((l, i) => button(l, [homeTab, cartTab][i]!, { resourceId: id(`tab${i}`), selected: l === on }));
/** The home list scrolled by `first` rows. */
const home = (first: number) =>
  page(
    '购物',
    n({
      className: 'androidx.recyclerview.widget.RecyclerView',
      resourceId: id('list'),
      scrollable: true,
      bounds: b(0, 300, 1080, 2200),
      children: ITEMS.slice(first, first + 6).map((label, i) => button(label, rowAt(i), { resourceId: id('row') })),
    }),
    ...tabs('首页'),
  );
const cart = () => page('购物车', button('去结算', b(40, 1900, 1040, 2050), { resourceId: id('checkout') }), ...tabs('购物车'));
const parcel = () => page('订单详情', button('查看物流', b(40, 600, 1040, 730), { resourceId: id('track') }));

/** The grown route: the list scrolled two screens, the cart's tab, 首页 — the list from its top — and the parcel card. */
const byTab = demoOf(2, [
  { ui: home(0), action: down },
  { ui: home(2), action: down },
  { ui: home(4), action: tapAt(cartTab) },
  { ui: cart(), action: tapAt(homeTab) },
  { ui: home(0), action: tapAt(rowAt(0)) },
  { ui: parcel(), action: null, activity: 'OrderActivity' },
]);

describe('a list come back to by its tab, shown from its top again', () => {
  const g = graphOf([
    demoOf(1, [
      { ui: home(0), action: tapAt(rowAt(0)) },
      { ui: parcel(), action: null, activity: 'OrderActivity' },
    ]),
    byTab,
  ]);

  it('the demonstration replays on its own graph', () => {
    const r = walkPath(g, [down, down, tapAt(cartTab), tapAt(homeTab), tapAt(rowAt(0))]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('the list scrolled and the first row tapped there, without the tab: another item, refused', () => {
    expect(walkPath(g, [down, down, tapAt(rowAt(0))]).accepted).toBe(false);
  });
});

describe("the list's scroll position where the page is come back to", () => {
  const depths = (steps: readonly { content?: { key: string; value: string }[] }[]) =>
    steps.map((s) => s.content?.find((c) => c.key.endsWith('scroll-position'))?.value ?? null);

  it('by its tab, showing its top again: at the top; by Back, showing where it was left: as left', () => {
    expect(depths(withScrollDepth([byTab])[0]!.steps)).toEqual(['top', '↓1', '↓2', null, 'top', null]);
    const byBack = demoOf(3, [
      { ui: home(0), action: down },
      { ui: home(2), action: down },
      { ui: home(4), action: tapAt(rowAt(1)) },
      { ui: parcel(), action: { type: 'Back' } },
      { ui: home(4), action: tapAt(rowAt(0)) },
      { ui: parcel(), action: null, activity: 'OrderActivity' },
    ]);
    expect(depths(withScrollDepth([byBack])[0]!.steps)).toEqual(['top', '↓1', '↓2', null, '↓2', null]);
  });
});
