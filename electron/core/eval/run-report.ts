import type { TableModel } from '../../../shared/domain/analysis.js';
import type { AgentMetrics, Breakdown, GroupMetrics } from './metrics.js';

const pct = { kind: 'percent', digits: 2 } as const;
const fixed = (digits: number) => ({ kind: 'fixed', digits }) as const;

/** The paper's Table 2 layout: SR / AIL / MCM for overall, online and offline, one row per agent. */
export function table2(metrics: readonly AgentMetrics[]): TableModel {
  const cols = (['overall', 'online', 'offline'] as const).flatMap((m) => [
    { key: `${m}_sr`, header: `${cap(m)} SR (%)`, align: 'right' as const, format: pct },
    { key: `${m}_ail`, header: `${cap(m)} AIL (s)`, align: 'right' as const, format: fixed(2) },
    { key: `${m}_mcm`, header: `${cap(m)} MCM (tokens)`, align: 'right' as const, format: fixed(0) },
  ]);
  return {
    id: 'table2-results',
    title: 'Success rate (SR), average inference latency per step (AIL) and tokens per task (MCM)',
    columns: [{ key: 'agent', header: 'Agent' }, ...cols],
    rows: metrics.map((a) => ({
      agent: a.agent,
      ...Object.fromEntries((['overall', 'online', 'offline'] as const).flatMap((m) => [
        [`${m}_sr`, a[m].sr], [`${m}_ail`, a[m].ailS], [`${m}_mcm`, a[m].mcmTokens],
      ])),
    })),
    notes: [
      'SR counts scored tasks only: infrastructure errors and tasks that passed before the agent acted are excluded.',
      'AIL = mean (reasoning + parsing) time per agent step; MCM = mean prompt + completion tokens per task with reported usage.',
    ],
  };
}

/** Exit categories, step statistics, finish behaviour and judge cost per agent and mode. */
export function behaviourTable(metrics: readonly AgentMetrics[]): TableModel {
  const rows = metrics.flatMap((a) =>
    (['online', 'offline'] as const).filter((m) => a[m].tasks > 0).map((m) => row(a.agent, m, a[m])),
  );
  return {
    id: 'run-behaviour',
    title: 'How tasks ended',
    columns: [
      { key: 'agent', header: 'Agent' }, { key: 'mode', header: 'Mode' },
      { key: 'tasks', header: 'Tasks', align: 'right' }, { key: 'scored', header: 'Scored', align: 'right' },
      { key: 'exits', header: 'Exit categories' },
      { key: 'p50', header: 'p50 step (s)', align: 'right', format: fixed(2) }, { key: 'p95', header: 'p95 step (s)', align: 'right', format: fixed(2) },
      { key: 'steps', header: 'Steps/task', align: 'right', format: fixed(1) }, { key: 'ratio', header: 'Steps vs human', align: 'right', format: fixed(2) },
      { key: 'premature', header: 'Premature finish (%)', align: 'right', format: pct }, { key: 'never', header: 'Never finished (%)', align: 'right', format: pct },
      { key: 'infra', header: 'Infra errors', align: 'right' }, { key: 'retries', header: 'Infra retries', align: 'right' },
      { key: 'judge', header: 'Judge tokens', align: 'right' },
    ],
    rows,
    notes: ['Steps vs human: agent steps divided by the steps of the task\'s first human demonstration.'],
  };
  function row(agent: string, mode: string, g: GroupMetrics): Record<string, string | number | null> {
    return {
      agent, mode, tasks: g.tasks, scored: g.scored,
      exits: Object.entries(g.exits).map(([k, v]) => `${k} ${v}`).join(', '),
      p50: g.p50StepS, p95: g.p95StepS, steps: g.meanSteps, ratio: g.stepRatio,
      premature: g.prematureFinishRate, never: g.neverFinishRate, infra: g.infraErrors, retries: g.infraRetries, judge: g.judgeTokens,
    };
  }
}

/** Success rate by semantic or syntactic category, scenario or app, one column per agent. */
export function breakdownTable(metrics: readonly AgentMetrics[], by: Breakdown): TableModel {
  const keys = [...new Set(metrics.flatMap((a) => Object.keys(a.by[by])))].sort();
  return {
    id: `run-by-${by}`,
    title: `Success rate by ${by}`,
    columns: [{ key: 'group', header: cap(by) }, ...metrics.flatMap((a) => [
      { key: `${a.agent}_sr`, header: `${a.agent} SR (%)`, align: 'right' as const, format: pct },
      { key: `${a.agent}_n`, header: `${a.agent} n`, align: 'right' as const },
    ])],
    rows: keys.map((k) => ({
      group: k,
      ...Object.fromEntries(metrics.flatMap((a) => [[`${a.agent}_sr`, a.by[by][k]?.sr ?? null], [`${a.agent}_n`, a.by[by][k]?.scored ?? 0]])),
    })),
    notes: [],
  };
}

function cap(s: string): string {
  return s[0]!.toUpperCase() + s.slice(1);
}
