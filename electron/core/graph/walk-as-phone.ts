import type { Action } from '../../../shared/domain/action.js';
import type { Bounds, ScreenSize } from '../../../shared/domain/ui-node.js';
import type { GraphNode } from '../../../shared/domain/task-graph.js';
import { gestureAsTaps, sidewaysSwipe } from './walk-gesture.js';
import type { KeyboardTap } from './walk-keyboard.js';
import { keyboardTap, keyboardUnder } from './walk-keyboard.js';
import { longPressAsTap, offSwipeable, scrollDelta } from './walk-view.js';

type SwipeAction = Extract<Action, { type: 'Swipe' }>;

/** Where the walk stands when an action comes: on a recorded page, on one no demonstration recorded, on another task's, off the app. */
export type WalkWhere = 'page' | 'away' | 'abroad' | 'off-app';

/** What the walk knows of where it stands, for what a phone makes of an action (read lazily: most actions need none of it). */
export interface PhoneFacts {
  screen: ScreenSize;
  where: WalkWhere;
  /** The walk stands on recorded nodes (not on content no screen shows). */
  onNodes: boolean;
  /** Some demonstration of the task double-tapped: the graph knows the gesture itself. */
  recordsDoubleTap: boolean;
  /** The swipes recorded out of where the walk stands (a page's own sideways swipe; where its recorded scrolls start). */
  recordedSwipes: () => readonly SwipeAction[];
  /** The sliders the page's recorded taps set (walk-gesture.ts). */
  sliders: () => readonly Bounds[];
  /** The screens the walk stands on, and every screen of its page (walk-keyboard.ts). */
  screens: () => readonly (GraphNode | undefined)[];
  pageScreens: () => readonly GraphNode[];
  /** Other tasks' recordings of the page the walk stands on (walk-app-pages.ts): how far the keyboard lifts its foot. */
  samePageElsewhere: () => readonly GraphNode[];
  /** Recordings of any page with the keyboard up (walk-app-pages.ts keyboardScreens): where the device's keyboard stands. */
  keyboardAnywhere: () => readonly GraphNode[];
  keyboardUp: boolean;
  /** The keyboard is up because a tap raised it (the phone shows it then). */
  raisedByTap: boolean;
  /** A tap already moved to where a control stood above the keyboard is being taken: not moved again. */
  keyboardMoved: boolean;
  /** Whether a recorded tap out of where the walk stands, made at this very point, pressed the control labelled so. */
  recordedPress: (action: Action, label: string) => boolean;
}

/** What the phone makes of an action, for the walk to take in its place. */
export type PhoneTake =
  /** The taps a gesture is, one after the other; `what` says what the gesture was. */
  | { kind: 'taps'; taps: readonly Action[]; what: string }
  /** Another action, taken as the walk takes any; `why` (if any) says what the action was. */
  | { kind: 'as'; action: Action; why: string | null; byKeyboard: boolean }
  | { kind: 'refused'; reason: string }
  /** Nothing moves. */
  | { kind: 'still'; reason: string };

/**
 * What a phone makes of an action before any page's recorded moves weigh it: a double tap or a swipe too short to
 * scroll is taps (anywhere: the second tap lands on what the first opened); on a recorded page, a swipe that starts on
 * the keyboard moves nothing, a sideways swipe sets the slider it starts on or moves nothing, a swipe started off what
 * scrolls moves nothing, and a tap where the keyboard stands otherwise than on the recorded screens is read where the
 * phone has it (walk-keyboard.ts); a long press on what takes only a tap is a tap (found by hand set G: 安装
 * long-pressed installed). Null: the action is what it says, for the walk's other rules.
 */
export function asThePhoneTakesIt(action: Action, f: PhoneFacts): PhoneTake | null {
  const taps = f.recordsDoubleTap && action.type === 'DoubleTap' ? null : gestureAsTaps(action, f.screen);
  if (taps) {
    const what = action.type === 'DoubleTap' ? 'a double tap: two taps' : `a swipe shorter than the touch slop: a ${taps.at(-1)!.type}`;
    return { kind: 'taps', taps, what };
  }
  if (f.where === 'page' && f.onNodes) {
    const gesture =
      onTheKeyboard(action, f) ?? sideways(action, f) ?? offTheList(action, f) ?? (f.keyboardMoved ? null : aroundTheKeyboard(action, f));
    if (gesture) return gesture;
  }
  if ((f.where === 'page' || f.where === 'off-app') && f.onNodes && action.type === 'LongPress') {
    const tap = longPressAsTap(f.screens(), action, f.screen);
    if (tap) return { kind: 'as', action: tap, why: null, byKeyboard: false };
  }
  return null;
}

/** A sideways swipe no demonstration made here: a slider it starts on set, or nothing moved (walk-gesture.ts). */
function sideways(action: Action, f: PhoneFacts): PhoneTake | null {
  if (action.type !== 'Swipe' || f.recordedSwipes().some((s) => scrollDelta(s) === null)) return null;
  const swipe = sidewaysSwipe(action, f.sliders(), (at) => keyboardAsShown(f) && offSwipeable(f.screens(), at, f.screen), f.screen);
  if (swipe?.kind === 'slide')
    return { kind: 'as', action: swipe.tap, why: 'a sideways swipe on a slider: the value where it ends', byKeyboard: false };
  if (swipe?.kind === 'nothing')
    return { kind: 'still', reason: 'a sideways swipe where nothing scrolls, slides or switches: nothing moves' };
  return null;
}

/**
 * Whether the screens the walk stands on show the keyboard as the phone has it: it shortens what scrolls (Back hid it,
 * and the list reaches the page's foot again, below where screens recorded with it up end their list).
 */
const keyboardAsShown = (f: PhoneFacts): boolean => {
  // Typing with the focus kept (after Back from a page) leaves the keyboard down on a phone: it is up where a tap raised it.
  const up = f.keyboardUp && f.raisedByTap;
  return f.screens().every((n) => (n?.keyboard === true) === up);
};

/**
 * A swipe up or down that starts off everything that scrolls, slides or switches on every screen the walk stands on (the
 * app bar, the navigation bar below the list): the phone moves nothing, whichever way the finger went. Not where a
 * recorded swipe out of here starts off them too: there the screens do not say where the page scrolls. Found by hand
 * set M: a swipe from below the city list taken as the demonstration's scroll, and the tap after it read on the list
 * scrolled. Not where the keyboard stands otherwise than on the screens (exploration: Back hid it, and a swipe below
 * where the screens recorded with it up ended their list scrolled the app store's home).
 */
function offTheList(action: Action, f: PhoneFacts): PhoneTake | null {
  if (action.type !== 'Swipe' || scrollDelta(action) === null) return null;
  if (!keyboardAsShown(f)) return null;
  const startsOff = (s: SwipeAction): boolean => offSwipeable(f.screens(), { type: 'Tap', at: s.from }, f.screen);
  if (!startsOff(action) || f.recordedSwipes().some(startsOff)) return null;
  return { kind: 'still', reason: 'a swipe started off everything that scrolls (below or above the list): nothing moves' };
}

/**
 * A swipe that starts on the on-screen keyboard, where a tap raised it (walk-keyboard.ts keyboardUnder): the keyboard
 * takes the finger, and the page under it does not scroll. Found in the twenty-second session: the app store's search
 * box tapped, a swipe from where the keyboard stood read as the recorded scroll of the list (the screens, recorded with
 * the keyboard down, show the list there), and the tap after it on the list scrolled. (Refusing it as typing what no
 * demonstration typed refused 16 right paths of exploration: a keyboard flicked up types nothing.)
 */
function onTheKeyboard(action: Action, f: PhoneFacts): PhoneTake | null {
  if (action.type !== 'Swipe' || !(f.keyboardUp && f.raisedByTap)) return null;
  if (!keyboardUnder(action.from, f.pageScreens(), f.samePageElsewhere, f.screen, f.keyboardAnywhere)) return null;
  return { kind: 'still', reason: 'a swipe started on the on-screen keyboard: the keyboard takes it, the page does not move' };
}

/** What the phone's keyboard makes of a tap where the walk stands (walk-keyboard.ts). */
const phoneKeyboardTap = (action: Action, f: PhoneFacts): KeyboardTap | null =>
  keyboardTap(
    action,
    f.keyboardUp && f.raisedByTap,
    f.keyboardUp,
    f.screens(),
    f.pageScreens(),
    f.screen,
    f.keyboardUp && f.raisedByTap ? f.samePageElsewhere() : [],
    f.keyboardAnywhere,
  );

/** A tap where the keyboard stands otherwise than on the recorded screens (walk-keyboard.ts). */
function aroundTheKeyboard(action: Action, f: PhoneFacts): PhoneTake | null {
  const tap = phoneKeyboardTap(action, f);
  if (tap === null) return null;
  if (tap.kind === 'key')
    return { kind: 'refused', reason: 'a key of the on-screen keyboard tapped by place: what it types or deletes, no demonstration did' };
  // A demonstration pressed that very control at this very point from here (the tab risen over the keyboard it had
  // raised): its recording is what the phone does with the tap as it is — taken as recorded, not moved to where the
  // control stands with the keyboard down, where no recording pressed it from here (a graph grown from exploration's
  // routes: the music library's search box, then 最近播放 risen over the keyboard, did not replay).
  if (tap.kind === 'moved' && f.recordedPress(action, tap.label)) return null;
  if (tap.kind === 'left')
    return {
      kind: 'refused',
      reason:
        'the keyboard is down: what stood above it has dropped to the foot of the page, and what is here now no recorded screen shows',
    };
  return {
    kind: 'as',
    action: tap.tap,
    why: 'the keyboard is down: the control that stood above it, at the foot of the page',
    byKeyboard: true,
  };
}
