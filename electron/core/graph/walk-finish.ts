import type { GoalCondition, GraphNode } from '../../../shared/domain/task-graph.js';
import type { ContentRecord } from './goal-conditions.js';
import { recordValues, unmetConditions } from './goal-conditions.js';

export interface FinishVerdict {
  success: boolean;
  reason: string;
  /** The DONE node whose conditions held, or the closest one considered. */
  node: string | null;
  unmet: GoalCondition[];
}

/** Where a walk stands when the agent says Finish. */
export interface FinishState {
  nodes: readonly GraphNode[];
  current: ReadonlySet<string>;
  /** Nodes entered through a goal edge on the last move. */
  viaGoal: ReadonlySet<string>;
  /** A graph from before goal edges were marked: standing on DONE is enough. */
  legacy: boolean;
  content: ContentRecord;
  /** The node shown to the agent. */
  node: string;
  /** After a tap the graph does not know, on a page it does not know. */
  away: boolean;
  /** Another search query whose result the path has not picked yet. */
  query: string | null;
  /** An option no demonstration chose, picked where no screen shows the value, and not chosen again (walk-pick.ts). */
  picked: string | null;
  textThreshold: number;
}

/**
 * Finish succeeds only on a DONE node reached by a demonstration's goal action, with the path's content
 * meeting that node's goal conditions; else the verdict says what was missing.
 */
export function finishVerdict(w: FinishState): FinishVerdict {
  if (w.away)
    return { success: false, reason: 'ended on a page the graph does not know (after a tap it does not know)', node: null, unmet: [] };
  if (w.query !== null)
    return {
      success: false,
      reason: `ended after a search for "${w.query}", whose results no demonstration saw`,
      node: null,
      unmet: [],
    };
  if (w.picked !== null)
    return {
      success: false,
      reason: `"${w.picked}" was picked, an option no demonstration chose, whose value no screen shows; it was not chosen again`,
      node: null,
      unmet: [],
    };
  const done = w.nodes.filter((n) => n.done && w.current.has(n.id));
  if (done.length === 0) {
    const where = w.current.size > 0 ? [...w.current].join('/') : `content of ${w.node}'s page that no demonstration showed`;
    return { success: false, reason: `ended on ${where}, which is not DONE`, node: null, unmet: [] };
  }
  const reached = done.filter((n) => w.legacy || w.viaGoal.has(n.id));
  if (reached.length === 0) {
    return {
      success: false,
      reason: `${done.map((n) => n.id).join('/')} is DONE but was not reached by a demonstration's goal action`,
      node: done[0]!.id,
      unmet: [],
    };
  }
  let nearest: FinishVerdict | null = null;
  for (const n of reached) {
    const unmet = unmetConditions(n.goal, w.content, w.textThreshold);
    if (unmet.length === 0)
      return { success: true, reason: `reached DONE ${n.id}${n.goal?.length ? ' with its goal conditions met' : ''}`, node: n.id, unmet };
    if (!nearest || unmet.length < nearest.unmet.length) nearest = { success: false, reason: '', node: n.id, unmet };
  }
  const c = nearest!;
  return {
    ...c,
    reason: `reached DONE ${c.node} but ${c.unmet.length} goal condition(s) unmet: ${c.unmet.map((u) => `${u.label} should be "${u.expected}" (was "${recordValues(w.content, u.key).join('", "')}")`).join('; ')}`,
  };
}
