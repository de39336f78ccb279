import type { Demo, TaskGraph } from '../../../shared/domain/task-graph.js';
import type { MatchOptions } from './match.js';
import { advance, DEFAULT_MATCH_OPTIONS, finishSucceeds } from './match.js';
import { buildGraph } from './merge.js';

export interface ReplayResult {
  demonstrationId: number;
  accepted: boolean;
  /** Steps matched before it stopped; equals the action count when accepted. */
  matchedSteps: number;
  reason: string;
}

export interface GraphValidation {
  /** Every demonstration replays from the start node to DONE through its own graph (must be 1). */
  selfConsistency: number;
  selfReplays: ReplayResult[];
  /** Share of demonstrations that a graph built from the *other* demonstrations accepts (null with < 2 demos). */
  leaveOneOut: number | null;
  leaveOneOutReplays: ReplayResult[];
  flaggedNodes: string[];
}

/** Walks a demonstration's actions through the graph as the offline runner would walk an agent's. */
export function replayDemo(graph: TaskGraph, demo: Demo, opts: MatchOptions = DEFAULT_MATCH_OPTIONS): ReplayResult {
  let current = new Set([graph.startNode]);
  let viaGoal = new Set<string>();
  let matched = 0;
  const actions = demo.steps.filter((s) => s.action !== null);
  for (const step of actions) {
    const { next, viaGoal: goalNext } = advance(graph.edges, current, step.action!, opts);
    if (next.size === 0) {
      return { demonstrationId: demo.id, accepted: false, matchedSteps: matched, reason: `step ${matched + 1} (${step.action!.type}) matches no edge from ${[...current].join('/')}` };
    }
    current = next;
    viaGoal = goalNext;
    matched++;
  }
  const done = finishSucceeds(graph, current, viaGoal);
  return {
    demonstrationId: demo.id,
    accepted: done,
    matchedSteps: matched,
    reason: done ? 'reached DONE' : `ended on ${[...current].join('/')}, which is not DONE`,
  };
}

export function validateGraph(graph: TaskGraph, demos: readonly Demo[], opts: MatchOptions = DEFAULT_MATCH_OPTIONS): GraphValidation {
  const selfReplays = demos.map((d) => replayDemo(graph, d, opts));
  const loo =
    demos.length >= 2
      ? demos.map((d) => replayDemo(buildGraph(graph.taskId, demos.filter((o) => o !== d), graph.config, opts), d, opts))
      : [];
  const share = (rs: ReplayResult[]): number => (rs.length ? rs.filter((r) => r.accepted).length / rs.length : 0);
  return {
    selfConsistency: share(selfReplays),
    selfReplays,
    leaveOneOut: loo.length ? share(loo) : null,
    leaveOneOutReplays: loo,
    flaggedNodes: graph.nodes.filter((n) => n.flag).map((n) => n.id),
  };
}
