import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import type { MatchOptions } from './match.js';
import { matchEdge } from './match.js';
import type { PageModel } from './page-model.js';
import { contentOf } from './page-model.js';
import { pageKey } from './signature.js';
import { singleNumber } from './stepped-number.js';
import { elementOf } from './content-keys.js';
import { layoutOf } from './walk-app-pages.js';
import { isTapLike } from './walk-view.js';

/**
 * Where a tap leads from a page of this task's that no recording of the page says, as this task's own recording of a
 * sibling page shows it: another page laid out as this one (another product's), where its demonstration pressed the same
 * control, with the page's inputs (the count) holding what the path's page holds, and left the page (纯牛奶's 立即购买 with
 * 数量 at 2, to the checkout with two). The two demonstrations' routes meet on pages of one kind: one item's page edited
 * as the other item's page recorded it, then left as that page was. Only where this page itself is on a demonstration's
 * route that acted on it (低脂牛奶's 加入购物车, twice): the task took either item, each by one demonstration — not an item
 * a demonstration only looked at — and not the other task's goal. Found by held-out set BF: 低脂牛奶, +, +, −, 立即购买,
 * 提交订单 — right on the phone (two boxes of the low-fat milk), refused as acting with a count no route of the page was
 * taken with (the count stepped as the other page records its +: walk-count.ts), and on the graph grown from exploration,
 * where 低脂牛奶's + is recorded, 立即购买 was taken as another task's (the thermos) and its order as that task's goal.
 *
 * `valueOf`: what the path's page holds for an element (a content key without its page). Null where no sibling shows it.
 */
export function wayOffAsSiblingPage(
  m: PageModel,
  edges: readonly GraphEdge[],
  screens: readonly (GraphNode | undefined)[],
  valueOf: (element: string) => string | undefined,
  action: Action,
  opts: MatchOptions,
): GraphEdge | null {
  const here = screens.filter((n): n is GraphNode => n !== undefined);
  if (!isTapLike(action) || here.length === 0) return null;
  const page = pageKey(here[0]!.signature);
  const layouts = new Set(here.map(layoutOf));
  const leaving = m.leavingOf.get(page) ?? [];
  if (!leaving.some((e) => (e.effects?.length ?? 0) > 0)) return null;
  for (const e of edges) {
    const from = m.byId.get(e.from);
    const there = m.pageOf.get(e.from);
    if (from === undefined || there === undefined || there === page || !layouts.has(layoutOf(from))) continue;
    if (e.goal || !isTapLike(e.action) || m.pageOf.get(e.to) === there || !matchEdge(action, e, opts).matched) continue;
    if (inputsAgree(m, [...leaving, ...(m.leavingOf.get(there) ?? [])], contentOf(from), valueOf)) return e;
  }
  return null;
}

/**
 * Whether the sibling's screen holds, in every input of the two pages (an element an edit that stays on its page
 * changed: the count), what the path's page holds — and shows one at least. Item facts no edit changes (the price) differ.
 */
function inputsAgree(
  m: PageModel,
  leaving: readonly GraphEdge[],
  sibling: Readonly<Record<string, string>>,
  valueOf: (element: string) => string | undefined,
): boolean {
  const inputs = new Set(
    leaving.filter((e) => m.pageOf.get(e.to) === m.pageOf.get(e.from)).flatMap((e) => (e.effects ?? []).map((v) => elementOf(v.key))),
  );
  const theirs = new Map(Object.entries(sibling).map(([k, v]) => [elementOf(k), v]));
  let compared = 0;
  for (const input of inputs) {
    const want = theirs.get(input);
    const have = valueOf(input);
    if (want === undefined || have === undefined) continue;
    const [a, b] = [singleNumber(want), singleNumber(have)];
    if (a !== null && b !== null ? a !== b : normalizeContent(want) !== normalizeContent(have)) return false;
    compared++;
  }
  return compared > 0;
}
