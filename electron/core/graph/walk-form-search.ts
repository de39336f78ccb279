import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import type { PageModel } from './page-model.js';
import { contentOf } from './page-model.js';
import type { Position } from './walk-position.js';
import { isTapLike } from './walk-view.js';

/**
 * A form's search (查询) pressed where this task's demonstrations only took a shortcut (the city 三亚 on the travel
 * app's home page, which searches at once and sets 到达): another task's recording of the page shows the search,
 * with the form holding what a shortcut sets, reach the very state that shortcut reached (查询 with 到达 杭州, where 杭州
 * led; walk-app-pages.ts formSearches). So where the form holds exactly what this task's shortcut sets there, and
 * otherwise what the page held when the shortcut was pressed (三亚, Back: the phone's form shows 到达 三亚), the search
 * leads where the shortcut led. Not with anything else changed on the form (another date searches other trains).
 */
export function searchAsShortcut(
  m: PageModel,
  pos: Position,
  action: Action,
  label: string | null,
  /** The form searches other tasks' recordings of the page show (walk-app-pages.ts formSearches), asked only for a tap on a label. */
  searches: () => ReadonlySet<string>,
  impliedOf: (e: GraphEdge) => ReadonlyMap<string, string> | undefined,
): GraphEdge | null {
  if (!isTapLike(action) || label === null || !searches().has(normalizeContent(label))) return null;
  for (const e of m.leavingOf.get(pos.page) ?? []) {
    if (!isTapLike(e.action) || m.pageOf.get(e.to) === pos.page) continue;
    const implied = impliedOf(e);
    if (!implied) continue;
    const held = new Map(Object.entries(contentOf(m.byId.get(e.from))));
    for (const [k, v] of implied) held.set(k, v);
    const keys = new Set([...held.keys(), ...pos.content.keys()]);
    if ([...keys].every((k) => (pos.content.get(k) ?? '') === (held.get(k) ?? ''))) return e;
  }
  return null;
}
