import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { scrollDelta } from './walk-view.js';
import type { TabBar } from './walk-tabs.js';
import { tabUnder } from './walk-tabs.js';
import type { WalkMove } from './walk-step.js';
import { unrecorded } from './walk-step.js';

/**
 * An excursion: a tap the graph does not know, which on a phone opens a page or a dialog no demonstration recorded
 * (or a tab whose page none showed). The walk cannot know what is there, so an offline run shows it as unrecorded,
 * and only what is known to come back is taken: Back, the Navigate-up arrow where the app's pages show it, another
 * tab of the bar the page shows. Anything else is off the graph, as the tap was; what it did there, only a graph grown
 * there can say.
 */
export interface Excursion {
  action: Action;
  nearest: WalkMove['nearest'];
  /** When the tap was a tab of the page's tab bar: the bar (the page it opened shows it too) and the tab shown selected. */
  bar: TabBar | null;
  tab: string | null;
  /** The recorded way off the page the tap pressed, taken with content it does not lead on from (walk-implied.ts leftWith). */
  pressed?: GraphEdge | null;
  /**
   * False where recordings show the control acting in place (walk-opens.ts mayActInPlace): the page may have stayed,
   * and Back then leaves the page itself, so Back is not known to return.
   */
  opens?: boolean;
  /**
   * The DONE nodes an inquiry's look entered, where a row of the page it showed opened the excursion (a bill of last
   * month's list, a screenshot of the album): the page the row opened shows more of what was asked, and Back brings the
   * look's page back — the phone's checks still record the look (held-out sets AK, AM and AR: 上月, a bill, Back or
   * Finish there). Not a control off the list, nor for a task that acts (the row may have acted: a song set playing);
   * a look of the same kind (another day, another album) is chosen on the page the goal was chosen on, where the walk
   * does not stand on the look's DONE node.
   */
  look?: ReadonlySet<string>;
}

/** The move of a tap that opened an excursion, for the reason given. */
export function opened(reason: string, nearest: WalkMove['nearest'], distancePx: number | null = null): WalkMove {
  return unrecorded('excursion', reason, nearest, distancePx);
}

/** What an action does on an excursion (the walk applies it: walk.ts). */
export type ExcursionStep =
  /** A scroll, or the tab it is on tapped again: the excursion's page stays. */
  | { kind: 'stays'; move: WalkMove }
  /** Another tab of the bar: pressed as on the page the walk left. */
  | { kind: 'tab' }
  /** Back (or the Up arrow): returns to where the walk stood, with what a way off the page did there. */
  | { kind: 'back'; pressed: GraphEdge | null }
  | { kind: 'refused'; move: WalkMove };

export function onExcursion(
  away: Excursion,
  action: Action,
  screen: { width: number; height: number },
  /** Whether a tap is on the Navigate-up arrow where the app's pages show it. */
  onUpArrow: (a: Action) => boolean,
  still: (nearest: WalkMove['nearest']) => WalkMove,
): ExcursionStep {
  if (scrollDelta(action) !== null)
    return { kind: 'stays', move: unrecorded('scroll', 'a scroll on a page the graph does not know: it stays that page', away.nearest) };
  const tab = away.bar ? tabUnder(away.bar, action, screen) : null;
  if (tab && tab.label === away.tab) return { kind: 'stays', move: still(away.nearest) };
  if (tab) return { kind: 'tab' };
  if ((action.type === 'Back' || onUpArrow(action)) && away.opens === false) {
    const reason =
      'after a tap the graph does not know, on a control that recordings show acting in place (by its shape on this page, or its label anywhere: 下一首, 收藏): it may have acted in place, and then Back left the page itself — where the path stands, no demonstration saw';
    const near = away.nearest;
    return { kind: 'refused', move: { taken: null, nearest: near ? { edge: near.edge, result: { ...near.result, reason } } : null } };
  }
  if (action.type === 'Back' || onUpArrow(action)) return { kind: 'back', pressed: away.pressed ?? null };
  const reason = `after a tap the graph does not know, ${action.type} is not known to return (only Back is): ${away.nearest?.result.reason ?? ''}`;
  const near = away.nearest;
  return { kind: 'refused', move: { taken: null, nearest: near ? { edge: near.edge, result: { ...near.result, reason } } : null } };
}
