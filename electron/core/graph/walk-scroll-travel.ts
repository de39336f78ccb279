import type { Action } from '../../../shared/domain/action.js';
import { DEFAULT_SWIPE_MS } from '../recording/perform-action.js';
import type { GraphEdge, GraphNode } from '../../../shared/domain/task-graph.js';
import type { ScreenSize } from '../../../shared/domain/ui-node.js';
import { NORM_MAX } from '../geometry/coordinates.js';
import { SCROLL_SLACK, scrollDelta } from './walk-view.js';
import type { WalkMove } from './walk-step.js';

/**
 * How far a swipe carries what scrolls, beside the demonstration's swipe it is taken as. A recorded swipe is matched by
 * its direction (walk.ts), but the list ends where the finger's travel takes it: a shorter swipe than the
 * demonstration's leaves the list above its recorded screen, a longer one below it — unless the demonstration's swipe
 * stopped at the list's end, which its two screens show (the content moved less than the finger). A fling (a quick
 * swipe) travels on after the finger lifts by as much as the phone's physics decide: where the list stands then, no
 * recorded screen says. Found by hand set K and by exploration: a 200-unit fling taken as the demonstrated 500-unit
 * swipe, and a tap where 哈尔滨 stood after the demonstration's swipe chose 厦门 on the phone.
 */

/** A swipe quicker than this flings on (the list moves on after the finger lifts). */
export const FLING_MS = 200;

/** Where a page's list stands when no recorded screen can say (after a fling): beyond any screen, so no tap on it is read. */
export const UNKNOWN_SCROLL = 100 * NORM_MAX;

/** How far a swipe moves the list (normalized, finger up positive): its vertical travel, or null for a fling or no scroll. */
export function scrollTravel(a: Action): number | null {
  const dy = scrollDelta(a);
  if (dy === null || a.type !== 'Swipe') return null;
  return (a.ms ?? DEFAULT_SWIPE_MS) < FLING_MS ? null : dy;
}

/**
 * How far the content moved between a recorded swipe's two screens (normalized, finger up positive): by the controls
 * both show once, the median of their shifts; null where they share none.
 */
export function recordedShift(from: GraphNode | undefined, to: GraphNode | undefined, screen: ScreenSize): number | null {
  const once = (n: GraphNode | undefined): Map<string, number> => {
    const seen = new Map<string, number>();
    const twice = new Set<string>();
    for (const c of n?.controls ?? []) {
      if (seen.has(c.label)) twice.add(c.label);
      seen.set(c.label, c.bounds.top);
    }
    for (const l of twice) seen.delete(l);
    return seen;
  };
  const before = once(from);
  const after = once(to);
  const shifts = [...after].flatMap(([label, top]) => {
    const was = before.get(label);
    return was === undefined || was === top ? [] : [((was - top) / screen.height) * NORM_MAX];
  });
  if (shifts.length === 0) return null;
  shifts.sort((a, b) => a - b);
  return shifts[Math.floor(shifts.length / 2)]!;
}

/** A recorded edge's list frame (pixels on its screen) in normalized units. */
const frameOf = (px: number | undefined, e: { screen?: ScreenSize }, screen: ScreenSize): number =>
  px === undefined ? 0 : (px / (e.screen ?? screen).height) * NORM_MAX;

type RecordedSwipe = Pick<GraphEdge, 'action' | 'from' | 'to'> & Partial<Pick<GraphEdge, 'screen' | 'listShift' | 'landedShift'>>;

/**
 * Where the list stands after `action`, taken as the recorded swipe `edge` from where the walk's list stood
 * (`scrolled`, beside the screen of the node the swipe left), beside the screen of the node it led to (normalized, finger
 * up positive: 0 is that screen), or UNKNOWN_SCROLL after a fling either way. The nodes' screens are their
 * representatives'; a recording whose own screens stood elsewhere on the list (a swipe of exploration's length merged
 * with the people's: recorded-frame.ts) says where it began and ended beside them, and so how far its list moved.
 */
export function besideRecordedSwipe(
  action: Action,
  edge: RecordedSwipe,
  byId: ReadonlyMap<string, GraphNode>,
  screen: ScreenSize,
  scrolled = 0,
): number {
  const mine = scrollTravel(action);
  const theirs = scrollTravel(edge.action);
  if (mine === null || theirs === null) return UNKNOWN_SCROLL;
  const shift = recordedShift(byId.get(edge.from), byId.get(edge.to), screen) ?? theirs;
  const framed = edge.listShift !== undefined || edge.landedShift !== undefined;
  const began = frameOf(edge.listShift, edge, screen);
  const ended = frameOf(edge.landedShift, edge, screen);
  const moved = framed ? shift + ended - began : shift;
  // The demonstration's swipe stopped short of its travel: the list's end (or its top) is on the recorded screen.
  const stopped = Math.abs(moved) < Math.abs(theirs) - SCROLL_SLACK;
  const travelled = stopped && Math.abs(mine) >= Math.abs(moved) ? moved : mine;
  // Where the walk's list stood beside the recording's own first screen (taken only from about there: swipeRecordedFrom).
  const from = framed || Math.abs(scrolled) > SCROLL_SLACK ? scrolled - began : 0;
  return from + travelled - moved + ended;
}

/**
 * A swipe the walk, its list scrolled off its node's screen (`scrolled`), may take as a recorded one: a recording of the
 * same direction whose own screen stood about there (exploration's shorter swipe, recorded twice in a row, from the
 * node the people's longer swipe gives its screen).
 */
export function swipeRecordedFrom(action: Action, edges: readonly RecordedSwipe[], scrolled: number, screen: ScreenSize): boolean {
  const delta = scrollDelta(action);
  if (delta === null || scrollTravel(action) === null) return false;
  return edges.some((e) => {
    const theirs = scrollDelta(e.action);
    return (
      theirs !== null &&
      Math.sign(theirs) === Math.sign(delta) &&
      e.listShift !== undefined &&
      Math.abs(scrolled - frameOf(e.listShift, e, screen)) <= SCROLL_SLACK
    );
  });
}

/**
 * Whether a list scrolled `next` (normalized, finger up positive) beside the screens the walk stands on has gone down
 * past everything those screens show of it (a screen's list is as tall as what scrolls on it): nothing the screens show
 * is in view any more, and the phone's list may have stopped at its end anywhere before, so that where it stands, even
 * after a swipe back, no screen says. Found by held-out set Q: the city list swiped up twice past its end, then back
 * down (the phone at its top, the walk 240 below it, reading 上海 where the phone had the search box).
 */
export function pastWhatScreensShow(next: number, screens: readonly (GraphNode | undefined)[], screen: ScreenSize): boolean {
  if (next <= SCROLL_SLACK) return false;
  const tallest = Math.max(0, ...screens.flatMap((n) => (n?.scrolls ?? []).map((b) => b.bottom - b.top)));
  return tallest > 0 && next >= (tallest / screen.height) * NORM_MAX;
}

/**
 * Where the list stands after a move the walk took (normalized, finger up positive; 0 is where the screen it stands on
 * shows it), from where it stood (`scrolled`):
 * - another page (a tab keeps each page's own) shows its list as its screen does;
 * - a recorded swipe taken by a swipe of another length leaves the list beside the screen it recorded;
 * - Back that hid the keyboard on a list scrolled where no demonstration scrolled: the list grows taller, and where it
 *   was scrolled past the end it has with the keyboard down it settles back (held-out set Q: the city list went 853
 *   units down with the keyboard up, 568 without), so where it stands, no screen says.
 */
export function scrolledAfterMove(
  scrolled: number,
  action: Action,
  taken: WalkMove['taken'],
  otherPage: boolean,
  byId: ReadonlyMap<string, GraphNode>,
  screen: ScreenSize,
): number {
  let next = otherPage && taken?.how !== 'tab' ? 0 : scrolled;
  if (action.type === 'Swipe' && taken?.how === 'edge' && taken.edge?.action.type === 'Swipe')
    next = besideRecordedSwipe(action, taken.edge, byId, screen, scrolled);
  if (taken?.how === 'keyboard' && Math.abs(next) > SCROLL_SLACK) next = UNKNOWN_SCROLL;
  return next;
}
