import type { ScatterChartSpec, TableModel } from '../../../shared/domain/analysis.js';
import type { Run, RunResult } from '../../adapters/db/repositories/runs-repo.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { AgentCost, CostValue } from '../../core/eval/cost.js';
import { callCost, costSrChart, costTable, meanCost, priceLookup, sumCosts } from '../../core/eval/cost.js';
import type { RunMetrics } from '../../core/eval/metrics.js';
import type { RunScoring, ScoredResult } from '../../core/eval/scoring.js';

/** What a run spent, in USD or why not ("no price", "no usage"): per agent, the judge and the whole run. */
export interface RunCostSummary {
  prices: { date: string; source: string } | null;
  agents: Record<string, { model: string | null; perTaskUsd: CostValue | null; runUsd: CostValue }>;
  judge: { model: string | null; usd: CostValue } | null;
  totalUsd: CostValue;
}

export interface RunCost {
  summary: RunCostSummary;
  /** The Cost table (per agent, the judge, the total). */
  table: TableModel;
  /** Cost per task against SR with the Pareto front; null when no agent has a known cost. */
  chart: { spec: ScatterChartSpec; description: string } | null;
  /** Table 2 with the two cost columns added. */
  withCostColumns(t2: TableModel): TableModel;
}

/** The tokens and images a result's model calls were billed for. */
export const usageOf = (r: RunResult) => ({
  promptTokens: r.details.stats?.promptTokens ?? null,
  completionTokens: r.details.stats?.completionTokens ?? null,
  images: r.details.stats?.images ?? 0,
});

/**
 * A run's cost from the tokens each result's model calls were billed for and the prices frozen in the run's manifest.
 * Per task is over the first trial's scored items (the N of SR); the run's cost is every stored result, every trial.
 */
export function runCost(store: WorkspaceStore, run: Run, scoring: RunScoring<ScoredResult & { row: RunResult }>, m: RunMetrics): RunCost {
  const manifest = run.manifest;
  const price = priceLookup(manifest.prices);
  const all = store.runs.allResults(run.id);
  const agents: AgentCost[] = scoring.agents.map((agent) => {
    const model = manifest.agents[agent]?.model ?? null;
    const scored = scoring.items.filter((i) => i.agent === agent && i.result && (i.status === 'success' || i.status === 'failure'));
    const mine = all.filter((r) => r.agent === agent);
    const tokens = (k: 'promptTokens' | 'completionTokens'): number | null =>
      mine.some((r) => usageOf(r)[k] === null) ? null : mine.reduce((a, r) => a + usageOf(r)[k]!, 0);
    return {
      agent,
      model,
      perTask: meanCost(scored.map((i) => callCost(usageOf(i.result!.row), price(model)))),
      run: sumCosts(mine.map((r) => callCost(usageOf(r), price(model)))),
      promptTokens: model === null ? null : tokens('promptTokens'),
      completionTokens: model === null ? null : tokens('completionTokens'),
      images: mine.reduce((a, r) => a + usageOf(r).images, 0),
      sr: m.agents.find((a) => a.agent === agent)?.overall.sr ?? null,
    };
  });
  const judgeModel = manifest.judge?.model ?? null;
  const judged = all.filter((r) => r.details.judge);
  const judge =
    judged.length && judgeModel !== null
      ? {
          model: judgeModel,
          cost: sumCosts(
            judged.map((r) => {
              const t = r.details.judge!.tokens;
              return t ? callCost({ promptTokens: t.prompt, completionTokens: t.completion, images: 0 }, price(judgeModel)) : 'no usage';
            }),
          ),
        }
      : null;
  const byAgent = new Map(agents.map((a) => [a.agent, a]));
  const totalUsd = sumCosts([...agents.map((a) => a.run), ...(judge ? [judge.cost] : [])]);
  return {
    summary: {
      prices: manifest.prices ? { date: manifest.prices.date, source: manifest.prices.source } : null,
      agents: Object.fromEntries(agents.map((a) => [a.agent, { model: a.model, perTaskUsd: a.perTask, runUsd: a.run }])),
      judge: judge ? { model: judge.model, usd: judge.cost } : null,
      totalUsd,
    },
    table: costTable(agents, judge, manifest.prices ?? null),
    chart: costSrChart(agents),
    withCostColumns: (t2) => ({
      ...t2,
      columns: [
        ...t2.columns,
        { key: 'cost_task', header: 'USD per task', align: 'right', format: { kind: 'fixed', digits: 4 } },
        { key: 'cost_run', header: 'USD, run', align: 'right', format: { kind: 'fixed', digits: 4 } },
      ],
      rows: t2.rows.map((r) => ({
        ...r,
        cost_task: byAgent.get(String(r.agent))?.perTask ?? null,
        cost_run: byAgent.get(String(r.agent))?.run ?? null,
      })),
      notes: [
        ...t2.notes,
        'USD: tokens billed × the prices frozen in the run manifest (the Cost table has the detail); "no price" when the price table has none for the model, never 0.',
      ],
    }),
  };
}
