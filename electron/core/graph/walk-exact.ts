import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import type { MatchOptions, MatchResult } from './match.js';
import { bestEdge } from './match.js';
import type { PageModel } from './page-model.js';
import { typedField } from './page-model.js';
import type { Candidate } from './walk-candidate.js';
import type { Position } from './walk-position.js';
import { typeMatch } from './walk-moves.js';
import { searchQueryMove } from './walk-view.js';

/**
 * Step 1 of the walk: the closest edge out of where the walk stands (the recorded routes). A Type matches by the
 * text the field then holds (appended, or in its place when the action clears it), into the field a tap focused;
 * another search query where a demonstration searched is taken as its query (a means, walk-view.ts).
 */
export function exactMove(
  m: PageModel,
  action: Action,
  out: readonly GraphEdge[],
  pos: Position,
  opts: MatchOptions,
): { move: Candidate | null; nearest: { edge: GraphEdge; result: MatchResult } | null } {
  if (action.type !== 'Type') {
    const { edge, result, nearest } = bestEdge(action, out, opts);
    return { move: edge && result ? { edge, result, how: 'edge' } : null, nearest };
  }
  let best: { edge: GraphEdge; result: MatchResult } | null = null;
  let near: { edge: GraphEdge; result: MatchResult } | null = null;
  for (const e of out) {
    if (e.action.type !== 'Type') continue;
    const key = typedField(e)?.key;
    // Typing goes into the field a tap focused.
    if (pos.focus !== null && key !== undefined && key !== pos.focus) continue;
    const result = typeMatch(m, e, action, pos, opts);
    const sim = (r: MatchResult): number => r.similarity ?? 0;
    if (result.matched && (!best || sim(result) > sim(best.result))) best = { edge: e, result };
    if (!result.matched && (!near || sim(result) > sim(near.result))) near = { edge: e, result };
  }
  if (!best) {
    const query = searchQueryMove(action, out, pos);
    if (query) return { move: query, nearest: near };
  }
  return { move: best ? { ...best, how: 'edge' } : null, nearest: best ?? near };
}
