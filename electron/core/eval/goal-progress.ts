import type { GoalProgress } from '../../../shared/domain/run-records.js';
import type { GraphNode } from '../../../shared/domain/task-graph.js';
import { unmetConditions } from '../graph/goal-conditions.js';
import type { GraphWalker } from '../graph/walk.js';

/**
 * Partial credit: the share of a task's goal conditions a result met — A3's essential-state rate and AndroidLab's
 * sub-goal rate. A task's goal is its DONE page plus that page's goal conditions (what the path must have typed,
 * chosen, set or pressed); a result meets the page when it stands on it as the walk or the state judge decides,
 * and each condition when the content it left holds it. It measures the state reached: Finish is not needed, so a
 * result can have full credit and still fail (it never said Finish). docs/runs.md has the definition and an example.
 */

/** The content conditions of a DONE node: `shown` conditions are about the page itself, which the page condition counts. */
const contentConditions = (n: GraphNode) => (n.goal ?? []).filter((c) => c.kind !== 'shown');

/**
 * Offline: from the walk's own verdict. The page counts when the walk would finish on it (reached by a goal action),
 * the conditions by the walk's own evaluation of the content its path set. Of several DONE nodes, the one nearest
 * to met. Null for a graph without a DONE node (nothing to measure against).
 */
export function walkGoalProgress(nodes: readonly GraphNode[], walker: GraphWalker, textThreshold: number): GoalProgress | null {
  const done = nodes.filter((n) => n.done);
  if (done.length === 0) return null;
  const verdict = walker.finish();
  let best: GoalProgress | null = null;
  for (const n of done) {
    const conditions = contentConditions(n);
    const onPage = verdict.node === n.id && (verdict.success || verdict.unmet.length > 0);
    const met = conditions.length - unmetConditions(conditions, walker.record, textThreshold).length;
    const g = { met: met + (onPage ? 1 : 0), total: conditions.length + 1 };
    if (!best || g.met / g.total > best.met / best.total) best = g;
  }
  return best;
}

/** A pair of judges measures both: the rule checks and the state judge's page and conditions add up. */
export function combineGoals(...goals: (GoalProgress | null | undefined)[]): GoalProgress | null {
  const known = goals.filter((g): g is GoalProgress => !!g);
  if (known.length === 0) return null;
  return { met: known.reduce((a, g) => a + g.met, 0), total: known.reduce((a, g) => a + g.total, 0) };
}

/** The share met, or null when nothing measured it. */
export const goalShare = (g: GoalProgress | null | undefined): number | null => (g ? g.met / g.total : null);
