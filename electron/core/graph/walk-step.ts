import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import type { MatchResult } from './match.js';
import type { WalkHow } from './walk-candidate.js';

/** What one action did to a walk: the step each offline result records (walk.ts). */
export interface WalkMove {
  /**
   * The move made, or null when the action matches nothing the graph knows: the recorded action applied
   * (null for a Back the graph did not record), how it matched, and how the walk applied it.
   */
  taken: { edge: GraphEdge | null; result: MatchResult; how: WalkHow } | null;
  /** The closest edge, matched or not (for off-graph steps: how far the action was). */
  nearest: { edge: GraphEdge; result: MatchResult } | null;
}

/** A move no recorded action made (a scroll, a selected tab tapped again, a field focused): taken, with its reason. */
export function unrecorded(how: WalkHow, reason: string, nearest: WalkMove['nearest'], distancePx: number | null = null): WalkMove {
  return { taken: { edge: null, result: { matched: true, distancePx, similarity: null, rule: null, reason }, how }, nearest };
}

/** A taken move told again (what the action was, then what it did): `why` gets the reason it had. Untaken, as it was. */
export function explained(move: WalkMove, why: (reason: string) => string): WalkMove {
  return move.taken ? { ...move, taken: { ...move.taken, result: { ...move.taken.result, reason: why(move.taken.result.reason) } } } : move;
}

/** A move, taken or not, its reason said another way. */
export function withReason(move: WalkMove, why: (reason: string) => string): WalkMove {
  if (move.taken) return explained(move, why);
  return move.nearest
    ? { ...move, nearest: { ...move.nearest, result: { ...move.nearest.result, reason: why(move.nearest.result.reason) } } }
    : move;
}

/** An action the walk does not take, for the reason given, with the closest edge it was weighed against. */
export function refused(reason: string, nearest: WalkMove['nearest']): WalkMove {
  return { taken: null, nearest: nearest ? { edge: nearest.edge, result: { ...nearest.result, matched: false, reason } } : null };
}
