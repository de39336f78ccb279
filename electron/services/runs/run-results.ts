import type { RunResult } from '../../adapters/db/repositories/runs-repo.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { ResultRow } from '../../core/analysis/run-data.js';
import type { ResultForMetrics } from '../../core/eval/metrics.js';
import type { PlannedItem, RunScoring, ScoredResult } from '../../core/eval/scoring.js';
import { planItems, scoreRun } from '../../core/eval/scoring.js';

/** Reads a stored result's metric inputs (written by the executor's commit). */
export function toMetricInput(r: RunResult): ResultForMetrics {
  const d = r.details;
  return {
    taskId: r.taskId,
    agent: r.agent,
    mode: r.mode,
    success: r.success,
    exit: r.exitCategory,
    steps: d.steps ?? 0,
    stepMs: d.stats?.stepMs ?? [],
    tokens: d.stats?.tokens ?? null,
    judgeTokens: (d.judge?.tokens?.prompt ?? 0) + (d.judge?.tokens?.completion ?? 0),
    judgeMs: d.judge?.ms ?? 0,
    judgeAgreement: d.judge?.agreement ?? null,
    retries: Math.max(0, (d.attempts ?? 1) - 1),
    sideEffects: d.sideEffects
      ? d.sideEffects.effects.map((e) => ({ kinds: e.kinds.length ? e.kinds : [e.kind], irreversible: e.irreversible }))
      : null,
  };
}

/**
 * The results of a run without anything that varies between identical runs (times, ids,
 * timestamps, blob ids of live screens): two runs of the same offline pass give the same
 * bytes, so published numbers can be checked by re-running.
 */
export function deterministicResults(store: WorkspaceStore, runId: string): unknown[] {
  return store.runs.results(runId).map((r) => {
    const d = r.details;
    const steps = store.runs.steps({ runId, taskId: r.taskId, agent: r.agent, mode: r.mode }).map((s) => ({
      idx: s.idx,
      action: s.action,
      match: s.details.match ?? null,
      node: s.details.node ?? null,
    }));
    return {
      taskId: r.taskId,
      agent: r.agent,
      mode: r.mode,
      success: r.success,
      exit: r.exitCategory,
      ...(r.mode === 'offline'
        ? { graphVersion: d.graphVersion ?? null, path: d.path ?? [], finalNode: d.finalNode ?? null, finalDone: d.finalDone ?? null }
        : {}),
      ...(r.mode === 'online' && d.sideEffects
        ? {
            sideEffects: d.sideEffects.effects.map((e) => ({
              step: e.step,
              kind: e.kind,
              irreversible: e.irreversible,
              summary: e.summary,
            })),
          }
        : {}),
      tokens: d.stats?.tokens ?? null,
      steps,
    };
  });
}

/**
 * What the run set out to do, from the spec in its manifest: each agent on each task, in the
 * task's own mode (`both`) or the run's. A task no longer in the workspace keeps the mode of its
 * stored results. Undefined for a run stored without a spec (then scoring plans from the results).
 */
export function plannedItems(store: WorkspaceStore, runId: string): PlannedItem[] | undefined {
  const run = store.runs.get(runId);
  const spec = run?.manifest.spec;
  if (!spec) return undefined;
  const stored = new Map(store.runs.results(runId).map((r) => [r.taskId, r.mode]));
  const tasks = spec.taskIds.flatMap((id) => {
    const mode = store.tasks.get(id)?.mode ?? stored.get(id);
    return mode ? [{ id, mode }] : [];
  });
  return planItems(spec.mode, spec.agents, tasks);
}

export interface StoredScoredResult extends ScoredResult {
  runId: string;
  row: RunResult;
}

/** A run's results scored by the one rule (valid-task set, N, unresolved), for analyses and screens. */
export function scoreStoredRun(store: WorkspaceStore, runId: string): RunScoring<StoredScoredResult> {
  const results = store.runs
    .results(runId)
    .map((r) => ({ runId, taskId: r.taskId, agent: r.agent, mode: r.mode, success: r.success, exit: r.exitCategory, row: r }));
  return scoreRun(results, plannedItems(store, runId));
}

/**
 * A run's items as result rows, each with its status by the one scoring rule (Table 2's classes): the input of the
 * analyses, of Review's Table 4 and agreement, and of run comparisons. `withResult` keeps only items that have a
 * stored result (an item never attempted has none).
 */
export function resultRows(store: WorkspaceStore, runId: string, opts: { agent?: string; withResult?: boolean } = {}): ResultRow[] {
  return scoreStoredRun(store, runId)
    .items.filter((i) => (opts.agent === undefined || i.agent === opts.agent) && (!opts.withResult || i.result))
    .map((i) => ({ runId, taskId: i.taskId, agent: i.agent, mode: i.mode, success: i.status === 'success', status: i.status }));
}
