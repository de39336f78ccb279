import type { Action } from '../../../shared/domain/action.js';
import type { GraphNode } from '../../../shared/domain/task-graph.js';
import type { Bounds, ScreenSize } from '../../../shared/domain/ui-node.js';
import { contains } from '../../../shared/domain/ui-tree.js';
import { toNorm, toPixels } from '../geometry/coordinates.js';
import type { TapLike, WalkView } from './walk-view.js';
import { isTapLike } from './walk-view.js';
import { shownOnce } from './recorded-frame.js';

/** A control whose bottom lies this close above the keyboard's top stands on it: a bar the keyboard pushed up. */
const ON_THE_KEYBOARD_PX = 200;

/**
 * What a tap meets where the keyboard stands otherwise than on the screens the walk judges it on. The on-screen keyboard
 * is not in an app's dump, and it moves the page: with the keyboard up, the bar at the page's foot (a message box and
 * its 发送) stands just above it, and where the bar stood with the keyboard down are its keys.
 * - `key`: the keyboard is up (a tap raised it: `keyboardShown`; typing with the focus kept leaves it down on a phone)
 *   and the tap lands on it — below its top, which is as high above the navigation bar as the
 *   page's screens show it lifting the page's foot — a key, which types or deletes what no demonstration typed;
 * - `moved`: the keyboard is down where the screens were recorded with it up, and the tap lands where a control that
 *   stood on the keyboard has dropped to: that control (`label`), pressed at its recorded place;
 * - `left`: the same, and the tap lands where such a control stood above the keyboard: the phone shows something else
 *   there now (the list), which no recorded screen shows;
 * - `risen` (as `moved`): the keyboard is up (a tap raised it) where the screens were recorded with it down: the bar at
 *   the page's foot (a tab bar) stands above the keyboard, lifted as far as recordings of the page with the keyboard up
 *   show (this task's, or another's: `elsewhere`); a tap there presses that bar's control, and a tap below it is a key
 *   (the agent is shown that recording: `keyboardScreen`). Found by exploration (the music library's search box tapped,
 *   then 最近播放 where it had risen) and by hand set O (the tab tapped where it stood without the keyboard: a key).
 * Found by hand set J: a message box double-tapped after Back hid the keyboard (the first tap raised it, the second hit
 * ⌫), and 发送 tapped where it stood above the keyboard after the keyboard went down (the list: nothing sent). (The
 * keyboard's top taken as the lowest thing recorded screens let one press refused 24 right paths of exploration — a tab
 * risen above the keyboard, 发送 on an empty box: members of a node differ — so it is taken from the lift instead.)
 */
export type KeyboardTap = { kind: 'key' } | { kind: 'moved'; tap: Action; label: string } | { kind: 'left' };

/** Where a control recorded with the keyboard down is pressed: its centre, in normalized units. */
const pressAt = (b: Bounds, screen: ScreenSize): Action => ({
  type: 'Tap',
  at: toNorm({ x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 }, screen),
});

export function keyboardTap(
  action: Action,
  keyboardShown: boolean,
  keyboardUp: boolean,
  shown: readonly (GraphNode | undefined)[],
  pageScreens: readonly GraphNode[],
  screen: ScreenSize,
  elsewhere: readonly GraphNode[] = [],
  device: () => readonly GraphNode[] = () => [],
): KeyboardTap | null {
  if (isTapLike(action) && keyboardShown && shown.length > 0 && shown.every((n) => n !== undefined && n.keyboard !== true)) {
    const recorded = [...pageScreens, ...elsewhere];
    const drop = keyboardDrop(recorded);
    if (drop !== null) return risenBar(action, shown as GraphNode[], drop, screen);
    // Where no control of the page moves with the keyboard (no bar at its foot), its keys begin below the list as the
    // page's recordings with the keyboard up end it.
    if (recorded.some((n) => n.keyboard === true))
      return keyboardUnder(action.at, pageScreens, () => elsewhere, screen) ? { kind: 'key' } : null;
    // No recording of the page with the keyboard up: the device's keyboard stands where any page's recordings show it,
    // and the bar at the page's foot has risen above it as the keyboard lifts a page's foot (held-out set T: the taxi
    // tab's 首页, risen from 917 to 632 over the keyboard a tap on 您要去哪儿 raised).
    const top = deviceKeyboardTop(device(), screen);
    return top === null ? null : risenBar(action, shown as GraphNode[], navBarTop(shown as GraphNode[], screen) - top, screen);
  }
  // Judged on screens that all show the keyboard up; with the keyboard up on the phone too, only where a tap raised it
  // (an agent shown a screen without it aims at what that screen shows, which the walk judges by it).
  if (!isTapLike(action) || shown.length === 0 || !shown.every((n) => n?.keyboard === true)) return null;
  if (keyboardUp && !keyboardShown) return null;
  // Only where the page's own screens show the keyboard moving it: a control recorded lower with the keyboard down than
  // with it up (a page that only focuses a field, the alarm editor's hour, may show no keyboard at all).
  const drop = keyboardDrop(pageScreens);
  if (drop === null) return null;
  const p = toPixels(action.at, screen);
  if (keyboardUp) {
    // The keyboard's top, where the page's screens show it lift the foot of the page: a tap between it and the
    // navigation bar is a key.
    const navBar = navBarTop(pageScreens, screen);
    return p.y >= navBar - drop && p.y < navBar ? { kind: 'key' } : null;
  }
  // The keyboard is down on the phone.
  const top = keyboardTopOf(shown as GraphNode[], screen);
  if (top === null) return null;
  const onKeyboard = (shown as GraphNode[])
    .flatMap((n) => n.controls ?? [])
    .filter((c) => top.keyboard - c.bounds.bottom <= ON_THE_KEYBOARD_PX);
  const dropped = onKeyboard.find((c) => contains(shifted(c.bounds, drop), p.x, p.y));
  if (dropped) return { kind: 'moved', tap: pressAt(dropped.bounds, screen), label: dropped.label };
  return onKeyboard.some((c) => contains(c.bounds, p.x, p.y)) ? { kind: 'left' } : null;
}

/**
 * The screen to show an agent where a tap raised the keyboard on a page whose screens the walk stands on were recorded
 * with it down: a recording of the page with the keyboard up (this task's first, else another's), where the page's
 * recordings show how far the keyboard lifts its foot; else null (the recorded screen is shown, and judged by).
 */
export function keyboardScreen(
  keyboardShown: boolean,
  shown: readonly (GraphNode | undefined)[],
  pageScreens: readonly GraphNode[],
  elsewhere: () => readonly GraphNode[],
  screen: ScreenSize,
): GraphNode | null {
  if (!keyboardShown || shown.length === 0 || !shown.every((n) => n !== undefined && n.keyboard !== true)) return null;
  const own = pageScreens.find((n) => n.keyboard === true);
  if (own && keyboardDrop(pageScreens) !== null) return own;
  // Another task's recording only where its page is laid out as the screens the walk stands on: the shop's home with
  // the keyboard up as the milk task recorded it (no parcel card at its head) shows 粮油 where this task's home has the
  // card, and an agent shown it tapped 粮油 there — taken as the card (found by exploration on a grown graph).
  const all = [...pageScreens, ...elsewhere().filter((n) => shown.every((s) => laidOutAs(n, s!, screen)))];
  return keyboardDrop(all) === null ? null : (all.find((n) => n.keyboard === true) ?? null);
}

/** How far apart two screens may show a control and still lay it out in one place. */
const SAME_PLACE_PX = 8;

/**
 * Whether `up`, a recording of a page with the keyboard up, lays out what it shares with `down` (a screen the walk
 * stands on) where `down` has it: of the labelled controls each shows once, leaving out the bar the keyboard lifts (on
 * it), two in three stand at the same height; with none left to compare, nothing says otherwise.
 */
export function laidOutAs(up: GraphNode, down: GraphNode, screen: ScreenSize): boolean {
  const top = keyboardTopOf([up], screen)?.keyboard ?? null;
  const mine = shownOnce(up.controls ?? []);
  const theirs = shownOnce(down.controls ?? []);
  const shared = [...mine].filter(([k, b]) => theirs.has(k) && (top === null || Math.abs(b.bottom - top) > SAME_PLACE_PX));
  if (shared.length === 0) return true;
  const alike = shared.filter(([k, b]) => Math.abs(theirs.get(k)!.top - b.top) <= SAME_PLACE_PX).length;
  return alike * 3 >= shared.length * 2;
}

/**
 * A recorded view with `keyboard` (keyboardScreen's answer) shown instead of its representative, naming the task that
 * recorded it when it is another's. Views of other kinds (a page no one saw, a scrolled page) stay as they are.
 */
export function withKeyboardScreen(view: WalkView, keyboard: GraphNode, by: string | undefined, ownTask: string | undefined): WalkView {
  if (view.kind !== 'recorded') return view;
  return { ...view, shown: keyboard.representative, ...(by !== undefined && by !== ownTask ? { recordedBy: by } : {}) };
}

/**
 * The keyboard up on the phone, the screens recorded with it down: the bar at their foot risen above it (`risen`), and
 * below it the keys — as the recording of the page with the keyboard up that the agent is then shown has them
 * (`keyboardScreen`). `drop`: how far the keyboard lifts the page's foot (`keyboardDrop`).
 */
function risenBar(action: TapLike, shown: readonly GraphNode[], drop: number, screen: ScreenSize): KeyboardTap | null {
  const p = toPixels(action.at, screen);
  const navBar = navBarTop(shown, screen);
  if (p.y >= navBar - drop && p.y < navBar) return { kind: 'key' };
  const bar = shown
    .flatMap((n) => n.controls ?? [])
    .filter((c) => navBar - c.bounds.bottom <= ON_THE_KEYBOARD_PX)
    .find((c) => contains(shifted(c.bounds, -drop), p.x, p.y));
  return bar ? { kind: 'moved', tap: pressAt(bar.bounds, screen), label: bar.label } : null;
}

/**
 * Whether a point lies on the on-screen keyboard, where it is up: below everything the page's screens recorded with the
 * keyboard up let one press or scroll (the list ends above the keyboard), above the navigation bar. Read from this
 * task's recordings of the page with the keyboard up, else other tasks' (`elsewhere`); where no recording of the page
 * has it up, from the device's keyboard (`device`: any page's recordings with it up, on the same screen — one keyboard
 * on every page: held-out probe, the taxi page's destination box tapped, then 首页 at its recorded place, a key on the
 * phone, read as the tab); false where none exists.
 */
export function keyboardUnder(
  at: { x: number; y: number },
  pageScreens: readonly GraphNode[],
  elsewhere: () => readonly GraphNode[],
  screen: ScreenSize,
  device: () => readonly GraphNode[] = () => [],
): boolean {
  const own = pageScreens.filter((n) => n.keyboard === true);
  const up = own.length > 0 ? own : elsewhere().filter((n) => n.keyboard === true);
  const y = toPixels(at, screen).y;
  if (up.length === 0) {
    const top = deviceKeyboardTop(device(), screen);
    return top !== null && y >= top && y < navBarTop(pageScreens, screen);
  }
  const top = keyboardTopOf(up, screen);
  if (top === null) return false;
  const listEnd = Math.max(...up.flatMap((n) => (n.scrolls ?? []).map((b) => b.bottom)), top.keyboard);
  return y >= listEnd && y < top.navBar;
}

/**
 * Where the device's keyboard begins, from recordings of any page with it up (`recordings`): the lowest thing they let
 * one press above it (a message box sits right on it). Null where none says.
 */
function deviceKeyboardTop(recordings: readonly GraphNode[], screen: ScreenSize): number | null {
  const up = recordings.filter((n) => n.keyboard === true && n.pressable !== undefined);
  return keyboardTopOf(up, screen)?.keyboard ?? null;
}

/**
 * Where the keyboard begins and the navigation bar begins on screens recorded with the keyboard up: below the lowest
 * thing the app lets one press (the system bars aside), above the bar along the screen's foot. Null when no screen
 * says (a graph from before `pressable` was kept).
 */
function keyboardTopOf(nodes: readonly GraphNode[], screen: ScreenSize): { keyboard: number; navBar: number } | null {
  let keyboard: number | null = null;
  let navBar = screen.height;
  for (const n of nodes) {
    if (!n.pressable) return null;
    for (const b of n.pressable) {
      const systemBar = b.left <= 0 && b.right >= screen.width && (b.top <= 0 || b.bottom >= screen.height);
      if (systemBar) {
        if (b.bottom >= screen.height) navBar = Math.min(navBar, b.top);
      } else keyboard = Math.max(keyboard ?? 0, b.bottom);
    }
  }
  return keyboard === null || keyboard >= navBar ? null : { keyboard, navBar };
}

/**
 * How far the keyboard lifts the page's foot, as the page's screens show it: a control with the same label recorded with
 * the keyboard down and with it up, lower by this much when down (the message box: 1,981 px down, 1,298 up). Null where
 * no control of the page was recorded both ways, or none moved.
 */
function keyboardDrop(pageScreens: readonly GraphNode[]): number | null {
  const downAt = new Map<string, number>();
  for (const n of pageScreens) if (n.keyboard !== true) for (const c of n.controls ?? []) downAt.set(c.label, c.bounds.top);
  // The lowest such control with the keyboard up: the bar on the keyboard (rows of a list above it move as it grows).
  let lowest: { bottom: number; drop: number } | null = null;
  for (const n of pageScreens)
    if (n.keyboard === true)
      for (const c of n.controls ?? []) {
        const down = downAt.get(c.label);
        if (down === undefined || (lowest !== null && c.bounds.bottom <= lowest.bottom)) continue;
        lowest = { bottom: c.bounds.bottom, drop: down - c.bounds.top };
      }
  return lowest !== null && lowest.drop > MOVED_PX ? lowest.drop : null;
}

/** Below this, a control recorded at another height has not been moved by the keyboard (a row's text wrapped). */
const MOVED_PX = 100;

/** Where the navigation bar begins: the system bar along the screen's foot on the page's screens, else the screen's foot. */
function navBarTop(pageScreens: readonly GraphNode[], screen: ScreenSize): number {
  let top = screen.height;
  for (const n of pageScreens)
    for (const b of n.pressable ?? []) if (b.left <= 0 && b.right >= screen.width && b.bottom >= screen.height) top = Math.min(top, b.top);
  return top;
}

const shifted = (b: Bounds, dy: number): Bounds => ({ ...b, top: b.top + dy, bottom: b.bottom + dy });
