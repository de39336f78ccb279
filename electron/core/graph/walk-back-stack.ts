import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import type { PageModel } from './page-model.js';
import { contentOf } from './page-model.js';
import type { Candidate } from './walk-candidate.js';
import type { Position } from './walk-position.js';
import { backMove } from './walk-moves.js';

/**
 * Back pops the app's page stack. A demonstration's Back out of a page returned to the page it had come from
 * (the 牛奶乳品 list it had opened 低脂牛奶 from); a walk that came to the same page another way (the item tapped
 * on the home list) returns where it came from — the home list — as a phone does, not where the demonstration
 * had been. Only a recorded Back that was such a pop (a forward action of a demonstration led into the page from
 * the page it returns to) is read this way: a Back that went elsewhere (home after a finished order) says what
 * the app does and is kept.
 */
export function backPopsElsewhere(m: PageModel, action: Action, edge: GraphEdge | null, pos: Position): boolean {
  if (action.type !== 'Back' || !edge || edge.action.type !== 'Back' || pos.keyboard || !pos.back) return false;
  const here = pos.page;
  const returnsTo = m.pageOf.get(edge.to);
  if (returnsTo === undefined || returnsTo === here || returnsTo === pos.back.page) return false;
  const fromThere = (e: GraphEdge): boolean =>
    e.action.type !== 'Back' && m.pageOf.get(e.to) === here && m.pageOf.get(e.from) === returnsTo;
  return (m.leavingOf.get(returnsTo) ?? []).some(fromThere);
}

/**
 * The node where the demonstration's own Backs from where `edge` returned reached `page` (the category, then the
 * home list): what that page showed after the same actions — the cart's count the items added put on its tab.
 */
export function backChainTo(m: PageModel, edge: GraphEdge, page: string): string | null {
  const seen = new Set<string>();
  for (let at: string | undefined = edge.to; at !== undefined && !seen.has(at);) {
    if (m.pageOf.get(at) === page) return at;
    seen.add(at);
    at = (m.outOf.get(at) ?? []).find((e) => e.action.type === 'Back')?.to;
  }
  return null;
}

/**
 * Back to the page the walk came from, as the path left it. Where the walk stands where the demonstration pressed
 * that Back (its recorded edge, not another content's way off the page), what the path did not set (`set`) on the page
 * it returns to is what that page showed when the demonstration's own Backs reached it: the cart's count on the home
 * list is the count of the items the path added, as the demonstration's was. From other content, the page as left:
 * what the app shows there now, no demonstration saw.
 */
export function popBack(
  m: PageModel,
  recorded: Candidate,
  pos: Position,
  set: ReadonlySet<string>,
  nodesFor: (p: Position) => Set<string>,
): Candidate | null {
  const back = backMove(pos, nodesFor);
  const via = back?.to && recorded.how === 'edge' && recorded.edge ? backChainTo(m, recorded.edge, back.to.page) : null;
  if (!back?.to || !via) return back;
  for (const [k, v] of Object.entries(contentOf(m.byId.get(via)))) if (!set.has(k)) back.to.content.set(k, v);
  back.to.nodes = nodesFor(back.to);
  back.to.near = back.to.nodes.has(via) ? via : ([...back.to.nodes][0] ?? back.to.near);
  return back;
}
