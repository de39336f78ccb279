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
  keyboardAnywhere: () => [],
  keyboardUp: false,
  raisedByTap: false,
  keyboardMoved: false,
  recordedPress: () => false,
  ...over,
});
/** A screen recorded with the keyboard up: its list ends at `listBottom` px, and it lets one press `pressable`. */
const keyboardUpScreen = (listBottom: number, pressable: readonly object[]): GraphNode =>
  ({ keyboard: true, scrolls: [{ left: 0, top: 231, right: 1080, bottom: listBottom }], controls: [], pressable }) as unknown as GraphNode;
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

  it('a swipe started on the keyboard a tap raised moves nothing, however the screens the walk stands on show the list', () => {
    // The app store's home: recorded with the keyboard down, its list reaches the navigation bar; recorded with it up
    // (the query typed), the list ends at 1,591 px, above the keyboard.
    const downList = () => [{ scrolls: [{ left: 0, top: 231, right: 1080, bottom: 2274 }], toggles: [] } as unknown as GraphNode];
    const upScreen = keyboardUpScreen(1591, [
      { left: 0, top: 1523, right: 1080, bottom: 1591 },
      { left: 0, top: 0, right: 1080, bottom: 63 },
      { left: 0, top: 2274, right: 1080, bottom: 2400 },
    ]);
    const up = (y: number): Action => ({ type: 'Swipe', from: { x: 500, y }, to: { x: 500, y: y - 500 }, ms: 400 });
    const raised = { screens: downList, pageScreens: () => [upScreen], keyboardUp: true, raisedByTap: true };
    expect(asThePhoneTakesIt(up(900), facts(raised))).toMatchObject({ kind: 'still', reason: /on-screen keyboard/ });
    // Above the keyboard: the list, for the page to weigh.
    expect(asThePhoneTakesIt(up(600), facts(raised))).toBeNull();
    // Down on the phone (Back hid it), or up while typing with the focus kept (the phone has it down): the list.
    expect(asThePhoneTakesIt(up(900), facts({ ...raised, keyboardUp: false, raisedByTap: false }))).toBeNull();
    expect(asThePhoneTakesIt(up(900), facts({ ...raised, raisedByTap: false }))).toBeNull();
    // Where only another task recorded the page with the keyboard up, its recording says where the keyboard begins.
    expect(asThePhoneTakesIt(up(900), facts({ ...raised, pageScreens: () => [], samePageElsewhere: () => [upScreen] }))).toMatchObject({
      kind: 'still',
    });
    // No recording of the page with the keyboard up: where it begins, nothing says.
    expect(asThePhoneTakesIt(up(900), facts({ ...raised, pageScreens: () => [] }))).toBeNull();
  });

  it('a tap on the keyboard a tap raised, where no control of the page moves with it, is a key (store-card-game: 欢乐斗地主 under it)', () => {
    const downList = () => [
      { scrolls: [{ left: 0, top: 231, right: 1080, bottom: 2274 }], toggles: [], controls: [] } as unknown as GraphNode,
    ];
    const upScreen = keyboardUpScreen(1591, [
      { left: 0, top: 1523, right: 1080, bottom: 1591 },
      { left: 0, top: 2274, right: 1080, bottom: 2400 },
    ]);
    const tap = (y: number): Action => ({ type: 'Tap', at: { x: 500, y } });
    const raised = { screens: downList, pageScreens: () => [upScreen], keyboardUp: true, raisedByTap: true };
    expect(asThePhoneTakesIt(tap(909), facts(raised))).toMatchObject({ kind: 'refused', reason: /key of the on-screen keyboard/ });
    expect(asThePhoneTakesIt(tap(600), facts(raised))).toBeNull();
    expect(asThePhoneTakesIt(tap(909), facts({ ...raised, keyboardUp: false, raisedByTap: false }))).toBeNull();
  });

  it('where no recording of the page has the keyboard up, the device’s keyboard stands where other pages show it', () => {
    // The taxi page's destination box tapped: where its tab bar stood (首页 at 917) is under the keyboard on the phone.
    const taxi = () => [
      {
        scrolls: [],
        toggles: [],
        controls: [{ label: '首页', bounds: { left: 0, top: 2127, right: 540, bottom: 2274 } }],
        pressable: [
          { left: 0, top: 2127, right: 540, bottom: 2274 },
          { left: 0, top: 2274, right: 1080, bottom: 2400 },
        ],
      } as unknown as GraphNode,
    ];
    // A chat thread recorded with the keyboard up: its message box sits right on the keyboard (1,591 px).
    const chat = keyboardUpScreen(1455, [
      { left: 0, top: 1455, right: 1080, bottom: 1591 },
      { left: 0, top: 2274, right: 1080, bottom: 2400 },
    ]);
    const tap = (y: number): Action => ({ type: 'Tap', at: { x: 250, y } });
    const raised = { screens: taxi, pageScreens: taxi, keyboardUp: true, raisedByTap: true, keyboardAnywhere: () => [chat] };
    expect(asThePhoneTakesIt(tap(917), facts(raised))).toMatchObject({ kind: 'refused', reason: /key of the on-screen keyboard/ });
    expect(asThePhoneTakesIt({ type: 'Swipe', from: { x: 500, y: 900 }, to: { x: 500, y: 400 }, ms: 400 }, facts(raised))).toMatchObject({
      kind: 'still',
    });
    // The tab bar risen above the keyboard (its foot at the keyboard's top, 1,591 px): 首页 where the phone shows it.
    expect(asThePhoneTakesIt(tap(632), facts(raised))).toMatchObject({ kind: 'as', action: { type: 'Tap', at: { y: 917.083 } } });
    // Above it, or with no recording of any page with the keyboard up: for the page to weigh.
    expect(asThePhoneTakesIt(tap(550), facts(raised))).toBeNull();
    expect(asThePhoneTakesIt(tap(917), facts({ ...raised, keyboardAnywhere: () => [] }))).toBeNull();
    // A demonstration pressed 首页 at that very point from here, the keyboard up (a graph grown from exploration's
    // routes: the search box, then the tab risen over the keyboard): its recorded press takes the tap as it is. Another
    // control recorded there (a row a recording tapped with the keyboard down) does not.
    const pressed = (label: string) => facts({ ...raised, recordedPress: (_a, l) => l === label });
    expect(asThePhoneTakesIt(tap(632), pressed('首页'))).toBeNull();
    expect(asThePhoneTakesIt(tap(632), pressed('附近的车'))).toMatchObject({ kind: 'as', action: { type: 'Tap', at: { y: 917.083 } } });
  });

  it('a tap or a long press with nothing recorded about them is what it says', () => {
    expect(asThePhoneTakesIt({ type: 'Tap', at: { x: 500, y: 500 } }, facts())).toBeNull();
    expect(asThePhoneTakesIt({ type: 'LongPress', at: { x: 500, y: 500 } }, facts({ where: 'away' }))).toBeNull();
  });
});
