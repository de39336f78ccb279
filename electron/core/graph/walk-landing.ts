import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { isTextKey } from './content-keys.js';
import type { PageModel } from './page-model.js';
import { contentOf, isEdit, typedField } from './page-model.js';
import type { Candidate } from './walk-candidate.js';
import type { Position } from './walk-position.js';
import { editModel } from './walk-edit-model.js';
import { closest, enterNode, focusOf, nodesAt } from './walk-position.js';
import { leftWithImplied } from './walk-implied.js';
import { rowsFinished } from './walk-rows.js';

/** Where a move by a recorded edge (or a rule applying one) leaves the walk, and what it set on the page. */
export interface Landing {
  next: Position;
  /** Off the page: the walk navigates (Back then returns to the page it left), else it stays on its page. */
  leaves: boolean;
  /** The content keys the move set, by the value the page then shows. */
  effects: Map<string, string>;
  /** The rows of a list finished in another order, by the recorded edge that finished them (walk-rows.ts). */
  finished: ReturnType<typeof rowsFinished>;
}

/**
 * A move applied to a position: an edit changes the page's content, which then names the nodes the walk stands
 * on; a tap that changes nothing (a field focused) stays or goes where it led; a way off the page goes where the
 * demonstrations went (`twins`: every node one demonstrated action led to), with the option the path chose.
 */
export function landing(
  m: PageModel,
  threshold: number,
  move: Candidate & { edge: GraphEdge },
  action: Action,
  from: Position,
  twins: () => GraphEdge[],
  /** What the edge, a way off its page, set there (walk-implied.ts), where another route or another task's shows it. */
  implied: ReadonlyMap<string, string> | undefined = m.implied.get(move.edge),
): Landing {
  const edge = move.edge;
  const effects = editModel(m, move, action, from);
  if (isEdit(m, edge) && effects.size === 0) {
    // A tap that changes nothing on the page (a field focused): where it led, or where the walk stands.
    const focused = focusOf(m, edge, from.page);
    const focus = focused ?? from.focus;
    const nodes = move.how === 'edge' ? new Set(twins().map((e) => e.to)) : from.nodes;
    const next = { ...from, nodes, near: move.how === 'edge' ? edge.to : from.near, keyboard: keyboardAfter(action, focused, from), focus };
    return { next, leaves: false, effects, finished: null };
  }
  if (isEdit(m, edge)) {
    // An edit: the page's content changes; the nodes showing it are where the walk stands. A recorded
    // edge out of where the walk stands says what the page then shows (the text as the agent typed it).
    const content = new Map(from.content);
    if (move.how === 'edge') for (const [k, v] of Object.entries(contentOf(m.byId.get(edge.to)))) content.set(k, v);
    // Other text than the demonstration's: what else its typing changed on the page (the suggestions under a recipient
    // field) is what the app makes of the text, which no screen of this path shows — not what the page showed before.
    // The page then stands where a demonstration left the field holding the same text, whatever else its screen showed
    // (13800000002 typed where the demonstration typed 李强 and picked the suggestion that put the number there).
    if (move.how === 'retyped') {
      const typed = typedField(edge)?.key;
      for (const v of edge.effects ?? []) if (v.key !== typed) content.delete(v.key);
    }
    // ... and a slider the value where the tap landed on it.
    for (const [k, v] of effects) if (move.how !== 'edge' || isTextKey(k) || edge.slider) content.set(k, v);
    // The rows of a list all done in another order: what the recorded last one also did (walk-rows.ts).
    const finished = move.how === 'other-row' || move.how === 'page-edit' ? rowsFinished(m, from.page, content) : null;
    for (const [k, v] of finished?.effects ?? []) content.set(k, v);
    const focused = focusOf(m, edge, from.page);
    const focus = action.type === 'Type' ? (typedField(edge)?.key ?? from.focus) : (focused ?? from.focus);
    const next: Position = { ...from, content, keyboard: keyboardAfter(action, focused, from), focus };
    next.nodes = nodesAt(m, threshold, next);
    // Another search query stands where the demonstration's did (see GraphWalker's `query`).
    if ((move.how === 'edge' && !edge.slider) || move.how === 'query') for (const e of twins()) next.nodes.add(e.to);
    next.near = next.nodes.has(edge.to) ? edge.to : ([...next.nodes][0] ?? closest(m, from.page, content, edge.to));
    return { next, leaves: false, effects, finished };
  }
  // Off the page: where the demonstrations went (every node one demonstrated action led to), or back onto the page the
  // path left, where each of them found it as it had left it (asLeft).
  const ways = asLeft(m, twins(), from);
  const to = ways.includes(edge) ? edge.to : ways[0]!.to;
  const next = enterNode(m, to, [...new Set(ways.map((e) => e.to))], leftWithImplied(m, threshold, from, implied));
  // Back on the page the walk came from: what the trip did not change there, it shows as the path left it; and the field
  // that had the focus there has it again (a phone restores a resumed window's focused field, the keyboard down: the
  // store's search box tapped, Back, 挂号网 and Back by a grown graph's recorded edges, then typing — into the box).
  let changed = keptOnReturn(m, from, next);
  const left = from.back;
  if (left && left.page === next.page && left.page !== from.page && next.focus === null && left.focus !== null) next.focus = left.focus;
  // Another option of the group: the page it leads to shows that option's value.
  for (const [k, v] of effects)
    if (next.content.has(k) && next.content.get(k) !== v) {
      next.content.set(k, v);
      changed = true;
    }
  if (changed) {
    next.nodes = nodesAt(m, threshold, next);
    next.near = [...next.nodes][0] ?? edge.to;
  }
  return { next, leaves: true, effects, finished: null };
}

/**
 * Whether the keyboard is up after a move that stays on the page: a field tapped (`focused`) or typing raises it; a Back
 * hides it, as every phone's Back does first, the field keeping the focus; else it stays as it was — a focus only kept
 * does not raise it. (Exploration's grown store graph: the search box tapped, a recorded Back, a swipe — the walk kept
 * the keyboard up, read the swipe as on it and the next tap on the list as a key.)
 */
function keyboardAfter(action: Action, focused: string | null, from: Position): boolean {
  if (action.type === 'Back') return false;
  return action.type === 'Type' || focused !== null || from.keyboard;
}

/** The node a demonstration left `page` from last before its step `t` (its departure), or null. */
function departureBefore(m: PageModel, demo: number, t: number, page: string): string | null {
  for (let i = t - 1; i >= 0; i--) {
    const e = m.stepOf.get(`${demo}:${i}`);
    if (!e) return null;
    if (m.pageOf.get(e.from) === page && m.pageOf.get(e.to) !== page) return e.from;
  }
  return null;
}

/**
 * Of the ways back onto the page the walk came from, which lead to different states of it, those that find it as the
 * path left it, where every recording of each found it as its own demonstration had left it: the app store's home list
 * left one swipe down for 更新 and come back to by the Up arrow stands one swipe down, as each recording of that Up
 * shows (left at the top it came back at the top, two swipes down at two). Without this the walk stood at every depth
 * the recordings came back to, and a swipe there was taken from the top (a graph grown from exploration's routes did
 * not replay one of them). Where any recording found the page otherwise than it left it (an app that rebuilds the page),
 * all the ways stand.
 */
function asLeft(m: PageModel, ways: GraphEdge[], from: Position): GraphEdge[] {
  const left = from.back;
  if (ways.length < 2 || !left || left.page === from.page || !ways.every((e) => m.pageOf.get(e.to) === left.page)) return ways;
  const arrivals = ways.map((e) => contentOf(m.byId.get(e.to)));
  const keys = new Set(arrivals.flatMap((c) => Object.keys(c)));
  let kept = ways;
  for (const k of keys) {
    const mine = left.content.get(k);
    if (mine === undefined || arrivals.every((c) => c[k] === arrivals[0]![k])) continue;
    const asItWasLeft = ways.every((e) =>
      e.uses.every(([d, t]) => {
        const departed = departureBefore(m, d, t, left.page);
        return departed !== null && contentOf(m.byId.get(departed))[k] === contentOf(m.byId.get(e.to))[k];
      }),
    );
    if (!asItWasLeft) continue;
    const same = kept.filter((e) => contentOf(m.byId.get(e.to))[k] === mine);
    if (same.length > 0) kept = same;
  }
  return kept;
}

/**
 * A trip from a page to another (a city picker) and back, by a recorded action there: on a phone the page keeps what
 * was set on it before the trip (the date chosen before the destination), and shows what the trip set (the city).
 * What the trip set is what differs between the page the demonstrations left for that trip and the page they came
 * back to; every other key shows what the path left there. Returns whether `next`'s content changed.
 */
function keptOnReturn(m: PageModel, from: Position, next: Position): boolean {
  const left = from.back;
  if (!left || left.page !== next.page || left.page === from.page) return false;
  // Where the demonstrations left for the page the walk comes back from.
  const departures = (m.leavingOf.get(left.page) ?? [])
    .filter((e) => m.pageOf.get(e.to) === from.page)
    .map((e) => contentOf(m.byId.get(e.from)));
  if (departures.length === 0) return false;
  let changed = false;
  for (const [k, shown] of next.content) {
    const mine = left.content.get(k);
    if (mine === undefined || mine === shown || !departures.every((d) => d[k] === shown)) continue;
    next.content.set(k, mine);
    changed = true;
  }
  return changed;
}
