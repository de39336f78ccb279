import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import type { MatchOptions } from './match.js';
import { matchEdge } from './match.js';
import type { PageModel } from './page-model.js';
import { isEdit } from './page-model.js';
import type { Position } from './walk-moves.js';
import { settle } from './walk-position.js';
import { isTapLike, tappedLabel } from './walk-view.js';

/** What the walk does with a way off a page's implied effects (implied-effects.ts): the page Back finds again. */

/**
 * The page a way off it leaves, as Back finds it again: with what that way did to the page, where another route to
 * the same state shows it (a city shortcut sets the destination the form's 到达 holds).
 */
export function leftWith(m: PageModel, threshold: number, from: Position, edge: GraphEdge): Position {
  const implied = m.implied.get(edge);
  if (!implied) return from;
  const content = new Map(from.content);
  for (const [k, v] of implied) content.set(k, v);
  return settle(m, threshold, { ...from, content }, from.near);
}

/**
 * The recorded way off a page (one with implied effects) that a tap the walk could not take pressed, by its place or
 * by the label under it (`label`), if any: taken with other content on the page it leads nowhere the graph knows,
 * but Back then finds what it did.
 */
export function pressedWayOff(m: PageModel, opts: MatchOptions, action: Action, label: string | null, page: string): GraphEdge | null {
  if (!isTapLike(action)) return null;
  for (const e of m.leavingOf.get(page) ?? []) {
    if (isEdit(m, e) || !m.implied.has(e)) continue;
    if (matchEdge(action, e, opts).matched) return e;
    if (label !== null && isTapLike(e.action) && normalizeContent(tappedLabel(e, e.action)) === label) return e;
  }
  return null;
}
