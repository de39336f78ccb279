import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A city list swiped by two lengths: a person's swipe of 500 units (ten rows) and exploration's of 400 (eight rows).
 * The two visits are one node (the list one swipe down), whose representative is the person's; each picked 哈尔滨
 * where its own screen showed it. After the person's longer swipe the place exploration tapped shows another city.
 */
const CITIES = [
  '北京',
  '上海',
  '广州',
  '深圳',
  '南京',
  '杭州',
  '成都',
  '重庆',
  '武汉',
  '西安',
  '天津',
  '苏州',
  '哈尔滨',
  '长沙',
  '郑州',
  '青岛',
  '大连',
  '厦门',
  '昆明',
  '沈阳',
  '济南',
  '福州',
  '合肥',
  '南昌',
  '太原',
  '石家庄',
  '兰州',
  '贵阳',
];
const rowAt = (i: number) => b(0, 300 + i * 120, 1080, 420 + i * 120);
/** The list showing from its `first` city. */
const cities = (first: number) =>
  page(
    '城市管理',
    n({
      className: 'androidx.recyclerview.widget.RecyclerView',
      resourceId: id('cities'),
      scrollable: true,
      bounds: b(0, 300, 1080, 2200),
      children: CITIES.slice(first, first + 15).map((label, i) => button(label, rowAt(i), { resourceId: id('city') })),
    }),
  );
const weather = (city: string) => page(city, button('城市管理', b(900, 100, 1060, 200), { resourceId: id('manage') }));
const swipe = (units: number): Action => ({ type: 'Swipe', from: { x: 500, y: 750 }, to: { x: 500, y: 750 - units }, ms: 400 });
const harbin = (first: number) => rowAt(CITIES.indexOf('哈尔滨') - first);

/** The people's route: one swipe of 500 units, then 哈尔滨 where their screen shows it. */
const people = demoOf(1, [
  { ui: cities(0), action: swipe(500) },
  { ui: cities(10), action: tapAt(harbin(10)) },
  { ui: weather('哈尔滨'), action: null, activity: 'MainActivity' },
]);

describe("a tap read where its node's representative screen shows what it pressed", () => {
  const g = graphOf([
    people,
    demoOf(2, [
      { ui: cities(0), action: swipe(400) },
      { ui: cities(8), action: tapAt(harbin(8)) },
      { ui: weather('哈尔滨'), action: null, activity: 'MainActivity' },
    ]),
  ]);

  it('the builder stores how far the shorter swipe left the list from the representative', () => {
    const taps = g.edges.filter((e) => e.action.type === 'Tap');
    expect(taps.map((e) => e.listShift ?? 0).sort((x, y) => x - y)).toEqual([-240, 0]);
  });

  it('each demonstration replays: its own swipe, 哈尔滨 where its screen showed it', () => {
    expect(walkPath(g, [swipe(500), tapAt(harbin(10))]).accepted).toBe(true);
    expect(walkPath(g, [swipe(400), tapAt(harbin(8))]).accepted).toBe(true);
  });

  it("the longer swipe, then the place the shorter one's 哈尔滨 stood (郑州 there): refused", () => {
    const r = walkPath(g, [swipe(500), tapAt(harbin(8))]);
    expect(r.accepted).toBe(false);
  });

  it("the shorter swipe, then the place the longer one's 哈尔滨 stood (天津 there): refused", () => {
    expect(walkPath(g, [swipe(400), tapAt(harbin(10))]).accepted).toBe(false);
  });
});

describe('a swipe recorded from where the shorter swipe left the list, taken from there', () => {
  // Exploration swiped 400 twice and picked 兰州; the people's 500 makes the node's screen one swipe down. After
  // exploration's first swipe the walk stands 100 units above that screen — where exploration's own second swipe began.
  const target = CITIES.indexOf('兰州');
  const g = graphOf([
    people,
    demoOf(2, [
      { ui: cities(0), action: swipe(400) },
      { ui: cities(8), action: swipe(400) },
      { ui: cities(16), action: tapAt(rowAt(target - 16)) },
      { ui: weather('兰州'), action: null, activity: 'MainActivity' },
    ]),
  ]);

  it('the builder stores where the second swipe began beside the node’s screen', () => {
    const second = g.edges.filter((e) => e.action.type === 'Swipe').find((e) => e.uses.some(([d, t]) => d === 2 && t === 1));
    expect(second?.listShift).toBe(-240);
  });

  it('exploration’s route replays: two short swipes, 兰州', () => {
    const r = walkPath(g, [swipe(400), swipe(400), tapAt(rowAt(target - 16))]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('the longer swipe, then a short one, then 兰州’s recorded place (the list two rows further: 南宁 there): refused', () => {
    expect(walkPath(g, [swipe(500), swipe(400), tapAt(rowAt(target - 16))]).accepted).toBe(false);
  });
});
