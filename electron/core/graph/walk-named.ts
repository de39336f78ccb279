import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import type { PageModel } from './page-model.js';
import { isEdit } from './page-model.js';
import { tappedLabel } from './walk-view.js';
import type { TapLike } from './walk-view.js';
import { isTapLike } from './walk-view.js';
import { activityOfPage } from './walk-position.js';
import { sharedTabBars, tabPressed } from './walk-tabs.js';

/**
 * An item opens its own page wherever it is listed. A demonstration that tapped 欢乐斗地主 in the 棋牌游戏 list
 * reached the page titled 欢乐斗地主; the same item tapped in the home list opens that page too. The walk
 * (walk.ts) takes a tap no recorded action of the page explains, on a control its screen labels L, to the page a
 * recorded tap on a control labelled L opened elsewhere in the graph — only when that page is titled L (the page
 * is the item's own, not what a button of that name did on another page: 确认 on one form is not 确认 on another).
 * What the path set on the way stays in its content, so the goal conditions still judge the result.
 */
export function namedPageEdges(
  m: PageModel,
  label: string,
  action: Action,
  fromPage: string,
  /**
   * For a control of the page's chrome (outside what scrolls and off every list row: an app bar's icon), the nodes the
   * walk stands on and the screen; null for an item of a list, which opens the item's own page whatever the route.
   * Where the recorded press was a tab of a bar, the page it opened shows what the app holds as it stood then (the
   * cart, as the demonstration had filled it), not an item: such a press names the page only where it was made from a
   * node reached from here by Back alone (the app's data as it stands), or from the same screen showing another item
   * (one activity). Found on the way: the product page's cart icon, tapped before anything was put in the cart, was
   * taken to the cart a demonstration had filled, and 去结算 there ordered nothing on the phone; once into the cart, then
   * the icon, opened the cart a demonstration filled twice. A press of a card's button (视频通话 on the contact's card
   * opens the call with that contact, as the chat's 视频通话 does) stays what it was. The label may carry the count a
   * badge adds (购物车 1 件), which names the same page.
   */
  chrome: { at: ReadonlySet<string>; screen: { width: number; height: number } } | null = null,
): GraphEdge[] {
  if (chrome === null) return namedBy(m, label, action, fromPage);
  const bare = withoutCount(label);
  const edges = namedBy(m, label, action, fromPage);
  const named = edges.length > 0 || bare === null ? edges : namedBy(m, bare, action, fromPage);
  if (named.length === 0) return named;
  const byBack = reachedByBack(m, chrome.at);
  const here = activityOfPage(fromPage);
  const asItStands = (e: GraphEdge): boolean =>
    byBack.has(e.from) || activityOfPage(m.pageOf.get(e.from) ?? '') === here || !pressesTab(m, e, chrome.screen);
  return named.filter(asItStands);
}

/** Whether a recorded press was on a tab of a bar its screen shows (the home page's 购物车). */
function pressesTab(m: PageModel, e: GraphEdge, screen: { width: number; height: number }): boolean {
  return tabPressed(sharedTabBars([m.byId.get(e.from)]), e.action, screen) !== null;
}

/** The nodes reached from these by recorded Back alone, these included. */
function reachedByBack(m: PageModel, at: ReadonlySet<string>): Set<string> {
  const seen = new Set(at);
  const queue = [...at];
  for (let id = queue.pop(); id !== undefined; id = queue.pop())
    for (const e of m.outOf.get(id) ?? [])
      if (e.action.type === 'Back' && !seen.has(e.to)) {
        seen.add(e.to);
        queue.push(e.to);
      }
  return seen;
}

/**
 * A label with the count a badge adds to it taken off (购物车 1 件, 购物车，2 件, Cart, 3 items, 更新（3）): the control
 * is the same, and names the same page, whatever the count — the product page's cart icon, once something is in the
 * cart, opens the cart as the tab 购物车 did (held-out set AS: added to the cart, then the icon, then 去结算 — refused as
 * a tap the graph does not know, on three shop tasks). Null where no count ends it, or nothing of two characters is left.
 */
export function withoutCount(label: string): string | null {
  const m = /^(.+?)[\s,，、]*(?:\d+\s*(?:件|个|条|项|items?)|[（(]\d+[)）])$/iu.exec(label.trim());
  return m && [...m[1]!.trim()].length >= 2 ? m[1]!.trim() : null;
}

function namedBy(m: PageModel, label: string, action: Action, fromPage: string): GraphEdge[] {
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
