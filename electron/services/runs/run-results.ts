import type { RunResult } from '../../adapters/db/repositories/runs-repo.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { ResultForMetrics } from '../../core/eval/metrics.js';
import type { ExitCategory, JudgeVerdict } from '../../core/eval/outcome.js';

/** Reads a stored result's metric inputs (written by the executor's commit). */
export function toMetricInput(r: RunResult): ResultForMetrics {
  const d = r.details as { steps?: number; stats?: { stepMs?: number[]; tokens?: number | null }; judge?: JudgeVerdict; attempts?: number };
  return {
    taskId: r.taskId, agent: r.agent, mode: r.mode, success: r.success, exit: r.exitCategory as ExitCategory, steps: d.steps ?? 0,
    stepMs: d.stats?.stepMs ?? [], tokens: d.stats?.tokens ?? null,
    judgeTokens: (d.judge?.tokens?.prompt ?? 0) + (d.judge?.tokens?.completion ?? 0), judgeMs: d.judge?.ms ?? 0,
    judgeAgreement: d.judge?.agreement ?? null,
    retries: Math.max(0, (d.attempts ?? 1) - 1),
  };
}

/**
 * The results of a run without anything that varies between identical runs (times, ids,
 * timestamps, blob ids of live screens): two runs of the same offline pass give the same
 * bytes, so published numbers can be checked by re-running.
 */
export function deterministicResults(store: WorkspaceStore, runId: string): unknown[] {
  return store.runs.results(runId).map((r) => {
    const d = r.details as { path?: string[]; finalNode?: string; finalDone?: boolean; steps?: number; graphVersion?: number; stats?: { tokens?: number | null } };
    const steps = store.runs.steps({ runId, taskId: r.taskId, agent: r.agent, mode: r.mode }).map((s) => ({
      idx: s.idx,
      action: s.action,
      match: (s.details as { match?: unknown }).match ?? null,
      node: (s.details as { node?: unknown }).node ?? null,
    }));
    return {
      taskId: r.taskId, agent: r.agent, mode: r.mode, success: r.success, exit: r.exitCategory,
      ...(r.mode === 'offline' ? { graphVersion: d.graphVersion ?? null, path: d.path ?? [], finalNode: d.finalNode ?? null, finalDone: d.finalDone ?? null } : {}),
      tokens: d.stats?.tokens ?? null,
      steps,
    };
  });
}
