import type { TableModel } from '../../../shared/domain/analysis.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { AgentMetrics, RunMetrics } from '../../core/eval/metrics.js';
import { runMetrics } from '../../core/eval/metrics.js';
import type { RecordedGraph } from '../../core/eval/run-report.js';
import { behaviourTable, breakdownTable, graphsTable, table2, unresolvedWarning } from '../../core/eval/run-report.js';
import { askReport } from './ask-report.js';
import { rescoreTable } from '../../core/eval/rescore-table.js';
import { harmTable, sideEffectsTable } from '../../core/eval/harm-report.js';
import { deterministicResults, plannedItems, toMetricInput } from './run-results.js';
import { trialCount, trialsTable } from './trials-report.js';
import { runCost } from './cost-report.js';
import { partialCreditTables } from './partial-credit-report.js';
import { judgeAccuracyReport } from './judge-accuracy-report.js';
import type { RunCost, RunCostSummary } from './cost-report.js';
import { scoreRun } from '../../core/eval/scoring.js';

export interface RunReport {
  runId: string;
  status: string;
  /** Per agent: overall / online / offline and breakdowns, all over the run's valid-task set. */
  metrics: AgentMetrics[];
  /** True for the `--exclude-unresolved` view (SR over each agent's own scored tasks). */
  excludeUnresolved: boolean;
  /** The warning printed under Table 2 while results are unresolved; null when none are. */
  unresolvedWarning: string | null;
  invalidTasks: RunMetrics['invalidTasks'];
  tables: TableModel[];
  /** Per-task outcomes without times or ids: byte-identical across identical offline runs. */
  results: unknown[];
  /** Offline: each task's graph version and its standing when the run was created. */
  graphs: RecordedGraph[];
  /** Offline: the matching rules in force, in words. */
  matchRules: string[];
  /** What `report` prints on stderr about the judges: an F1 below 0.9, or fewer than 30 reviewer labels behind it. */
  judgeWarnings: string[];
  /** USD per agent, judge and run (or why not), from the prices frozen in the manifest. */
  cost: RunCostSummary;
  /** Cost per task against SR with the Pareto front (null: no agent has a known cost). */
  costChart: RunCost['chart'];
}

/** Steps of each task's first human demonstration (for the steps-vs-human ratio). */
function humanSteps(store: WorkspaceStore, taskIds: Iterable<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of taskIds) {
    const d = store.demonstrations.firstFinished(id);
    if (d) out.set(id, store.demonstrations.steps(d.id).filter((s) => s.action).length);
  }
  return out;
}

/** With repeated trials, Table 2 says that it is the first trial's. */
function firstTrialNoted(t2: TableModel, trials: number): TableModel {
  if (trials <= 1) return t2;
  return {
    ...t2,
    notes: [...t2.notes, `This run has ${trials} trials of every task: this table is the first trial's; pass@k and pass^k follow.`],
  };
}

export function buildRunReport(store: WorkspaceStore, runId: string, o: { excludeUnresolved?: boolean } = {}): RunReport {
  const run = store.runs.get(runId);
  if (!run) throw new Error(`no run ${runId} in ${store.path}; list runs with: elderbench run --list`);
  const results = store.runs.results(runId);
  const plan = plannedItems(store, runId);
  const taskIds = new Set([...results.map((r) => r.taskId), ...(plan ?? []).map((p) => p.taskId)]);
  const tasks = new Map<string, Task>();
  for (const id of taskIds) {
    const t = store.tasks.get(id);
    if (t) tasks.set(id, t);
  }
  // The counts frozen in the manifest when the run was created (the same in a workspace the run is imported into);
  // runs created before they were recorded count this workspace's demonstrations.
  const frozen = run.manifest.humanSteps;
  const m = runMetrics(results.map(toMetricInput), tasks, plan, {
    humanSteps: frozen ? new Map(Object.entries(frozen)) : humanSteps(store, taskIds),
    excludeUnresolved: o.excludeUnresolved === true,
  });
  const manifest = run.manifest;
  const graphs: RecordedGraph[] = Object.entries(manifest.graphVersions)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([taskId, version]) => ({ taskId, version, trust: manifest.graphs[taskId]?.trust ?? null }));
  const matchRules = manifest.matchRules;
  const asking = askReport(store, runId);
  const harm = harmTable(m);
  const effects = sideEffectsTable(
    results.flatMap((r) =>
      r.details.sideEffects?.effects.length
        ? [{ taskId: r.taskId, agent: r.agent, effects: r.details.sideEffects.effects, failed: r.details.sideEffects.failed === true }]
        : [],
    ),
  );
  const t2 = table2(m, runId);
  t2.notes.push(
    manifest.spec?.failOnSideEffects
      ? "SR here counts a task with a side effect as a failure (run --fail-on-side-effects); the paper's SR (finished and judged successful) does not."
      : "SR is the paper's: finished and judged successful, whatever else the agent changed (run --fail-on-side-effects counts side effects as failures).",
  );
  const trials = trialsTable(store, run, plan);
  const scoring = scoreRun(
    results.map((r) => ({ taskId: r.taskId, agent: r.agent, mode: r.mode, success: r.success, exit: r.exitCategory, row: r })),
    plan,
  );
  const cost = runCost(store, run, scoring, m);
  const credit = partialCreditTables(results, plan, tasks);
  const judges = judgeAccuracyReport(store, runId, scoring, tasks);
  return {
    runId,
    status: run.status,
    metrics: m.agents,
    excludeUnresolved: m.excludeUnresolved,
    unresolvedWarning: unresolvedWarning(m, runId),
    invalidTasks: m.invalidTasks,
    tables: [
      cost.withCostColumns(firstTrialNoted(t2, trialCount(run))),
      ...(trials ? [trials] : []),
      cost.table,
      credit.perAgent,
      behaviourTable(m),
      ...(asking ? [asking] : []),
      ...(harm ? [harm] : []),
      ...(effects ? [effects] : []),
      ...(['semantic', 'syntactic', 'scenario', 'app'] as const).map((b) => breakdownTable(m, b)),
      credit.bySemantic,
      ...(graphs.length ? [graphsTable(graphs, matchRules)] : []),
      ...(manifest.rescores.length ? [rescoreTable(manifest.rescores)] : []),
      judges.table,
    ],
    results: deterministicResults(store, runId),
    graphs,
    matchRules,
    judgeWarnings: judges.warnings,
    cost: cost.summary,
    costChart: cost.chart,
  };
}
