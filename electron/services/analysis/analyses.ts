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
import type { VerbChoice } from '../../core/analysis/linguistics/verb-source.js';
import { annotatedVerbs, chooseVerbSource } from '../../core/analysis/linguistics/verb-source.js';
import { DEFAULT_BOOTSTRAP_SEED } from '../../core/analysis/stats/bootstrap.js';
import { resultRows } from '../runs/run-results.js';
import { errorMessage } from '../../../shared/error-message.js';
import { FM_DEFAULTS } from '../../core/analysis/attribution/factorization-machine.js';

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

/**
 * A run's items scored by the one rule (core/eval/scoring.ts): the run's valid-task set, each
 * item success / failure / unresolved / invalid — the same classes as Table 2.
 */
function resultsOf(ws: WorkspaceStore, runId: string, agent: string | undefined): ResultRow[] {
  if (!ws.runs.get(runId)) throw new AnalysisInputError(`no run "${runId}" in workspace ${ws.path}; check the run id`);
  if (!ws.runs.results(runId).some((r) => agent === undefined || r.agent === agent)) {
    throw new AnalysisInputError(
      `run "${runId}" has no results${agent === undefined ? '' : ` for agent "${agent}"`}; analyze it after it has finished tasks`,
    );
  }
  return resultRows(ws, runId, agent === undefined ? {} : { agent });
}

function leftOutNotes(rows: readonly ResultRow[], what: string): string[] {
  const unresolved = rows.filter((r) => r.status === 'unresolved').length;
  const invalid = rows.filter((r) => r.status === 'invalid').length;
  return [
    ...(unresolved
      ? [
          `warning: ${unresolved} result(s) are unresolved (infrastructure failure or unfinished) and are left out of ${what}; \`elderbench run --resume RUN\` re-attempts them`,
        ]
      : []),
    ...(invalid ? [`note: ${invalid} result(s) belong to tasks invalid for their run (the same for every agent) and are left out`] : []),
  ];
}

function unknownNote(ids: readonly string[]): string[] {
  return ids.length > 0
    ? [
        `warning: ${ids.length} task(s) are not in this workspace (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''}); import their task set for annotations`,
      ]
    : [];
}

/**
 * Features of the given tasks. The verb count is the annotated one when every task has
 * annotated verbs, else the POS tagger's for all of them (verb-source.ts), and says which.
 */
function taskFeatures(
  ws: WorkspaceStore,
  taskIds: Iterable<string>,
): { featuresOf: (taskId: string) => TaskFeatures | undefined; verbs: VerbChoice } {
  const tagger = new NlpPosTagger();
  const tasks = [...new Set(taskIds)].flatMap((id) => {
    const t = ws.tasks.get(id);
    return t ? [t] : [];
  });
  const annotated = new Map(tasks.map((t) => [t.id, annotatedVerbs(t, ws.verbAnnotations.get(t.id))]));
  const verbs = chooseVerbSource([...annotated.values()], 'the POS tagger');
  const features = new Map<string, TaskFeatures>();
  for (const t of tasks) {
    const m = measureInstruction(
      {
        id: t.id,
        instruction: t.instruction,
        lang: t.lang,
        syntactic: t.annotations.syntactic,
        semantic: t.annotations.semantic,
        scenario: t.annotations.scenario,
      },
      tagger,
    );
    const count = verbs.annotated ? annotated.get(t.id)!.verbs.length : m.verbs;
    features.set(t.id, { semantic: m.semantic, syntactic: m.syntactic, scenario: m.scenario, length: m.length, verbs: count });
  }
  return { featuresOf: (id) => features.get(id), verbs };
}

/** The instructions of a set with their annotated verbs, when they have them. */
function instructionItems(ws: WorkspaceStore, name: string | undefined): InstructionSet['items'] {
  return ws.tasks.list(name === undefined ? {} : { taskSet: name }).map((t) => {
    const full = ws.tasks.get(t.id);
    return {
      id: t.id,
      instruction: t.instruction,
      lang: t.lang,
      syntactic: t.syntactic,
      semantic: t.semantic,
      scenario: t.scenario,
      annotated: full ? annotatedVerbs(full, ws.verbAnnotations.get(t.id)) : null,
    };
  });
}

export function linguisticsAnalysis(ws: WorkspaceStore, set?: string, baselineSet?: string): AnalysisOutcome {
  const load = (name: string | undefined): InstructionSet => {
    const items = instructionItems(ws, name);
    if (items.length === 0) {
      const known = ws.tasks.sets().map((s) => s.name);
      throw new AnalysisInputError(
        name === undefined
          ? 'the workspace has no tasks; import a task set with: elderbench tasks import FILE'
          : `task set "${name}" has no tasks`,
        known.length > 0 ? [`task sets here: ${known.join(', ')}`] : [],
      );
    }
    return { name: name ?? 'workspace', items };
  };
  const sets = [load(set), ...(baselineSet === undefined ? [] : [load(baselineSet)])];
  let result;
  try {
    result = analyzeLinguistics(sets, new NlpPosTagger());
  } catch (e) {
    throw new AnalysisInputError(errorMessage(e));
  }
  return {
    report: linguisticsReport(result),
    extra: { sets: result.sets, verbSources: result.verbSources, metrics: result.metrics },
    notes: [
      ...result.sets.map((s, i) => `note: verbs of ${s.name}: ${result.verbSources[i]!.label}`),
      ...result.notes.map((n) => `note: ${n}`),
    ],
  };
}

export function normalizationAnalysis(
  ws: WorkspaceStore,
  origId: string,
  rewrId: string,
  agent: string | undefined,
  boot = { resamples: 10_000, seed: DEFAULT_BOOTSTRAP_SEED },
): AnalysisOutcome {
  const paired = pairRuns(resultsOf(ws, origId, agent), resultsOf(ws, rewrId, agent), (id) => ws.tasks.get(id)?.annotations.semantic);
  const notes = [
    ...(paired.unpaired > 0 ? [`warning: ${paired.unpaired} result(s) appear in only one of the two runs and are left out`] : []),
    ...(paired.unresolved > 0
      ? [
          `warning: ${paired.unresolved} pair(s) have an unresolved side (infrastructure failure or unfinished) and are left out of McNemar and the bootstrap; \`elderbench run --resume RUN\` re-attempts them`,
        ]
      : []),
    ...(paired.invalid > 0 ? [`note: ${paired.invalid} pair(s) are on tasks invalid in either run and are left out`] : []),
    ...unknownNote(paired.unknownTasks),
  ];
  if (paired.byAgent.every((g) => g.pairs.length === 0)) {
    throw new AnalysisInputError(
      `runs "${origId}" and "${rewrId}" share no (task, agent, mode) pair scored in both; resume them or run the same tasks and agents in both`,
      notes,
    );
  }
  const studies = paired.byAgent
    .filter((g) => g.pairs.length > 0)
    .map(({ agent: a, pairs }) => ({ agent: a, study: normalizationStudy(pairs, boot) }));
  return { report: normalizationReport(studies), extra: { runs: [origId, rewrId], studies }, notes };
}

export function failuresAnalysis(ws: WorkspaceStore, ids: readonly string[], agent: string | undefined, byAgent: boolean): AnalysisOutcome {
  const results = ids.flatMap((id) => resultsOf(ws, id, agent));
  const labels = ids.flatMap((id) => ws.labels.forRun(id).map((l) => ({ ...l, runId: id })));
  // Labels are per run: join within each run so one run's label never marks another's result.
  const failed = ids.flatMap((id) =>
    failedWithLabels(
      results.filter((r) => r.runId === id),
      labels.filter((l) => l.runId === id),
    ),
  );
  const judged = ids.flatMap((id) =>
    judgedResults(
      results.filter((r) => r.runId === id),
      labels.filter((l) => l.runId === id),
    ),
  );
  const tables = failureTables(failed, byAgent);
  const judge = judgeAgreement(judged);
  const notes = [
    ...leftOutNotes(results, 'the failure table (they are not failures of the agent)'),
    ...(failed.length === 0 ? ['note: these runs have no failed results'] : []),
    ...(!judge ? ['note: no result has a human verdict yet, so judge agreement is not reported'] : []),
  ];
  return { report: failuresReport(tables, judge), extra: { runs: ids, failures: tables, judgeAgreement: judge }, notes };
}

/** The FM settings the attribution uses unless told otherwise (the window uses these; the CLI can change them). */
export const ATTRIBUTION_DEFAULTS = { epochs: FM_DEFAULTS.epochs, learningRate: FM_DEFAULTS.learningRate, seed: FM_DEFAULTS.seed, top: 10 };

export function attributionAnalysis(
  ws: WorkspaceStore,
  ids: readonly string[],
  agent: string | undefined,
  fm: { epochs: number; learningRate: number; seed: number } = ATTRIBUTION_DEFAULTS,
  top: number = ATTRIBUTION_DEFAULTS.top,
  checks: { permutations?: number; folds?: number } = {},
): AnalysisOutcome {
  const results = ids.flatMap((id) => resultsOf(ws, id, agent));
  const { featuresOf, verbs } = taskFeatures(
    ws,
    results.map((r) => r.taskId),
  );
  const { observations, unknownTasks } = attributionObservations(results, featuresOf);
  let result;
  try {
    result = attribution(observations, {
      fm,
      topInteractions: top,
      null: { permutations: checks.permutations ?? 200, seed: fm.seed + 1 },
      cv: { folds: checks.folds ?? 5, seed: fm.seed + 2 },
    });
  } catch (e) {
    throw new AnalysisInputError(errorMessage(e));
  }
  return {
    report: attributionReport(result, verbs.label),
    extra: { runs: ids, attribution: result, verbSource: verbs },
    notes: [
      ...leftOutNotes(results, 'the attribution'),
      ...unknownNote(unknownTasks),
      `note: verbs: ${verbs.label}`,
      ...result.notes.map((n) => `note: ${n}`),
    ],
  };
}
