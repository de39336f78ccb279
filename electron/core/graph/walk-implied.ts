import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import type { MatchOptions } from './match.js';
import { matchEdge } from './match.js';
import type { PageModel } from './page-model.js';
import { contentOf, isEdit } from './page-model.js';
import type { Position } from './walk-position.js';
import { settle } from './walk-position.js';
import { isTapLike, tappedLabel } from './walk-view.js';

/** What the walk does with a way off a page's implied effects (implied-effects.ts): the page Back finds again. */

/**
 * The page a way off it leaves, as Back finds it again: with what that way did to the page, where another route to
 * the same state shows it (a city shortcut sets the destination the form's 到达 holds).
 */
export function leftWith(m: PageModel, threshold: number, from: Position, edge: GraphEdge): Position {
  return leftWithImplied(m, threshold, from, m.implied.get(edge));
}

/** The page as Back finds it again after a way off it that set `implied` there (another task's shortcut, abroad). */
export function leftWithImplied(
  m: PageModel,
  threshold: number,
  from: Position,
  implied: ReadonlyMap<string, string> | undefined,
): Position {
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

/**
 * What a press on `label` sets on its page, where no route to its own state shows it: a sibling of its group whose way
 * off the page set a field to the sibling's own label (热门目的地: 杭州 sets 到达 to 杭州) sets that field to `label`
 * (三亚 sets 到达 to 三亚). Not a label the page's form names its own fields by (到达, 出发: they open their pickers).
 * `where`: the models to look in, each with its page the press was made on.
 */
export function impliedBySibling(
  where: readonly { model: PageModel; page: string }[],
  label: string,
): ReadonlyMap<string, string> | undefined {
  for (const { model: m, page } of where)
    for (const e of m.leavingOf.get(page) ?? []) {
      const implied = m.implied.get(e);
      if (!implied || !isTapLike(e.action) || !e.group?.some((o) => normalizeContent(o.label) === label)) continue;
      const own = normalizeContent(tappedLabel(e, e.action));
      if (own === label || ![...implied.values()].every((v) => normalizeContent(v) === own)) continue;
      const fields = [...Object.keys(contentOf(m.byId.get(e.from))), ...implied.keys()];
      if (fields.some((k) => k.endsWith(`|${label}`))) continue;
      return new Map([...implied.keys()].map((k) => [k, label]));
    }
  return undefined;
}
