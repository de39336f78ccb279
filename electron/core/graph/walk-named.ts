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

/**
 * Tap vs long-press: an item a recorded action of this page long-pressed (the photo 拍糊了的照片 2 in its album, for
 * its menu) opens its own page when tapped — the one page of the graph titled with its label (the photo's view the
 * task started on). The node the walk enters: the start node where it is on that page, else where a way into the
 * page led.
 */
export function itemPageByTap(m: PageModel, label: string, action: Action, fromPage: string, start: string): string | null {
  if (action.type !== 'Tap' || [...label].length < 2) return null;
  const pressed = (m.leavingOf.get(fromPage) ?? []).some(
    (e) => e.action.type === 'LongPress' && normalizeContent(tappedLabel(e, e.action as TapLike)) === label,
  );
  if (!pressed) return null;
  const pages = new Set<string>();
  for (const [id, n] of m.byId) {
    const page = m.pageOf.get(id);
    if (page !== undefined && page !== fromPage && n.signature.title !== undefined && normalizeContent(n.signature.title) === label)
      pages.add(page);
  }
  if (pages.size !== 1) return null;
  const page = [...pages][0]!;
  if (m.pageOf.get(start) === page) return start;
  for (const edges of m.leavingOf.values())
    for (const e of edges) if (m.pageOf.get(e.to) === page && m.pageOf.get(e.from) !== page) return e.to;
  return null;
}
