import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { contains } from '../../../shared/domain/ui-tree.js';
import { toPixels } from '../geometry/coordinates.js';
import { normalizeContent } from './content.js';
import type { MatchOptions } from './match.js';
import type { PageModel } from './page-model.js';
import { exactMove } from './walk-exact.js';
import type { Position } from './walk-position.js';
import { enterNode } from './walk-position.js';

/**
 * The page this task recorded for the item a free choice picked, where another demonstration reached that very item
 * by another route: the milk list's 纯牛奶 整箱 12 盒 (a demonstration chose 低脂牛奶 there, marked as a free choice),
 * whose own page a demonstration opened from a search and bought two of (+, 立即购买). The free choice leads where its
 * demonstration went (低脂牛奶's page, showing any item); the item's own page — entered by the other route, of the same
 * activity, titled with the option's label — records what was done to that item. The walk takes the action after the
 * choice there where only that page records it (itemPageFor, below). Null where no such page, or several, were
 * recorded. Found by held-out set AB: 粮油, Back, 牛奶乳品, 纯牛奶, +, bought — refused at the +; and exploration
 * showed why not simply go there instead: 低脂牛奶 from the search's results, then + (recorded only on 纯牛奶's page,
 * the free choice's own) was accepted and would not be.
 */
export function freeItemPage(m: PageModel, edge: GraphEdge, action: Action): string | null {
  const label = edge.choice ? groupOptionTapped(edge, action) : null;
  if (label === null) return null;
  const recorded = m.byId.get(edge.to);
  if (!recorded || normalizeContent(recorded.signature.title ?? '') === label) return null;
  const activity = recorded.signature.activity;
  const entries = new Set<string>();
  for (const edges of m.outOf.values())
    for (const e of edges) {
      const n = m.byId.get(e.to);
      if (!n || n.signature.activity !== activity || normalizeContent(n.signature.title ?? '') !== label) continue;
      // Entered from another page: the item's page as it opens.
      if (m.pageOf.get(e.from) !== m.pageOf.get(e.to)) entries.add(e.to);
    }
  return entries.size === 1 ? [...entries][0]! : null;
}

/**
 * Where the action right after a free choice is taken: the item's own page (`node`, entered as the walk entered the page
 * it stands on) where a recorded action there is this one and none where the walk stands is; else null (stay).
 */
export function itemPageFor(
  m: PageModel,
  action: Action,
  pos: Position,
  node: string,
  outEdges: (p: Position) => GraphEdge[],
  opts: MatchOptions,
): Position | null {
  if (exactMove(m, action, outEdges(pos), pos, opts).move) return null;
  const there = enterNode(m, node, [node], pos.back);
  return exactMove(m, action, outEdges(there), there, opts).move ? there : null;
}

/** The label (folded) of the option of a recorded tap's group the tap landed on: the item a list's row picks; or null. */
export function groupOptionTapped(edge: GraphEdge, action: Action): string | null {
  if (action.type !== 'Tap' || !edge.group) return null;
  const p = toPixels(action.at, edge.screen);
  const option = edge.group.find((o) => contains(o.bounds, p.x, p.y));
  return option ? normalizeContent(option.label) || null : null;
}
