import type { Action } from '../../../shared/domain/action.js';
import type { GoalCondition, GraphEdge, TaskGraph } from '../../../shared/domain/task-graph.js';
import { canonicalNumber, normalizeContent } from './content.js';
import type { ContentRecord } from './goal-conditions.js';
import { pressKey, unmetConditions } from './goal-conditions.js';
import type { MatchOptions, MatchResult } from './match.js';
import { bestEdge, matchEdge, sameDemonstratedAction } from './match.js';

export interface WalkMove {
  /** The edge taken (the closest match), or null when the action matches no outgoing edge. */
  taken: { edge: GraphEdge; result: MatchResult } | null;
  /** The closest edge, matched or not (for off-graph steps: how far the action was). */
  nearest: { edge: GraphEdge; result: MatchResult } | null;
}

export interface FinishVerdict {
  success: boolean;
  reason: string;
  /** The DONE node whose conditions held, or the closest one considered. */
  node: string | null;
  unmet: GoalCondition[];
}

/** One index per graph's edge list (walks are many, graphs few): its edges by the node they leave, in order. */
const indexes = new WeakMap<readonly GraphEdge[], { count: number; index: Map<string, GraphEdge[]> }>();
function edgesByOrigin(edges: readonly GraphEdge[]): ReadonlyMap<string, GraphEdge[]> {
  const known = indexes.get(edges);
  // A list that grew since (a graph still being built) is indexed again.
  if (known && known.count === edges.length) return known.index;
  const index = new Map<string, GraphEdge[]>();
  for (const e of edges) {
    const list = index.get(e.from);
    if (list) list.push(e);
    else index.set(e.from, [e]);
  }
  indexes.set(edges, { count: edges.length, index });
  return index;
}

/**
 * Walks a task graph as the offline protocol does, one action at a time: an action is valid only if
 * it matches an edge out of where the walk stands; Finish succeeds only on a DONE node reached by a
 * goal edge, with the path's content meeting that node's goal conditions.
 *
 * The walk stands on a *set* of nodes only where the graph cannot tell them apart: when one
 * demonstrated action (the same point, the same text) leads from a node to several nodes. Otherwise
 * the closest matching edge decides, so a tap on the demonstrated goal button is never taken by a
 * farther edge whose element happens to contain the point.
 */
export class GraphWalker {
  current: Set<string>;
  /** Nodes entered through a goal edge on the last move. */
  viaGoal = new Set<string>();
  /** The node shown to the agent: the target of the edge taken last. */
  node: string;
  private readonly content = new Map<string, string>();
  private readonly legacy: boolean;
  /** Edges by the node they leave, so a step looks at the edges out of where the walk stands, not at all of them. */
  private readonly outOf: ReadonlyMap<string, GraphEdge[]>;

  constructor(
    private readonly graph: Pick<TaskGraph, 'startNode' | 'nodes' | 'edges'>,
    private readonly opts: MatchOptions,
  ) {
    this.current = new Set([graph.startNode]);
    this.node = graph.startNode;
    // Graphs from before goal edges existed (no edge marked) fall back to "stands on DONE".
    this.legacy = !graph.edges.some((e) => e.goal);
    this.outOf = edgesByOrigin(graph.edges);
  }

  get record(): ContentRecord {
    return this.content;
  }

  /** Takes an operational action (Tap, Type, Back, …); returns what it matched. The walk does not move when nothing matches. */
  act(action: Action): WalkMove {
    // In the graph's edge order, as before the index: ties between equally close edges resolve the same way.
    const out =
      this.current.size === 1 ? (this.outOf.get([...this.current][0]!) ?? []) : this.graph.edges.filter((e) => this.current.has(e.from));
    const { edge, result, nearest } = bestEdge(action, out, this.opts);
    if (!edge || !result) return { taken: null, nearest };
    // Edges for the same demonstrated action out of the current set lead wherever the demonstrations went.
    const twins = out.filter((e) => e === edge || (sameDemonstratedAction(edge, e, this.opts) && matchEdge(action, e, this.opts).matched));
    this.current = new Set(twins.map((e) => e.to));
    this.viaGoal = new Set(twins.filter((e) => e.goal).map((e) => e.to));
    this.node = edge.to;
    this.commit(edge, action, result);
    return { taken: { edge, result }, nearest };
  }

  private commit(edge: GraphEdge, action: Action, result: MatchResult): void {
    if (action.type === 'Key' && edge.from === edge.to)
      this.content.set(pressKey(action.key), String(Number(this.content.get(pressKey(action.key)) ?? 0) + 1));
    for (const v of edge.effects ?? []) {
      if (v.kind === 'text' && action.type === 'Type') this.content.set(v.key, canonicalNumber(normalizeContent(action.text)));
      else if (result.rule === 'free-choice') this.content.set(v.key, '*');
      else this.content.set(v.key, v.value);
    }
  }

  /** Whether Finish would succeed now, and why. */
  finish(): FinishVerdict {
    const done = this.graph.nodes.filter((n) => n.done && this.current.has(n.id));
    if (done.length === 0)
      return { success: false, reason: `ended on ${[...this.current].join('/')}, which is not DONE`, node: null, unmet: [] };
    const reached = done.filter((n) => this.legacy || this.viaGoal.has(n.id));
    if (reached.length === 0) {
      return {
        success: false,
        reason: `${done.map((n) => n.id).join('/')} is DONE but was not reached by a demonstration's goal action`,
        node: done[0]!.id,
        unmet: [],
      };
    }
    let closest: FinishVerdict | null = null;
    for (const n of reached) {
      const unmet = unmetConditions(n.goal, this.content, this.opts.textThreshold);
      if (unmet.length === 0)
        return { success: true, reason: `reached DONE ${n.id}${n.goal?.length ? ' with its goal conditions met' : ''}`, node: n.id, unmet };
      if (!closest || unmet.length < closest.unmet.length) closest = { success: false, reason: '', node: n.id, unmet };
    }
    const c = closest!;
    return {
      ...c,
      reason: `reached DONE ${c.node} but ${c.unmet.length} goal condition(s) unmet: ${c.unmet.map((u) => `${u.label} should be "${u.expected}" (was "${this.content.get(u.key) ?? ''}")`).join('; ')}`,
    };
  }
}
