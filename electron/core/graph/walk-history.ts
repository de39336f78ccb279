import type { Action } from '../../../shared/domain/action.js';
import type { GraphNode } from '../../../shared/domain/task-graph.js';
import { toPixels } from '../geometry/coordinates.js';
import { normalizeContent } from './content.js';
import { isTapLike, rowUnder, rowsOn } from './walk-view.js';

/**
 * A list that keeps what was used last at its head (最近播放, 通话记录, a browsing history): a phone reorders it each
 * time an item of its kind is used. The recorded screen of such a list shows its order before the path used anything;
 * after a row of a list opened a page no demonstration recorded (a song played on the way: held-out sets L, N, Q, W),
 * the row under the finger is unknown — the played song heads the list there. A static list of the same rows (a
 * genre's songs) stays as recorded, so the list is told by what its page calls itself.
 */
const HISTORY_WORDS = ['最近', '历史', '记录', 'recent', 'history'];

/** The page's title where every screen the walk stands on is titled as a history list; null otherwise. */
export function historyTitle(nodes: readonly (GraphNode | undefined)[]): string | null {
  const titles = nodes.map((n) => n?.signature.title);
  const first = titles[0];
  if (first === undefined || titles.some((t) => t !== first)) return null;
  const words = normalizeContent(first).toLowerCase();
  return HISTORY_WORDS.some((w) => words.includes(w)) ? first : null;
}

/**
 * Whether a tap lands on a row of a list on every one of these screens (walk-view.ts rowUnder); `rows`: the least rows
 * each screen shows — 2 asks for a list of items, not a lone button as wide as the screen (分享, 提交).
 */
export function onListRow(
  nodes: readonly (Pick<GraphNode, 'pressable'> | undefined)[],
  action: Action,
  screen: { width: number; height: number },
  rows = 1,
): boolean {
  if (!isTapLike(action) || nodes.length === 0) return false;
  const p = toPixels(action.at, screen);
  return nodes.every((n) => n !== undefined && rowUnder(n, p, screen) !== null && (rows <= 1 || rowsOn(n, screen) >= rows));
}
