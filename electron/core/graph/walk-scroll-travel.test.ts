import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { GraphNode } from '../../../shared/domain/task-graph.js';
import {
  UNKNOWN_SCROLL,
  besideRecordedSwipe,
  pastWhatScreensShow,
  recordedShift,
  scrollTravel,
  scrolledAfterMove,
} from './walk-scroll-travel.js';
import type { WalkHow } from './walk-candidate.js';
import type { WalkMove } from './walk-step.js';

const screen = { width: 1080, height: 2400 };
const swipe = (from: number, to: number, ms?: number): Action => ({
  type: 'Swipe',
  from: { x: 500, y: from },
  to: { x: 500, y: to },
  ...(ms ? { ms } : {}),
});
/** A list screen: rows of 240 px (100 normalized) named by city, the first at `top` px. */
const list = (id: string, top: number, cities: readonly string[]): GraphNode =>
  ({
    id,
    controls: cities.map((label, i) => ({ label, bounds: { left: 0, top: top + i * 240, right: 1080, bottom: top + (i + 1) * 240 } })),
  }) as unknown as GraphNode;
const cities = ['北京', '上海', '广州', '深圳', '杭州', '南京', '成都', '武汉', '西安', '重庆', '天津', '苏州', '哈尔滨'];

describe('how far a swipe carries the list beside the demonstration’s', () => {
  it('a swipe travels as far as the finger; a fling (quicker than 200 ms) as far as the phone decides', () => {
    expect(scrollTravel(swipe(700, 300))).toBe(400);
    expect(scrollTravel(swipe(300, 700, 400))).toBe(-400);
    expect(scrollTravel(swipe(700, 300, 150))).toBeNull();
  });

  it("the recorded screens' shift: by the rows both show", () => {
    const top = list('n1', 240, cities);
    expect(recordedShift(top, list('n2', 240 - 1200, cities), screen)).toBe(500);
    expect(recordedShift(top, list('n3', 240, ['x', 'y']), screen)).toBeNull();
  });

  it('a shorter swipe than the demonstration’s leaves the list above its screen; a longer one below', () => {
    const byId = new Map([
      ['n1', list('n1', 240, cities)],
      ['n2', list('n2', 240 - 1200, cities)],
    ]);
    const edge = { action: swipe(750, 250, 400), from: 'n1', to: 'n2' };
    expect(besideRecordedSwipe(swipe(700, 300), edge, byId, screen)).toBe(-100);
    expect(besideRecordedSwipe(swipe(800, 200), edge, byId, screen)).toBe(100);
    expect(besideRecordedSwipe(swipe(750, 250), edge, byId, screen)).toBe(0);
    expect(besideRecordedSwipe(swipe(700, 500, 150), edge, byId, screen)).toBe(UNKNOWN_SCROLL);
  });

  it('where the demonstration’s swipe stopped at the list’s end, a longer one stops there too', () => {
    // The finger travelled 500; the rows moved 300: the end of the list is on the second screen.
    const byId = new Map([
      ['n1', list('n1', 240, cities)],
      ['n2', list('n2', 240 - 720, cities)],
    ]);
    const edge = { action: swipe(750, 250), from: 'n1', to: 'n2' };
    expect(besideRecordedSwipe(swipe(800, 200), edge, byId, screen)).toBe(0);
    expect(besideRecordedSwipe(swipe(700, 500), edge, byId, screen)).toBe(-100);
  });
});

describe('a list swiped down past everything its screens show of it', () => {
  const tall = (top: number, bottom: number) => [{ scrolls: [{ left: 0, top, right: 1080, bottom }] } as unknown as GraphNode];
  it('is lost once nothing the screens show is in view (the phone may have stopped at its end before)', () => {
    // The city list: 231..2274 px, 851 normalized units tall.
    expect(pastWhatScreensShow(980, tall(231, 2274), screen)).toBe(true);
    expect(pastWhatScreensShow(852, tall(231, 2274), screen)).toBe(true);
    expect(pastWhatScreensShow(490, tall(231, 2274), screen)).toBe(false);
    expect(pastWhatScreensShow(10, tall(231, 2274), screen)).toBe(false);
  });
  it('says nothing where the screens show no list (an older graph)', () => {
    expect(pastWhatScreensShow(5000, [{} as GraphNode], screen)).toBe(false);
  });
});

describe('where the list stands after a move the walk took', () => {
  const byId = new Map([
    ['n1', list('n1', 240, cities)],
    ['n2', list('n2', 240 - 1200, cities)],
  ]);
  const taken = (how: WalkHow, edge: unknown = null) =>
    ({ edge, result: { matched: true, distancePx: 0, similarity: null, rule: null, reason: '' }, how }) as WalkMove['taken'];
  const back: Action = { type: 'Back' };

  it('Back that hid the keyboard on a list scrolled where no demonstration scrolled: no screen says where it stands', () => {
    // The city list swiped twice with the keyboard up (853 down), then Back: the list settles back to its new end.
    expect(scrolledAfterMove(980, back, taken('keyboard'), false, byId, screen)).toBe(UNKNOWN_SCROLL);
    expect(scrolledAfterMove(-300, back, taken('keyboard'), false, byId, screen)).toBe(UNKNOWN_SCROLL);
  });
  it('Back that hid the keyboard on a list as its screen shows it leaves it there', () => {
    expect(scrolledAfterMove(0, back, taken('keyboard'), false, byId, screen)).toBe(0);
    expect(scrolledAfterMove(5, back, taken('keyboard'), false, byId, screen)).toBe(5);
  });
  it('another page shows its list as its screen does; a tab keeps the page’s own', () => {
    expect(scrolledAfterMove(400, back, taken('back'), true, byId, screen)).toBe(0);
    expect(scrolledAfterMove(400, { type: 'Tap', at: { x: 100, y: 950 } }, taken('tab'), true, byId, screen)).toBe(400);
    expect(scrolledAfterMove(400, back, null, false, byId, screen)).toBe(400);
  });
  it('a recorded swipe of another length leaves the list beside the screen it recorded', () => {
    const edge = { action: swipe(750, 250, 400), from: 'n1', to: 'n2' };
    expect(scrolledAfterMove(0, swipe(800, 200), taken('edge', edge), true, byId, screen)).toBe(100);
  });
});
