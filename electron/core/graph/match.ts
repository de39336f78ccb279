import { distance as levenshtein } from 'fastest-levenshtein';
import type { Action, NormPoint } from '../../../shared/domain/action.js';
import { toPixels } from '../geometry/coordinates.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';

/** Thresholds of the offline action check; stored with every run so results can be re-scored. */
export interface MatchOptions {
  /** The paper's rule: a tap within this many device pixels of the demonstrated point matches. */
  tapTolerancePx: number;
  /** Also accept a tap inside the bounds of the element the person tapped. */
  acceptInsideTarget: boolean;
  /** Minimum normalized similarity (1 − edit distance / longer length) for typed text. */
  textThreshold: number;
}

export const DEFAULT_MATCH_OPTIONS: MatchOptions = { tapTolerancePx: 50, acceptInsideTarget: true, textThreshold: 0.8 };

export interface MatchResult {
  matched: boolean;
  /** Pixel distance for point actions, else null. */
  distancePx: number | null;
  /** Text similarity for Type, else null. */
  similarity: number | null;
  /** Why it did or did not match, in words. */
  reason: string;
}

type Dir = 'up' | 'down' | 'left' | 'right';

export function swipeDirection(from: NormPoint, to: NormPoint): Dir {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  if (Math.abs(dx) >= Math.abs(dy)) return dx >= 0 ? 'right' : 'left';
  return dy >= 0 ? 'down' : 'up';
}

export function normalizeText(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function textSimilarity(a: string, b: string): number {
  const x = normalizeText(a);
  const y = normalizeText(b);
  const longer = Math.max([...x].length, [...y].length);
  return longer === 0 ? 1 : 1 - levenshtein(x, y) / longer;
}

const pointKind = (t: Action['type']): string | null =>
  t === 'Tap' || t === 'DoubleTap' ? 'tap' : t === 'LongPress' ? 'long' : null;

/** Does the agent's action take this edge? Raw distances are reported either way. */
export function matchEdge(action: Action, edge: GraphEdge, opts: MatchOptions): MatchResult {
  const e = edge.action;
  const no = (reason: string, distancePx: number | null = null, similarity: number | null = null): MatchResult => ({
    matched: false, distancePx, similarity, reason,
  });
  const kind = pointKind(action.type);
  if (kind !== null && 'at' in action) {
    if (pointKind(e.type) !== kind || !('at' in e)) return no(`${action.type} vs ${e.type}`);
    const p = toPixels(action.at, edge.screen);
    const q = toPixels(e.at, edge.screen);
    const d = Math.hypot(p.x - q.x, p.y - q.y);
    if (d <= opts.tapTolerancePx) return { matched: true, distancePx: d, similarity: null, reason: `within ${opts.tapTolerancePx}px` };
    const b = edge.target?.bounds;
    if (opts.acceptInsideTarget && b && p.x >= b.left && p.x < b.right && p.y >= b.top && p.y < b.bottom) {
      return { matched: true, distancePx: d, similarity: null, reason: 'inside the demonstrated element' };
    }
    return no(`${d.toFixed(0)}px from the demonstrated point`, d);
  }
  if (action.type === 'Swipe') {
    if (e.type !== 'Swipe') return no(`Swipe vs ${e.type}`);
    const a = swipeDirection(action.from, action.to);
    const b = swipeDirection(e.from, e.to);
    return a === b ? { matched: true, distancePx: null, similarity: null, reason: `swipe ${a}` } : no(`swipe ${a}, demonstrated ${b}`);
  }
  if (action.type === 'Type') {
    if (e.type !== 'Type') return no(`Type vs ${e.type}`);
    const s = textSimilarity(action.text, e.text);
    return s >= opts.textThreshold
      ? { matched: true, distancePx: null, similarity: s, reason: `text similarity ${s.toFixed(2)}` }
      : no(`text similarity ${s.toFixed(2)} < ${opts.textThreshold}`, null, s);
  }
  if (action.type === 'Key') return e.type === 'Key' && e.key === action.key ? yes('same key') : no('different key');
  if (action.type === 'LaunchApp') {
    return e.type === 'LaunchApp' && normalizeText(e.app) === normalizeText(action.app) ? yes('same app') : no('different app');
  }
  if (action.type === 'Home' || action.type === 'Back' || action.type === 'Enter') {
    return e.type === action.type ? yes(`same ${action.type}`) : no(`${action.type} vs ${e.type}`);
  }
  return no(`${action.type} never matches an edge`);
}

function yes(reason: string): MatchResult {
  return { matched: true, distancePx: null, similarity: null, reason };
}

/**
 * The edge an action takes among a node's outgoing edges: the matching one with the
 * smallest distance (or highest text similarity). Also returns the nearest miss, so an
 * off-graph step records how far it was.
 */
export function bestEdge(
  action: Action,
  edges: readonly GraphEdge[],
  opts: MatchOptions,
): { edge: GraphEdge | null; result: MatchResult | null; nearest: { edge: GraphEdge; result: MatchResult } | null } {
  let best: { edge: GraphEdge; result: MatchResult } | null = null;
  let nearest: { edge: GraphEdge; result: MatchResult } | null = null;
  const score = (r: MatchResult): number => (r.distancePx !== null ? -r.distancePx : r.similarity ?? 0);
  for (const edge of edges) {
    const result = matchEdge(action, edge, opts);
    if (result.matched) {
      if (!best || score(result) > score(best.result)) best = { edge, result };
    } else if (result.distancePx !== null || result.similarity !== null) {
      if (!nearest || score(result) > score(nearest.result)) nearest = { edge, result };
    }
  }
  return { edge: best?.edge ?? null, result: best?.result ?? null, nearest: best ?? nearest };
}

/**
 * One step of walking a graph whose states may be ambiguous. Merging by page can put two
 * states of the task (3 updates pending, 2 pending) into one node, so the same action may
 * lead on to different nodes. The walk therefore tracks the *set* of nodes consistent with
 * the actions so far (an NFA): an action is valid if it matches an edge out of any of them,
 * and the next set is every matching edge's target. `best` is the closest match, reported.
 */
export function advance(
  edges: readonly GraphEdge[],
  current: ReadonlySet<string>,
  action: Action,
  opts: MatchOptions,
): { next: Set<string>; viaGoal: Set<string>; best: { edge: GraphEdge; result: MatchResult } | null; nearest: { edge: GraphEdge; result: MatchResult } | null } {
  const out = edges.filter((e) => current.has(e.from));
  const next = new Set<string>();
  const viaGoal = new Set<string>();
  for (const e of out) {
    if (!matchEdge(action, e, opts).matched) continue;
    next.add(e.to);
    if (e.goal) viaGoal.add(e.to);
  }
  const { edge, result, nearest } = bestEdge(action, out, opts);
  return { next, viaGoal, best: edge && result ? { edge, result } : null, nearest };
}

/**
 * Whether Finish now succeeds: the walk stands on a DONE node it reached by a goal edge.
 * Graphs from before goal edges existed (no edge marked) fall back to "stands on DONE".
 */
export function finishSucceeds(graph: { nodes: readonly { id: string; done: boolean }[]; edges: readonly GraphEdge[] }, current: ReadonlySet<string>, viaGoal: ReadonlySet<string>): boolean {
  const legacy = !graph.edges.some((e) => e.goal);
  const pool = legacy ? current : viaGoal;
  return graph.nodes.some((n) => n.done && pool.has(n.id) && current.has(n.id));
}
