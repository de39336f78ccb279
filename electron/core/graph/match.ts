import { distance as levenshtein } from 'fastest-levenshtein';
import type { Action, NormPoint } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import type { MatchOptions } from '../../../shared/domain/graph.js';
import type { Bounds } from '../../../shared/domain/ui-node.js';
import { area, contains } from '../../../shared/domain/ui-tree.js';
import { toPixels } from '../geometry/coordinates.js';
import { normalizeContent, numbersIn, sameNumbers } from './content.js';

export type { MatchOptions } from '../../../shared/domain/graph.js';
export { DEFAULT_MATCH_OPTIONS, withMatchDefaults } from '../../../shared/domain/graph.js';

/** Which rule accepted a match: recorded with every offline step so a verdict can be traced. */
export type MatchRule =
  | 'within-tolerance'
  | 'inside-target'
  | 'free-choice'
  | 'same-numbers'
  | 'similar-text'
  | 'key-terms'
  | 'swipe-direction'
  | 'same-key'
  | 'same-app'
  | 'same-action';

export interface MatchResult {
  matched: boolean;
  /** Pixel distance for point actions, else null. */
  distancePx: number | null;
  /** Text similarity for Type, else null. */
  similarity: number | null;
  /** The rule that accepted it (null when not matched). */
  rule: MatchRule | null;
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

/**
 * Typed text against demonstrated text. Numbers are content, not spelling: when the demonstration
 * typed digits, the same numbers must appear in the same order ("300元" matches "300"; "3000" and
 * "500" do not). Other text matches by similarity.
 */
export function textMatches(
  typed: string,
  demonstrated: string,
  threshold: number,
): { matched: boolean; similarity: number; rule: 'same-numbers' | 'similar-text' } {
  const want = numbersIn(demonstrated);
  const similarity = textSimilarity(typed, demonstrated);
  if (want.length > 0) {
    const got = numbersIn(typed);
    return { matched: sameNumbers(got, want), similarity, rule: 'same-numbers' };
  }
  return { matched: similarity >= threshold, similarity, rule: 'similar-text' };
}

const pointKind = (t: Action['type']): string | null => (t === 'Tap' || t === 'DoubleTap' ? 'tap' : t === 'LongPress' ? 'long' : null);

const inside = (b: Bounds, p: { x: number; y: number }): boolean => contains(b, p.x, p.y);

/** Does the agent's action take this edge? Raw distances are reported either way. */
export function matchEdge(action: Action, edge: GraphEdge, opts: MatchOptions): MatchResult {
  const e = edge.action;
  const no = (reason: string, distancePx: number | null = null, similarity: number | null = null): MatchResult => ({
    matched: false,
    distancePx,
    similarity,
    rule: null,
    reason,
  });
  const yes = (rule: MatchRule, reason: string, distancePx: number | null = null, similarity: number | null = null): MatchResult => ({
    matched: true,
    distancePx,
    similarity,
    rule,
    reason,
  });
  const kind = pointKind(action.type);
  if (kind !== null && 'at' in action) {
    if (pointKind(e.type) !== kind || !('at' in e)) return no(`${action.type} vs ${e.type}`);
    const p = toPixels(action.at, edge.screen);
    const q = toPixels(e.at, edge.screen);
    const d = Math.hypot(p.x - q.x, p.y - q.y);
    const b = edge.target?.bounds;
    // Near the demonstrated point but outside the control the person tapped (a switch 84 px tall in a row that opens the
    // alarm's editor): a phone presses what is under the finger, not the control beside it (found by hand set H).
    const besideIt = b !== undefined && edge.target?.clickable === true && !inside(b, p);
    if (d <= opts.tapTolerancePx && !besideIt) return yes('within-tolerance', `within ${opts.tapTolerancePx}px`, d);
    const screenArea = edge.screen.width * edge.screen.height;
    // Only the element the person actually tapped, and only if it is a control, not a page-sized container.
    if (opts.acceptInsideTarget && b && edge.target?.clickable !== false && area(b) <= opts.maxInsideShare * screenArea && inside(b, p)) {
      return yes('inside-target', 'inside the demonstrated element', d);
    }
    const option = edge.choice?.options.find((o) => inside(o, p));
    if (option) return yes('free-choice', 'another option of a group the demonstrations chose from freely', d);
    return no(`${d.toFixed(0)}px from the demonstrated point`, d);
  }
  if (action.type === 'Swipe') {
    if (e.type !== 'Swipe') return no(`Swipe vs ${e.type}`);
    const a = swipeDirection(action.from, action.to);
    const b = swipeDirection(e.from, e.to);
    return a === b ? yes('swipe-direction', `swipe ${a}`) : no(`swipe ${a}, demonstrated ${b}`);
  }
  if (action.type === 'Type') {
    if (e.type !== 'Type') return no(`Type vs ${e.type}`);
    const m = textMatches(action.text, e.text, opts.textThreshold);
    if (m.matched)
      return yes(
        m.rule,
        m.rule === 'same-numbers' ? 'the same numbers as demonstrated' : `text similarity ${m.similarity.toFixed(2)}`,
        null,
        m.similarity,
      );
    return no(
      m.rule === 'same-numbers'
        ? `numbers differ from the demonstrated "${e.text}"`
        : `text similarity ${m.similarity.toFixed(2)} < ${opts.textThreshold}`,
      null,
      m.similarity,
    );
  }
  if (action.type === 'Key') return e.type === 'Key' && e.key === action.key ? yes('same-key', 'same key') : no('different key');
  if (action.type === 'LaunchApp') {
    return e.type === 'LaunchApp' && normalizeText(e.app) === normalizeText(action.app) ? yes('same-app', 'same app') : no('different app');
  }
  if (action.type === 'Home' || action.type === 'Back' || action.type === 'Enter') {
    return e.type === action.type ? yes('same-action', `same ${action.type}`) : no(`${action.type} vs ${e.type}`);
  }
  return no(`${action.type} never matches an edge`);
}

/** The matching rules in force, in words: recorded in every run's manifest and report. */
export function describeMatchRules(o: MatchOptions): string[] {
  return [
    `a tap or long press matches within ${o.tapTolerancePx} px of the demonstrated point`,
    o.acceptInsideTarget
      ? `or inside the control the person tapped, if that control covers at most ${Math.round(o.maxInsideShare * 100)}% of the screen`
      : 'taps inside the demonstrated element but farther than the tolerance do not match',
    'or on another option of a group an annotator marked as free (any train, either city)',
    `typed text matches by similarity ≥ ${o.textThreshold}; when the demonstration typed numbers, the same numbers in the same order`,
    'swipes match by direction; keys, Back, Home, Enter and app launches by kind',
    'of several matching edges the closest is taken (distance, then similarity)',
    "Finish succeeds only on a DONE node reached by a demonstration's goal action, with the goal conditions met",
  ];
}

/** Closer is better: pixel distance first, then text similarity. */
function better(a: MatchResult, b: MatchResult): boolean {
  const da = a.distancePx ?? 0;
  const db = b.distancePx ?? 0;
  if (da !== db) return da < db;
  return (a.similarity ?? 0) > (b.similarity ?? 0);
}

/**
 * The edge an action takes among a node's outgoing edges: of those that match, the closest
 * (distance, then similarity). Also returns the nearest miss, so an off-graph step records how far it was.
 */
export function bestEdge(
  action: Action,
  edges: readonly GraphEdge[],
  opts: MatchOptions,
): { edge: GraphEdge | null; result: MatchResult | null; nearest: { edge: GraphEdge; result: MatchResult } | null } {
  let best: { edge: GraphEdge; result: MatchResult } | null = null;
  let nearest: { edge: GraphEdge; result: MatchResult } | null = null;
  for (const edge of edges) {
    const result = matchEdge(action, edge, opts);
    if (result.matched) {
      if (!best || better(result, best.result)) best = { edge, result };
    } else if (result.distancePx !== null || result.similarity !== null) {
      const score = (r: MatchResult): number => (r.distancePx !== null ? -r.distancePx : (r.similarity ?? 0));
      if (!nearest || score(result) > score(nearest.result)) nearest = { edge, result };
    }
  }
  return { edge: best?.edge ?? null, result: best?.result ?? null, nearest: best ?? nearest };
}

/** Two edges stand for the same demonstrated action: each would accept the other's action. */
export function sameDemonstratedAction(a: GraphEdge, b: GraphEdge, opts: MatchOptions): boolean {
  if (a.action.type !== b.action.type) return false;
  const plain = (e: GraphEdge): GraphEdge => ({ ...e, choice: undefined });
  return matchEdge(b.action, plain(a), opts).matched && matchEdge(a.action, plain(b), opts).matched;
}

/** The label of the control a recorded action pressed (its text, else its content description), normalized. */
export const pressedLabel = (e: Pick<GraphEdge, 'target'>): string => normalizeContent(e.target?.text || e.target?.contentDesc || '');
