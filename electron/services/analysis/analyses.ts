import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { NlpPosTagger } from '../../adapters/nlp-pos/pos-tagger.js';
import { attribution } from '../../core/analysis/attribution/attribution.js';
import { failureTables, judgeAgreement } from '../../core/analysis/failures/failure-table.js';
import { measureInstruction } from '../../core/analysis/linguistics/instruction-metrics.js';
import type { InstructionSet } from '../../core/analysis/linguistics/linguistic-analysis.js';
import { analyzeLinguistics } from '../../core/analysis/linguistics/linguistic-analysis.js';
import { normalizationStudy } from '../../core/analysis/normalization/normalization-study.js';
import { attributionReport } from '../../core/analysis/report/attribution-report.js';
import { failuresReport } from '../../core/analysis/report/failures-report.js';
import { linguisticsReport } from '../../core/analysis/report/linguistics-report.js';
import { normalizationReport } from '../../core/analysis/report/normalization-report.js';
import type { AnalysisReport } from '../../core/analysis/report/report.js';
import type { ResultRow, TaskFeatures } from '../../core/analysis/run-data.js';
import { attributionObservations, failedWithLabels, judgedResults, pairRuns } from '../../core/analysis/run-data.js';
import { DEFAULT_BOOTSTRAP_SEED } from '../../core/analysis/stats/bootstrap.js';

/**
 * The paper's analyses over a workspace, shared by `elderbench analyze` and the Analysis
 * screen. Each returns the report (tables + chart specs), the raw figures, and notes for
 * the reader; problems a user can fix are thrown as AnalysisInputError with how to fix them.
 */
export interface AnalysisOutcome {
  report: AnalysisReport;
  extra: Record<string, unknown>;
  notes: string[];
}

export class AnalysisInputError extends Error {
  override readonly name = 'AnalysisInputError';
  constructor(
    message: string,
    readonly details: string[] = [],
  ) {
    super(message);
  }
}

function resultsOf(ws: WorkspaceStore, runId: string, agent: string | undefined): ResultRow[] {
  if (!ws.runs.get(runId)) throw new AnalysisInputError(`no run "${runId}" in workspace ${ws.path}; check the run id`);
  const rows = ws.runs.results(runId).filter((r) => agent === undefined || r.agent === agent);
  if (rows.length === 0) {
    throw new AnalysisInputError(`run "${runId}" has no results${agent === undefined ? '' : ` for agent "${agent}"`}; analyze it after it has finished tasks`);
  }
  return rows;
}

function unknownNote(ids: readonly string[]): string[] {
  return ids.length > 0 ? [`warning: ${ids.length} task(s) are not in this workspace (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}); import their task set for annotations`] : [];
}

function taskFeatures(ws: WorkspaceStore): (taskId: string) => TaskFeatures | undefined {
  const tagger = new NlpPosTagger();
  const cache = new Map<string, TaskFeatures | undefined>();
  return (taskId) => {
    if (!cache.has(taskId)) {
      const t = ws.tasks.get(taskId);
      if (!t) cache.set(taskId, undefined);
      else {
        const m = measureInstruction(
          { id: t.id, instruction: t.instruction, lang: t.lang, syntactic: t.annotations.syntactic, semantic: t.annotations.semantic, scenario: t.annotations.scenario },
          tagger,
        );
        cache.set(taskId, { semantic: m.semantic, syntactic: m.syntactic, scenario: m.scenario, length: m.length, verbs: m.verbs });
      }
    }
    return cache.get(taskId);
  };
}

export function linguisticsAnalysis(ws: WorkspaceStore, set?: string, baselineSet?: string): AnalysisOutcome {
  const load = (name: string | undefined): InstructionSet => {
    const items = ws.tasks.list(name === undefined ? {} : { taskSet: name });
    if (items.length === 0) {
      const known = ws.tasks.sets().map((s) => s.name);
      throw new AnalysisInputError(
        name === undefined ? 'the workspace has no tasks; import a task set with: elderbench tasks import FILE' : `task set "${name}" has no tasks`,
        known.length > 0 ? [`task sets here: ${known.join(', ')}`] : [],
      );
    }
    return { name: name ?? 'workspace', items: items.map((t) => ({ id: t.id, instruction: t.instruction, lang: t.lang, syntactic: t.syntactic, semantic: t.semantic, scenario: t.scenario })) };
  };
  const sets = [load(set), ...(baselineSet === undefined ? [] : [load(baselineSet)])];
  let result;
  try {
    result = analyzeLinguistics(sets, new NlpPosTagger());
  } catch (e) {
    throw new AnalysisInputError((e as Error).message);
  }
  return { report: linguisticsReport(result), extra: { sets: result.sets, metrics: result.metrics }, notes: result.notes.map((n) => `note: ${n}`) };
}

export function normalizationAnalysis(ws: WorkspaceStore, origId: string, rewrId: string, agent: string | undefined, boot = { resamples: 10_000, seed: DEFAULT_BOOTSTRAP_SEED }): AnalysisOutcome {
  const paired = pairRuns(resultsOf(ws, origId, agent), resultsOf(ws, rewrId, agent), (id) => ws.tasks.get(id)?.annotations.semantic);
  if (paired.byAgent.length === 0) {
    throw new AnalysisInputError(`runs "${origId}" and "${rewrId}" share no (task, agent, mode) results; run the same tasks and agents in both`);
  }
  const notes = [
    ...(paired.unpaired > 0 ? [`warning: ${paired.unpaired} result(s) appear in only one of the two runs and are left out`] : []),
    ...unknownNote(paired.unknownTasks),
  ];
  const studies = paired.byAgent.map(({ agent: a, pairs }) => ({ agent: a, study: normalizationStudy(pairs, boot) }));
  return { report: normalizationReport(studies), extra: { runs: [origId, rewrId], studies }, notes };
}

export function failuresAnalysis(ws: WorkspaceStore, ids: readonly string[], agent: string | undefined, byAgent: boolean): AnalysisOutcome {
  const results = ids.flatMap((id) => resultsOf(ws, id, agent));
  const labels = ids.flatMap((id) => ws.labels.forRun(id).map((l) => ({ ...l, runId: id })));
  // Labels are per run: join within each run so one run's label never marks another's result.
  const failed = ids.flatMap((id) => failedWithLabels(results.filter((r) => r.runId === id), labels.filter((l) => l.runId === id)));
  const judged = ids.flatMap((id) => judgedResults(results.filter((r) => r.runId === id), labels.filter((l) => l.runId === id)));
  const tables = failureTables(failed, byAgent);
  const judge = judgeAgreement(judged);
  const notes = [
    ...(failed.length === 0 ? ['note: these runs have no failed results'] : []),
    ...(!judge ? ['note: no result has a human verdict yet, so judge agreement is not reported'] : []),
  ];
  return { report: failuresReport(tables, judge), extra: { runs: ids, failures: tables, judgeAgreement: judge }, notes };
}

export function attributionAnalysis(
  ws: WorkspaceStore,
  ids: readonly string[],
  agent: string | undefined,
  fm: { epochs: number; learningRate: number; seed: number },
  top: number,
): AnalysisOutcome {
  const results = ids.flatMap((id) => resultsOf(ws, id, agent));
  const { observations, unknownTasks } = attributionObservations(results, taskFeatures(ws));
  let result;
  try {
    result = attribution(observations, { fm, topInteractions: top });
  } catch (e) {
    throw new AnalysisInputError((e as Error).message);
  }
  return { report: attributionReport(result), extra: { runs: ids, attribution: result }, notes: [...unknownNote(unknownTasks), ...result.notes.map((n) => `note: ${n}`)] };
}
