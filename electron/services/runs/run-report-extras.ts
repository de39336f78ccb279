import type { ScatterChartSpec, TableModel } from '../../../shared/domain/analysis.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { Run, RunResult } from '../../adapters/db/repositories/runs-repo.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { AgentCost, CostValue } from '../../core/eval/cost.js';
import { callCost, costSrChart, costTable, meanCost, priceLookup, sumCosts } from '../../core/eval/cost.js';
import { judgeAccuracy, judgeAccuracyTable, judgeVerdicts, judgeWarnings } from '../../core/eval/judge-accuracy.js';
import type { LabelledResult } from '../../core/eval/judge-accuracy.js';
import type { RunMetrics } from '../../core/eval/metrics.js';
import type { CreditResult } from '../../core/eval/partial-credit.js';
import { partialCreditByCategory, partialCreditTable } from '../../core/eval/partial-credit.js';
import type { PlannedItem } from '../../core/eval/scoring.js';
import { scoreRun } from '../../core/eval/scoring.js';
import { trialCount } from './trials-report.js';

/** What a run spent, as the manifest of its bundle states it (USD, or why not). */
export interface RunCostSummary {
  prices: { date: string; source: string } | null;
  agents: Record<string, { model: string | null; perTaskUsd: CostValue | null; runUsd: CostValue }>;
  judge: { model: string | null; usd: CostValue } | null;
  totalUsd: CostValue;
}

/** The report's parts for publishing: cost (Table 2's columns, a table, a chart), partial credit, repeated trials, the judges measured. */
export interface ReportExtras {
  /** Table 2 with its cost columns added. */
  withCost(t2: TableModel): TableModel;
  /** After Table 2 and its companion for repeated trials. */
  afterTable2: TableModel[];
  /** At the end of the report. */
  atEnd: TableModel[];
  /** After the SR breakdowns. */
  afterBreakdowns: TableModel[];
  costChart: { spec: ScatterChartSpec; description: string } | null;
  /** Lines `report` prints on stderr (a judge with F1 < 0.9 or fewer than 30 labels). */
  warnings: string[];
  cost: RunCostSummary;
}

const usageOf = (r: RunResult) => ({
  promptTokens: r.details.stats?.promptTokens ?? null,
  completionTokens: r.details.stats?.completionTokens ?? null,
  images: r.details.stats?.images ?? 0,
});

export function reportExtras(
  store: WorkspaceStore,
  run: Run,
  results: readonly RunResult[],
  plan: readonly PlannedItem[] | undefined,
  tasks: ReadonlyMap<string, Task>,
  m: RunMetrics,
): ReportExtras {
  const manifest = run.manifest;
  const price = priceLookup(manifest.prices);
  const modelOf = (agent: string): string | null => manifest.agents[agent]?.model ?? null;
  const judgeModel = manifest.judge?.model ?? null;
  const all = store.runs.allResults(run.id);

  // Partial credit and cost per task ride on the first trial's scoring (the same N as SR).
  const scoring = scoreRun(
    results.map((r) => ({
      taskId: r.taskId,
      agent: r.agent,
      mode: r.mode,
      success: r.success,
      exit: r.exitCategory,
      goal: (r.mode === 'offline' ? r.details.goal : r.details.judge?.goal) ?? null,
      row: r,
    })) satisfies (CreditResult & { row: RunResult })[],
    plan,
  );
  const agents: AgentCost[] = scoring.agents.map((agent) => {
    const model = modelOf(agent);
    const scored = scoring.items.filter((i) => i.agent === agent && (i.status === 'success' || i.status === 'failure'));
    const mine = all.filter((r) => r.agent === agent);
    const tokens = (k: 'promptTokens' | 'completionTokens'): number | null =>
      mine.some((r) => usageOf(r)[k] === null) ? null : mine.reduce((a, r) => a + usageOf(r)[k]!, 0);
    return {
      agent,
      model,
      perTask: meanCost(scored.map((i) => callCost(usageOf(i.result!.row), price(model)))),
      run: sumCosts(mine.map((r) => callCost(usageOf(r), price(model)))),
      promptTokens: tokens('promptTokens'),
      completionTokens: tokens('completionTokens'),
      images: mine.reduce((a, r) => a + usageOf(r).images, 0),
      sr: m.agents.find((a) => a.agent === agent)?.overall.sr ?? null,
    };
  });
  const judged = all.filter((r) => r.details.judge);
  const judge = judged.length
    ? {
        model: judgeModel,
        cost: sumCosts(
          judged.map((r) => {
            const t = r.details.judge!.tokens;
            if (judgeModel === null) return 0;
            return t ? callCost({ promptTokens: t.prompt, completionTokens: t.completion, images: 0 }, price(judgeModel)) : 'no usage';
          }),
        ),
      }
    : null;
  const cost = costTable(agents, judge, manifest.prices ?? null);

  // The judges against the reviewers' verdicts (first trial; scored results only).
  const labels = new Map(store.labels.forRun(run.id).map((l) => [`${l.taskId}\u0000${l.agent}\u0000${l.mode}`, l.humanVerdict]));
  const labelled: LabelledResult[] = scoring.items.flatMap((i) => {
    const human = labels.get(`${i.taskId}\u0000${i.agent}\u0000${i.mode}`);
    if (!human || !i.result || (i.status !== 'success' && i.status !== 'failure')) return [];
    const r = i.result.row;
    return [
      {
        taskId: r.taskId,
        mode: r.mode,
        exit: r.exitCategory,
        success: r.success,
        judge: r.details.judge,
        human,
        category: tasks.get(r.taskId)?.annotations.semantic ?? '(unknown task)',
      },
    ];
  });
  const ran = [
    ...new Set(
      results.flatMap((r) =>
        Object.keys(judgeVerdicts({ mode: r.mode, exit: r.exitCategory, success: r.success, judge: r.details.judge })),
      ),
    ),
  ];
  const accuracy = judgeAccuracy(labelled, ran);

  const trials = trialCount(run);

  const byAgent = new Map(agents.map((a) => [a.agent, a]));
  return {
    withCost: (t2) => ({
      ...t2,
      columns: [
        ...t2.columns,
        { key: 'cost_task', header: 'Cost per task (USD)', align: 'right', format: { kind: 'fixed', digits: 4 } },
        { key: 'cost_run', header: 'Run cost (USD)', align: 'right', format: { kind: 'fixed', digits: 4 } },
      ],
      rows: t2.rows.map((r) => ({
        ...r,
        cost_task: byAgent.get(String(r.agent))?.perTask ?? null,
        cost_run: byAgent.get(String(r.agent))?.run ?? null,
      })),
      notes: [
        ...t2.notes,
        'Cost: USD from the tokens billed and the prices frozen in the manifest (see the Cost table); "no price" where the price table has none, never 0.',
        ...(trials > 1
          ? [`This run has ${trials} trials per task: Table 2 is the first trial; pass@k and pass^k are in the table after it.`]
          : []),
      ],
    }),
    afterTable2: [partialCreditTable(scoring), cost],
    afterBreakdowns: [partialCreditByCategory(scoring, tasks)],
    atEnd: [judgeAccuracyTable(accuracy)],
    costChart: costSrChart(agents),
    warnings: judgeWarnings(accuracy),
    cost: {
      prices: manifest.prices ? { date: manifest.prices.date, source: manifest.prices.source } : null,
      agents: Object.fromEntries(agents.map((a) => [a.agent, { model: a.model, perTaskUsd: a.perTask, runUsd: a.run }])),
      judge: judge ? { model: judge.model, usd: judge.cost } : null,
      totalUsd: sumCosts([...agents.map((a) => a.run), ...(judge ? [judge.cost] : [])]),
    },
  };
}
