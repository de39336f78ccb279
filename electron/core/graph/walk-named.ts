import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import type { PageModel } from './page-model.js';
import { isEdit } from './page-model.js';
import { tappedLabel } from './walk-view.js';
import type { TapLike } from './walk-view.js';
import { isTapLike } from './walk-view.js';

/**
 * An item opens its own page wherever it is listed. A demonstration that tapped 欢乐斗地主 in the 棋牌游戏 list
 * reached the page titled 欢乐斗地主; the same item tapped in the home list opens that page too. The walk
 * (walk.ts) takes a tap no recorded action of the page explains, on a control its screen labels L, to the page a
 * recorded tap on a control labelled L opened elsewhere in the graph — only when that page is titled L (the page
 * is the item's own, not what a button of that name did on another page: 确认 on one form is not 确认 on another).
 * What the path set on the way stays in its content, so the goal conditions still judge the result.
 */
export function namedPageEdges(m: PageModel, label: string, action: Action, fromPage: string): GraphEdge[] {
  if (!isTapLike(action) || [...label].length < 2) return [];
  const out: GraphEdge[] = [];
  for (const edges of m.leavingOf.values())
    for (const e of edges) {
      if (e.action.type !== action.type || isEdit(m, e) || m.pageOf.get(e.from) === fromPage) continue;
      if (normalizeContent(tappedLabel(e, e.action as TapLike)) !== label) continue;
      const title = m.byId.get(e.to)?.signature.title;
      if (title !== undefined && normalizeContent(title) === label) out.push(e);
    }
  // One page: the item's own (two pages of that title would leave the walk guessing).
  return new Set(out.map((e) => m.pageOf.get(e.to))).size === 1 ? out : [];
}
