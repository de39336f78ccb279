import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { GraphNode } from '../../../shared/domain/task-graph.js';
import type { PhoneFacts } from './walk-as-phone.js';
import { asThePhoneTakesIt } from './walk-as-phone.js';

const facts = (over: Partial<PhoneFacts> = {}): PhoneFacts => ({
  screen: { width: 1080, height: 2400 },
  where: 'page',
  onNodes: true,
  recordsDoubleTap: false,
  recordedSwipes: () => [],
  sliders: () => [],
  screens: () => [],
  pageScreens: () => [],
  samePageElsewhere: () => [],
  keyboardUp: false,
  raisedByTap: false,
  keyboardMoved: false,
  ...over,
});
const doubleTap: Action = { type: 'DoubleTap', at: { x: 500, y: 500 } };
const sideways: Action = { type: 'Swipe', from: { x: 200, y: 500 }, to: { x: 800, y: 500 }, ms: 300 };

describe('what a phone makes of an action before the page weighs it', () => {
  it('a double tap is two taps wherever the walk stands, unless a demonstration double-tapped', () => {
    for (const where of ['page', 'away', 'abroad', 'off-app'] as const)
      expect(asThePhoneTakesIt(doubleTap, facts({ where }))).toMatchObject({ kind: 'taps', taps: [{ type: 'Tap' }, { type: 'Tap' }] });
    expect(asThePhoneTakesIt(doubleTap, facts({ recordsDoubleTap: true }))).toBeNull();
  });

  it('a swipe held still is a long press; a quick one a tap', () => {
    const still = (ms: number): Action => ({ type: 'Swipe', from: { x: 500, y: 500 }, to: { x: 502, y: 501 }, ms });
    expect(asThePhoneTakesIt(still(600), facts())).toMatchObject({ kind: 'taps', taps: [{ type: 'LongPress' }] });
    expect(asThePhoneTakesIt(still(100), facts())).toMatchObject({ kind: 'taps', taps: [{ type: 'Tap' }] });
  });

  it('a sideways swipe on a slider sets it where it ends; only on a recorded page the walk stands on', () => {
    const slider = { left: 100, top: 1150, right: 980, bottom: 1250 };
    const on: Action = { type: 'Swipe', from: { x: 200, y: 500 }, to: { x: 900, y: 500 }, ms: 300 };
    expect(asThePhoneTakesIt(on, facts({ sliders: () => [slider] }))).toMatchObject({
      kind: 'as',
      action: { type: 'Tap' },
      byKeyboard: false,
    });
    expect(asThePhoneTakesIt(on, facts({ sliders: () => [slider], where: 'away' }))).toBeNull();
    expect(asThePhoneTakesIt(on, facts({ sliders: () => [slider], onNodes: false }))).toBeNull();
    expect(
      asThePhoneTakesIt(
        on,
        facts({ sliders: () => [slider], recordedSwipes: () => [{ type: 'Swipe', from: { x: 100, y: 500 }, to: { x: 900, y: 500 } }] }),
      ),
    ).toBeNull();
  });

  it('a sideways swipe where no screen shows anything that scrolls, slides or switches: nothing moves', () => {
    const list = { left: 0, top: 1500, right: 1080, bottom: 2000 };
    const screens = (scrolls: unknown[]) => () => [{ scrolls, toggles: [] } as unknown as GraphNode];
    expect(asThePhoneTakesIt(sideways, facts({ screens: screens([]) }))).toMatchObject({ kind: 'still' });
    expect(asThePhoneTakesIt(sideways, facts({ screens: screens([list]) }))).toMatchObject({ kind: 'still' });
    expect(asThePhoneTakesIt(sideways, facts({ screens: screens([{ ...list, top: 1000 }]) }))).toBeNull();
    expect(asThePhoneTakesIt(sideways, facts({ screens: screens([]), where: 'abroad' }))).toBeNull();
    expect(asThePhoneTakesIt(sideways, facts())).toBeNull();
  });

  it('a swipe up or down started off everything that scrolls moves nothing; inside the list it is for the page to weigh', () => {
    const list = { left: 0, top: 231, right: 1080, bottom: 2274 };
    const screens = () => [{ scrolls: [list], toggles: [] } as unknown as GraphNode];
    const up = (y: number): Action => ({ type: 'Swipe', from: { x: 500, y }, to: { x: 500, y: y - 600 }, ms: 400 });
    expect(asThePhoneTakesIt(up(950), facts({ screens }))).toMatchObject({ kind: 'still' });
    expect(asThePhoneTakesIt(up(750), facts({ screens }))).toBeNull();
    // Where a recorded scroll starts off what the screens say scrolls, they do not say where the page scrolls.
    const recordedOff = () => [{ type: 'Swipe', from: { x: 500, y: 960 }, to: { x: 500, y: 400 } }] as const;
    expect(asThePhoneTakesIt(up(950), facts({ screens, recordedSwipes: recordedOff }))).toBeNull();
    // The screens recorded with the keyboard up, the phone's keyboard down (Back hid it): the list reaches lower there.
    const withKeyboard = () => [{ scrolls: [{ ...list, bottom: 1500 }], toggles: [], keyboard: true } as unknown as GraphNode];
    expect(asThePhoneTakesIt(up(700), facts({ screens: withKeyboard }))).toBeNull();
    expect(asThePhoneTakesIt(up(700), facts({ screens: withKeyboard, keyboardUp: true, raisedByTap: true }))).toMatchObject({
      kind: 'still',
    });
    // Unknown scroll areas (an older graph), or off the recorded pages: not for this rule.
    expect(asThePhoneTakesIt(up(950), facts())).toBeNull();
    expect(asThePhoneTakesIt(up(950), facts({ screens, where: 'away' }))).toBeNull();
  });

  it('a tap or a long press with nothing recorded about them is what it says', () => {
    expect(asThePhoneTakesIt({ type: 'Tap', at: { x: 500, y: 500 } }, facts())).toBeNull();
    expect(asThePhoneTakesIt({ type: 'LongPress', at: { x: 500, y: 500 } }, facts({ where: 'away' }))).toBeNull();
  });
});
