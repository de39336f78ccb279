import type { GraphValidation, ReplayResult } from '../../../shared/domain/graph.js';
import type { Demo, TaskGraph } from '../../../shared/domain/task-graph.js';
import type { MatchOptions } from './match.js';
import { DEFAULT_MATCH_OPTIONS } from './match.js';
import { buildGraph } from './merge.js';
import { GraphWalker } from './walk.js';
import type { GoalHints } from './text-slots.js';
import { classifyRejection } from './leave-one-out.js';

export type { GraphValidation, ReplayResult } from '../../../shared/domain/graph.js';

/** Walks a demonstration's actions through the graph as the offline runner would walk an agent's. */
export function replayDemo(graph: TaskGraph, demo: Demo, opts: MatchOptions = DEFAULT_MATCH_OPTIONS): ReplayResult {
  const walker = new GraphWalker(graph, opts);
  let matched = 0;
  let away = false;
  const actions = demo.steps.filter((s) => s.action !== null);
  for (const step of actions) {
    const m = walker.act(step.action!);
    if (!m.taken) {
      // After a tap the graph did not know, the walk failed at that tap (only a Back would have returned from it).
      const at = away ? matched - 1 : matched;
      return {
        demonstrationId: demo.id,
        accepted: false,
        matchedSteps: at,
        reason: `step ${at + 1} (${actions[at]!.action!.type}) matches no edge${away ? ' (and no Back followed it)' : ''} from ${[...walker.current].join('/') || 'where the walk stood'}`,
      };
    }
    away = m.taken.how === 'excursion';
    matched++;
  }
  const verdict = walker.finish();
  return { demonstrationId: demo.id, accepted: verdict.success, matchedSteps: matched, reason: verdict.reason };
}

export function validateGraph(
  graph: TaskGraph,
  demos: readonly Demo[],
  opts: MatchOptions = DEFAULT_MATCH_OPTIONS,
  hints: GoalHints = {},
): GraphValidation {
  const selfReplays = demos.map((d) => replayDemo(graph, d, opts));
  const loo =
    demos.length >= 2
      ? demos.map((d) => {
          const r = replayDemo(
            buildGraph(
              graph.taskId,
              demos.filter((o) => o !== d),
              graph.config,
              opts,
              'reduce',
              hints,
            ),
            d,
            opts,
          );
          return r.accepted ? r : { ...r, rejection: classifyRejection(graph, d, r, opts) };
        })
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
