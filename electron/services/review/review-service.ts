import type { ElderBenchHandlers } from '../../../shared/api/index.js';
import { ApiError } from '../../../shared/api/index.js';
import type { LabelDto, ReviewKey, ReviewSummary, ReviewTaskRow, RunComparisonRow, Trajectory } from '../../../shared/domain/review.js';
import type { Label } from '../../adapters/db/repositories/labels-repo.js';
import type { RunResult } from '../../adapters/db/repositories/runs-repo.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { failureTable, judgeAgreement } from '../../core/analysis/failures/failure-table.js';
import { keptFrames } from '../../core/eval/frame-sampling.js';
import type { ItemStatus } from '../../core/eval/scoring.js';
import { DEFAULT_VLM_JUDGE_OPTIONS, sampleFrames } from '../../core/eval/vlm-judge.js';
import { failuresReport } from '../../core/analysis/report/failures-report.js';
import type { ResultRow } from '../../core/analysis/run-data.js';
import { failedWithLabels, judgedResults } from '../../core/analysis/run-data.js';
import { resultRows, scoreStoredRun } from '../runs/run-results.js';
import { stepView } from '../recording/recording-service.js';
import type { ServiceContext } from '../service-context.js';
import type { ScreenSize } from '../../../shared/domain/ui-node.js';
import { DEFAULT_SCREEN } from '../../../shared/domain/action-px.js';
import { graphScreen } from '../../../shared/domain/task-graph.js';

const keyOf = (r: { taskId: string; agent: string; mode: string }): string => JSON.stringify([r.taskId, r.agent, r.mode]);

function requireRun(store: WorkspaceStore, runId: string): void {
  if (!store.runs.get(runId)) throw new ApiError('not_found', `no run "${runId}" in this workspace`);
}

const toLabelDto = (l: Label | undefined): LabelDto | null =>
  l ? { failureCategory: l.failureCategory, humanVerdict: l.humanVerdict, notes: l.notes } : null;

/** Online results carry the judge's verdict; unreadable or missing verdicts are null. */
function judgePassOf(r: RunResult): boolean | null {
  return r.details.judge?.pass ?? null;
}

/** Each result's status under the run's scoring rule (success / failure / unresolved / invalid). */
function statuses(store: WorkspaceStore, runId: string): Map<string, ItemStatus> {
  return new Map(
    scoreStoredRun(store, runId)
      .items.filter((i) => i.result)
      .map((i) => [keyOf(i), i.status]),
  );
}

function taskRow(
  store: WorkspaceStore,
  r: RunResult,
  label: Label | undefined,
  cache: Map<string, ReturnType<WorkspaceStore['tasks']['get']>>,
  status: ItemStatus,
): ReviewTaskRow {
  if (!cache.has(r.taskId)) cache.set(r.taskId, store.tasks.get(r.taskId));
  const task = cache.get(r.taskId);
  return {
    taskId: r.taskId,
    agent: r.agent,
    mode: r.mode,
    success: r.success,
    exit: r.exitCategory,
    status,
    steps: r.details.steps ?? 0,
    instruction: task?.instruction ?? '',
    translation: task?.translation ?? null,
    lang: task?.lang ?? 'zh',
    app: task?.app ?? '',
    semantic: task?.annotations.semantic ?? '',
    syntactic: task?.annotations.syntactic ?? '',
    scenario: task?.annotations.scenario ?? '',
    judgePass: r.mode === 'online' ? judgePassOf(r) : null,
    label: toLabelDto(label),
  };
}

/** Every result of a run joined with its task's annotations and its reviewer's label. */
export function reviewRows(store: WorkspaceStore, runId: string): ReviewTaskRow[] {
  requireRun(store, runId);
  const labels = new Map(store.labels.forRun(runId).map((l) => [keyOf(l), l]));
  const cache = new Map<string, ReturnType<WorkspaceStore['tasks']['get']>>();
  const status = statuses(store, runId);
  return store.runs.results(runId).map((r) => taskRow(store, r, labels.get(keyOf(r)), cache, status.get(keyOf(r))!));
}

function screenOf(store: WorkspaceStore, r: RunResult): ScreenSize {
  const device = r.details.deviceInfo?.screen;
  if (device) return device;
  const graph = r.mode === 'offline' ? store.graphs.latest(r.taskId) : undefined;
  return graph ? graphScreen(graph.body) : { ...DEFAULT_SCREEN };
}

/**
 * Online: the screens the judge looked at, by blob id (added to the result as `judgeFrames`).
 * The rule judge reads the device, so it is shown the final screen; the VLM judge also sees
 * the same evenly sampled earlier frames it was sent (core/eval/vlm-judge.ts).
 */
function judgeFrames(r: RunResult, steps: { observationBlob: string | null }[]): { judgeFrames?: string[] } {
  const d = r.details;
  if (r.mode !== 'online' || !d.judge) return {};
  const final = d.finalBlob ? [d.finalBlob] : [];
  if (d.judge.judge === 'rule') return { judgeFrames: final };
  // The runner kept every step screen (thinned evenly on long runs) and the judge sampled over them all.
  const earlier = keptFrames(steps.map((s) => s.observationBlob)).filter((b): b is string => b !== null);
  return { judgeFrames: [...sampleFrames(earlier, DEFAULT_VLM_JUDGE_OPTIONS.sampledFrames), ...final] };
}

export function trajectory(store: WorkspaceStore, key: ReviewKey): Trajectory {
  requireRun(store, key.runId);
  const result = store.runs.results(key.runId).find((r) => keyOf(r) === keyOf(key));
  if (!result) throw new ApiError('not_found', `run "${key.runId}" has no result for ${key.taskId} · ${key.agent} · ${key.mode}`);
  const label = store.labels.forRun(key.runId).find((l) => keyOf(l) === keyOf(key));
  const steps = store.runs.steps(key).map((s) => ({
    idx: s.idx,
    action: s.action,
    raw: s.rawOutput,
    observationBlob: s.observationBlob,
    details: s.details,
    timings: s.timings,
    usage: s.usage,
  }));
  const demo = store.demonstrations.firstFinished(key.taskId);
  return {
    key,
    row: taskRow(store, result, label, new Map(), statuses(store, key.runId).get(keyOf(key))!),
    steps,
    result: { ...result.details, ...judgeFrames(result, steps) },
    human: demo ? store.demonstrations.steps(demo.id).map(stepView) : null,
    screen: screenOf(store, result),
  };
}

/** A run's stored results as scored rows (the analyses' input), with each result's status. */
function scoredRows(store: WorkspaceStore, runId: string): ResultRow[] {
  return resultRows(store, runId, { withResult: true });
}

/**
 * Table 4 and judge agreement from a run's labels, over the same scored results as Table 2:
 * unresolved and invalid results are not failures of the agent and are left out (and counted).
 * A human verdict overrides the automatic one for Table 4 (a failure the reviewer calls a
 * success is not a failure); agreement compares the automatic verdict with the human one.
 */
export function reviewSummary(store: WorkspaceStore, runId: string): ReviewSummary {
  requireRun(store, runId);
  const results = scoredRows(store, runId);
  const labels = store.labels.forRun(runId);
  const table = failureTable(failedWithLabels(results, labels));
  const agreement = judgeAgreement(judgedResults(results, labels));
  const failures = failuresReport([table], null).tables[0]!;
  const unresolved = results.filter((r) => r.status === 'unresolved').length;
  const invalid = results.filter((r) => r.status === 'invalid').length;
  if (unresolved)
    failures.notes.push(
      `${unresolved} unresolved result(s) (infrastructure failure) are not failures of the agent and are left out; resume the run to resolve them.`,
    );
  if (invalid) failures.notes.push(`${invalid} result(s) on tasks invalid for this run are left out.`);
  return {
    failures,
    judgeAgreement: agreement
      ? { n: agreement.n, agreement: agreement.percentAgreement, kappa: agreement.kappa }
      : { n: 0, agreement: null, kappa: null },
  };
}

/**
 * Both runs' verdicts per (task, agent, mode); null where a run has no scored result (none,
 * unresolved, or an invalid task). Human overrides count.
 */
export function compareRuns(store: WorkspaceStore, runA: string, runB: string): RunComparisonRow[] {
  requireRun(store, runA);
  requireRun(store, runB);
  const verdicts = (runId: string): Map<string, boolean | null> => {
    const labels = new Map(store.labels.forRun(runId).map((l) => [keyOf(l), l.humanVerdict]));
    return new Map(
      scoredRows(store, runId).map((r) => {
        if (r.status !== 'success' && r.status !== 'failure') return [keyOf(r), null];
        const human = labels.get(keyOf(r)) ?? null;
        return [keyOf(r), human === null ? r.success : human === 'success'];
      }),
    );
  };
  const a = verdicts(runA);
  const b = verdicts(runB);
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  return keys.map((k) => {
    const [taskId, agent, mode] = JSON.parse(k) as [string, string, string];
    return { taskId, agent, mode, a: a.get(k) ?? null, b: b.get(k) ?? null };
  });
}

export function reviewService(ctx: ServiceContext): ElderBenchHandlers['review'] {
  return {
    tasks: ({ runId }) => reviewRows(ctx.store(), runId),
    trajectory: (key) => trajectory(ctx.store(), key),
    label: ({ runId, taskId, agent, mode, failureCategory, humanVerdict, notes }) => {
      const store = ctx.store();
      requireRun(store, runId);
      if (!store.runs.resultKeys(runId).has(`${taskId}|${agent}|${mode}`)) {
        throw new ApiError('not_found', `run "${runId}" has no result for ${taskId} · ${agent} · ${mode}`);
      }
      const category = failureCategory?.trim() ? failureCategory.trim() : null;
      store.labels.put({ runId, taskId, agent, mode, failureCategory: category, humanVerdict, notes });
      ctx.events.emit('system', 'onDataChanged', { table: 'runs' });
      return null;
    },
    summary: ({ runId }) => reviewSummary(ctx.store(), runId),
    compare: ({ runA, runB }) => compareRuns(ctx.store(), runA, runB),
  };
}
