import type { BarChartSpec } from '../../../shared/domain/analysis.js';
import type { AgentMetrics, Breakdown, GroupMetrics } from './metrics.js';

/** A chart spec plus the same numbers as one sentence: the text alternative for people who cannot see the bars. */
export interface DescribedChart {
  spec: BarChartSpec;
  description: string;
}

const pctText = (v: number | null): string => (v === null ? 'no scored tasks' : `${(v * 100).toFixed(1)}%`);

/** SR overall, online and offline, one group of bars per agent. */
export function srByAgentChart(metrics: readonly AgentMetrics[]): DescribedChart {
  const modes = (['overall', 'online', 'offline'] as const).filter((m) => metrics.some((a) => a[m].scored > 0));
  return {
    spec: {
      kind: 'bar',
      id: 'run-sr-by-agent',
      title: 'Success rate by agent',
      categories: metrics.map((a) => a.agent),
      series: modes.map((m) => ({ name: m[0]!.toUpperCase() + m.slice(1), values: metrics.map((a) => a[m].sr ?? 0) })),
      percent: true,
    },
    description: metrics.map((a) => `${a.agent}: ${modes.map((m) => `${m} ${pctText(a[m].sr)}`).join(', ')}`).join('; '),
  };
}

/** SR per category (semantic, syntactic, scenario or app), one series per agent. */
export function srByBreakdownChart(metrics: readonly AgentMetrics[], by: Breakdown): DescribedChart {
  const groups = [...new Set(metrics.flatMap((a) => Object.keys(a.by[by])))].sort();
  const sr = (a: AgentMetrics, g: string): number | null => a.by[by][g]?.sr ?? null;
  return {
    spec: {
      kind: 'bar',
      id: `run-sr-by-${by}`,
      title: `Success rate by ${by === 'app' ? 'app' : `${by} category`}`,
      categories: groups,
      series: metrics.map((a) => ({ name: a.agent, values: groups.map((g) => sr(a, g) ?? 0) })),
      percent: true,
    },
    description: groups.map((g) => `${g}: ${metrics.map((a) => `${a.agent} ${pctText(sr(a, g))}`).join(', ')}`).join('; '),
  };
}

/** How tasks ended: count of each exit category, one series per agent and mode that ran. */
export function exitChart(metrics: readonly AgentMetrics[]): DescribedChart {
  const groups: { name: string; g: GroupMetrics }[] = metrics.flatMap((a) =>
    (['online', 'offline'] as const).filter((m) => a[m].tasks > 0).map((m) => ({ name: `${a.agent} ${m}`, g: a[m] })),
  );
  const exits = [...new Set(groups.flatMap((x) => Object.keys(x.g.exits)))].sort();
  const count = (g: GroupMetrics, e: string): number => (g.exits as Record<string, number | undefined>)[e] ?? 0;
  return {
    spec: {
      kind: 'bar',
      id: 'run-exits',
      title: 'How tasks ended (exit category)',
      categories: exits,
      series: groups.map((x) => ({ name: x.name, values: exits.map((e) => count(x.g, e)) })),
      yLabel: 'tasks',
    },
    description: groups
      .map(
        (x) =>
          `${x.name}: ${exits
            .filter((e) => count(x.g, e) > 0)
            .map((e) => `${e} ${count(x.g, e)}`)
            .join(', ')}`,
      )
      .join('; '),
  };
}

/** The charts a run report shows, in order. */
export function runCharts(metrics: readonly AgentMetrics[]): DescribedChart[] {
  return [srByAgentChart(metrics), srByBreakdownChart(metrics, 'semantic'), srByBreakdownChart(metrics, 'syntactic'), exitChart(metrics)];
}
