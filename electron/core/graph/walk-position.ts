import type { GraphEdge, GraphNode } from '../../../shared/domain/task-graph.js';
import { isChoiceKey } from './content-keys.js';
import { isTextKey } from './goal-conditions.js';
import type { PageModel } from './page-model.js';
import { contentOf, nodesWith } from './page-model.js';
import { isEditClass } from './widget-classes.js';

/** Where a walk stands, as positions: arriving at a node, the nodes that show a page's content, the focused field. */

/** Where a walk stands: a page, its content, the nodes that show it (none: a state no demonstration showed). */
export interface Position {
  page: string;
  /** The page's content as the phone would show it, by content key. */
  content: Map<string, string>;
  nodes: Set<string>;
  /** The node shown to the agent: one of `nodes`, else the page's closest. */
  near: string;
  /** An editable field has focus (Back hides the keyboard first). */
  keyboard: boolean;
  /** The text key typing goes into, when a tap focused one. */
  focus: string | null;
  /** Where the walk came from to this page (Back returns there), as it was left. */
  back: Position | null;
}

/** The app a page belongs to: its activity's package (a page key starts with the activity). */
export const appOfPage = (page: string): string => page.slice(0, Math.max(0, page.indexOf('/')));
/**
 * A page's activity: the key before its title, without the number a key's second page of other chrome takes (page-model.ts:
 * `…Activity#2` where the page has no title).
 */
export const activityOfPage = (page: string): string => page.split('|', 1)[0]!.replace(/#\d+$/, '');

/** The position on arriving at a node (its page with the content it shows). */
export function enterNode(m: PageModel, node: string, nodes: readonly string[], back: Position | null): Position {
  const n = m.byId.get(node);
  return {
    page: m.pageOf.get(node) ?? '',
    content: new Map(Object.entries(contentOf(n))),
    nodes: new Set(nodes),
    near: node,
    keyboard: n?.keyboard === true,
    focus: null,
    back,
  };
}

/** The nodes that show a position's content (keyboard down: those without it up, where the page has some). */
export function nodesAt(m: PageModel, threshold: number, p: Position): Set<string> {
  const all = nodesWith(m, p.page, p.content, threshold);
  const fit = p.keyboard ? all : all.filter((n) => !n.keyboard);
  return new Set((fit.length > 0 ? fit : all).map((n) => n.id));
}

/** The text key a tap focused: the field the tapped element is, by its resource id. */
export function focusOf(m: PageModel, e: GraphEdge, page: string): string | null {
  const t = e.target;
  if (!t?.resourceId || !isEditClass(t.className)) return null;
  for (const n of m.nodesOf.get(page) ?? []) for (const k in contentOf(n)) if (isTextKey(k) && k.endsWith(`|${t.resourceId}`)) return k;
  return null;
}

/** The node of a page whose content differs least from `content` (what the agent is shown off the nodes). */
export function closest(m: PageModel, page: string, content: ReadonlyMap<string, string>, fallback: string): string {
  let best: { id: string; d: number } | null = null;
  for (const n of m.nodesOf.get(page) ?? []) {
    const c = contentOf(n);
    let d = 0;
    for (const k in c) if (content.get(k) !== undefined && content.get(k) !== c[k]) d++;
    if (!best || d < best.d) best = { id: n.id, d };
  }
  return best?.id ?? fallback;
}

/**
 * A position's nodes, those that show its content, and the node it shows: `prefer` where it is one of them, else the
 * first of them, else (content no demonstration showed) the closest node of its page to `fallback`'s.
 */
export function settle(m: PageModel, threshold: number, p: Position, fallback: string, prefer: string | null = null): Position {
  p.nodes = nodesAt(m, threshold, p);
  p.near = prefer !== null && p.nodes.has(prefer) ? prefer : ([...p.nodes][0] ?? closest(m, p.page, p.content, fallback));
  return p;
}

/** The recorded screens of where a walk stands: its nodes, else the closest node of its page. */
export function screensAt(m: PageModel, p: Position): (GraphNode | undefined)[] {
  const ids = p.nodes.size > 0 ? [...p.nodes] : [p.near];
  return ids.map((id) => m.byId.get(id));
}

/**
 * The screens shown where what each shows selected is what the path chose: a recorded node's, or the nearest one's
 * where its choices are the path's. Where the path chose another option of the page (小 for the recorded 大), the
 * nearest screen still shows 大 selected, and a tap on it is no tap on what is selected already.
 */
export function truthfulScreensAt(m: PageModel, p: Position): (GraphNode | undefined)[] {
  if (p.nodes.size > 0) return screensAt(m, p);
  const near = m.byId.get(p.near);
  const shown = contentOf(near);
  return Object.entries(shown).every(([k, v]) => !isChoiceKey(k) || p.content.get(k) === v) ? [near] : [];
}
