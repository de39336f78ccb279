import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * The app's first page, as the path's launch opens it, stands at its list's top: a swipe that would show what lies above
 * moves nothing (the setup stops the app, and a page opens at its top). Found by exploration on a grown graph: the shop's
 * home, which a grown route had swiped down and back up to (so a swipe also leads to that screen, where both ways
 * count), was taken as scrolled up by a swipe down at launch, and 老花镜 150 度 tapped at its place was read 400 units
 * above it — a right route refused.
 */
const SHOP = 'com.example.app';
const launch: Action = { type: 'LaunchApp', app: SHOP };
const down: Action = { type: 'Swipe', from: { x: 500, y: 700 }, to: { x: 500, y: 300 }, ms: 500 };
const up: Action = { type: 'Swipe', from: { x: 500, y: 300 }, to: { x: 500, y: 700 }, ms: 500 };
const ITEMS = [
  '五常大米',
  '纯牛奶',
  '保温杯',
  '老花镜 150 度',
  '老花镜 250 度',
  '电子血压计',
  '拐杖',
  '按摩仪',
  '收音机',
  '雨伞',
  '围巾',
  '茶叶',
];
const rowAt = (i: number) => b(0, 300 + i * 300, 1080, 600 + i * 300);
/** The home list scrolled by `first` rows (rows of 300 px: 960 px, a 400-unit swipe, is 3.2 rows). */
const home = (first: number) =>
  page(
    '购物',
    n({
      className: 'androidx.recyclerview.widget.RecyclerView',
      resourceId: id('list'),
      scrollable: true,
      bounds: b(0, 300, 1080, 2300),
      children: ITEMS.slice(first, first + 7).map((label, i) => button(label, rowAt(i), { resourceId: id('row') })),
    }),
  );
const launcher = page('桌面', button('购物', b(100, 1800, 300, 2000)));
const product = (name: string) => page(name, button('立即购买', b(40, 2100, 1040, 2250), { resourceId: id('buy') }));
const GLASSES = rowAt(3);

describe("the app's first page at launch stands at its top", () => {
  const g = graphOf([
    demoOf(1, [
      { ui: launcher, action: launch, activity: 'QuickstepLauncher', app: 'com.android.launcher3' },
      { ui: home(0), action: tapAt(GLASSES) },
      { ui: product('老花镜 150 度'), action: null, activity: 'ProductActivity' },
    ]),
    // A route that swiped the list down and back up: a swipe leads to the home's first screen too.
    demoOf(2, [
      { ui: launcher, action: launch, activity: 'QuickstepLauncher', app: 'com.android.launcher3' },
      { ui: home(0), action: down },
      { ui: home(3), action: up },
      { ui: home(0), action: tapAt(GLASSES) },
      { ui: product('老花镜 150 度'), action: null, activity: 'ProductActivity' },
    ]),
  ]);

  it('a swipe up at launch moves nothing: 老花镜 150 度 at its place is 老花镜 150 度', () => {
    const r = walkPath(g, [launch, up, tapAt(GLASSES)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('the row below it, or the list moved down and the same place tapped: not 老花镜 150 度', () => {
    expect(walkPath(g, [launch, up, tapAt(rowAt(4))]).accepted).toBe(false);
    expect(walkPath(g, [launch, down, tapAt(GLASSES)]).accepted).toBe(false);
  });
});
