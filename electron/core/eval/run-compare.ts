import type { TableModel } from '../../../shared/domain/analysis.js';
import type { McNemarResult } from '../analysis/stats/mcnemar.js';
import { exactMcNemar } from '../analysis/stats/mcnemar.js';
import { PERCENT } from './table-formats.js';

/**
 * Two runs of the same tasks under two conditions (no answers vs answers, default vs a device
 * variant): per agent, the SR on the tasks both runs scored and the exact McNemar test on the
 * discordant pairs — the paired design of the normalization study.
 */
export interface PairedOutcome {
  taskId: string;
  agent: string;
  mode: string;
  /** Success in run A / B; null when that run has no scored result for it (none, unresolved, invalid). */
  a: boolean | null;
  b: boolean | null;
}

export interface AgentComparison {
  agent: string;
  /** Tasks both runs scored. */
  pairs: number;
  successA: number;
  successB: number;
  srA: number | null;
  srB: number | null;
  /** srB − srA, as a fraction. */
  delta: number | null;
  /** Success in A only (b) and in B only (c), with the exact p-value. */
  mcnemar: McNemarResult;
  /** Items scored in one run only (left out of the pairs). */
  unpaired: number;
}

export function compareAgents(rows: readonly PairedOutcome[]): AgentComparison[] {
  const agents = [...new Set(rows.map((r) => r.agent))].sort();
  return agents.map((agent) => {
    const mine = rows.filter((r) => r.agent === agent);
    const pairs = mine.filter((r) => r.a !== null && r.b !== null);
    const successA = pairs.filter((r) => r.a).length;
    const successB = pairs.filter((r) => r.b).length;
    const onlyA = pairs.filter((r) => r.a && !r.b).length;
    const onlyB = pairs.filter((r) => !r.a && r.b).length;
    const n = pairs.length;
    return {
      agent,
      pairs: n,
      successA,
      successB,
      srA: n ? successA / n : null,
      srB: n ? successB / n : null,
      delta: n ? (successB - successA) / n : null,
      mcnemar: exactMcNemar(onlyA, onlyB),
      unpaired: mine.filter((r) => (r.a === null) !== (r.b === null)).length,
    };
  });
}

export function comparisonTable(c: readonly AgentComparison[], labels: { a: string; b: string }): TableModel {
  return {
    id: 'run-compare',
    title: `SR of the same tasks in two runs: A = ${labels.a}, B = ${labels.b}`,
    columns: [
      { key: 'agent', header: 'Agent' },
      { key: 'pairs', header: 'Paired tasks', align: 'right' },
      { key: 'srA', header: 'SR A (%)', align: 'right', format: PERCENT },
      { key: 'srB', header: 'SR B (%)', align: 'right', format: PERCENT },
      { key: 'delta', header: 'Δ SR (B − A, points)', align: 'right', format: PERCENT },
      { key: 'onlyA', header: 'Success in A only', align: 'right' },
      { key: 'onlyB', header: 'Success in B only', align: 'right' },
      { key: 'p', header: 'McNemar p (exact)', align: 'right', format: { kind: 'pvalue' } },
      { key: 'unpaired', header: 'Unpaired', align: 'right' },
    ],
    rows: c.map((x) => ({
      agent: x.agent,
      pairs: x.pairs,
      srA: x.srA,
      srB: x.srB,
      delta: x.delta,
      onlyA: x.mcnemar.b,
      onlyB: x.mcnemar.c,
      p: x.mcnemar.pValue,
      unpaired: x.unpaired,
    })),
    notes: [
      'Paired by (task, agent, mode) over the tasks both runs scored: a task invalid, unresolved or missing in either run is left out (counted as unpaired when the other run scored it).',
      'Exact McNemar on the discordant pairs (success in one run only); p = 1 when there are none.',
    ],
  };
}
