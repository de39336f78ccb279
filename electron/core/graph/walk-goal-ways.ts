import type { GraphEdge, GraphNode, TaskGraph } from '../../../shared/domain/task-graph.js';
import type { TargetElement } from '../../../shared/domain/ui-tree.js';
import { isDismissButton, isUpArrow } from './tap-controls.js';
import { sameShape } from './walk-opens.js';

/**
 * The ways between pages that may do what the goal did, though a recording showed them changing nothing. A recorded way
 * off a page is taken to leave the goal standing (walk-goal-stands.ts keepsTheGoal) — but a recording shows what a
 * press did from the state it was pressed in, and a press that sets a value the page already held changes nothing
 * there. Two such ways grown graphs held (graphs grown from exploration's routes, measured on the held-out sets: 5
 * false accepts the human graphs did not have):
 * - a press off a goal page, where the goal's own press left the page too, on a control of its kind or to the activity it
 *   led to (南京 picked from the weather's saved cities while 南京 was the city: after 哈尔滨 was picked from all
 *   cities, it picks 南京 back — the list's rows set the city and close, as the goal's did);
 * - a press back onto a goal page from a page opened from it (保存 on the 07:00 alarm's editor, pressed with the alarm
 *   on: after the switch was turned off, 保存 writes the alarm back, on).
 * Neither is the Up arrow or a dialog's negative button, which return as Back does.
 */
export interface GoalWays {
  /** Goal presses that left their page, by that page: the control pressed (the city list's 哈尔滨 row) and the activity it led to. */
  readonly exits: ReadonlyMap<string, readonly { target: TargetElement; to: string }[]>;
  /** Pages a recorded forward tap entered from a goal page, with those goal pages (the editor opened from the alarm's row). */
  readonly below: ReadonlyMap<string, ReadonlySet<string>>;
}

export const NO_GOAL_WAYS: GoalWays = { exits: new Map(), below: new Map() };

/** Two controls of one kind: the same resource id, or without one, the same shape (another row of the same list). */
function sameKind(a: TargetElement, b: TargetElement): boolean {
  if (a.resourceId !== '' || b.resourceId !== '') return a.resourceId === b.resourceId;
  return sameShape(a.bounds, b.bounds);
}

/** A press that returns as Back does: the Up arrow, a dialog's negative button, Back itself. */
const returnsAsBack = (e: GraphEdge): boolean => e.action.type === 'Back' || isUpArrow(e.target) || isDismissButton(e.target);

/** How many recorded pages from the start each page first stands (the city list one below the main page). */
function depthOfPages(edges: readonly GraphEdge[], page: (node: string) => string, start: string): Map<string, number> {
  const depth = new Map([[page(start), 0]]);
  for (let frontier = [page(start)], d = 1; frontier.length > 0; d++) {
    const next: string[] = [];
    for (const e of edges)
      if (frontier.includes(page(e.from)) && !depth.has(page(e.to))) {
        depth.set(page(e.to), d);
        next.push(page(e.to));
      }
    frontier = next;
  }
  return depth;
}

/**
 * The goal's ways (see GoalWays) of a graph whose pages are `pageOf`. A page is below a goal page when a recorded
 * forward press opened it from there and it stands deeper from the start: the city list's rows close it onto the main
 * page, which is above it, and do not make the main page one opened from the list.
 */
export function goalWaysOf(
  graph: Pick<TaskGraph, 'edges' | 'nodes' | 'startNode'>,
  pageOf: ReadonlyMap<string, string>,
  /** The pages the task's goal actions are taken on. */
  goalPages: ReadonlySet<string>,
): GoalWays {
  const { edges, startNode: start } = graph;
  const page = (node: string) => pageOf.get(node) ?? '';
  const activity = activityOf(graph.nodes);
  const exits = new Map<string, { target: TargetElement; to: string }[]>();
  for (const e of edges)
    if (e.goal && e.target && page(e.from) !== page(e.to))
      exits.set(page(e.from), [...(exits.get(page(e.from)) ?? []), { target: e.target, to: activity(e.to) }]);
  const depth = depthOfPages(edges, page, start);
  const deeper = (a: string, b: string) => (depth.get(a) ?? Infinity) > (depth.get(b) ?? Infinity);
  const below = new Map<string, Set<string>>();
  for (const e of edges) {
    const from = page(e.from);
    const to = page(e.to);
    if (e.goal || from === to || !goalPages.has(from) || returnsAsBack(e) || !deeper(to, from)) continue;
    below.set(to, (below.get(to) ?? new Set()).add(from));
  }
  return { exits, below };
}

/** Each node's activity (the main page whatever city titles it). */
function activityOf(nodes: readonly GraphNode[]): (node: string) => string {
  const of = new Map(nodes.map((n) => [n.id, n.signature.activity]));
  return (node) => of.get(node) ?? '';
}

/**
 * Whether the recorded edge `e`, which leaves its page for another, may do what the goal did (see GoalWays). `toActivity`:
 * the activity of the page it led to.
 */
export function mayActAsTheGoal(e: GraphEdge, pageOf: ReadonlyMap<string, string>, ways: GoalWays, toActivity: string): boolean {
  if (returnsAsBack(e)) return false;
  const from = pageOf.get(e.from) ?? '';
  const to = pageOf.get(e.to) ?? '';
  const t = e.target;
  const asTheGoal = (ways.exits.get(from) ?? []).some((g) => g.to === toActivity || (!!t && sameKind(g.target, t)));
  return asTheGoal || (ways.below.get(from)?.has(to) ?? false);
}
