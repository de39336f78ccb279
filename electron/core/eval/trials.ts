import type { TableModel } from '../../../shared/domain/analysis.js';
import { mulberry32 } from '../random/rng.js';
import { quantileSorted } from '../analysis/stats/quantile.js';
import type { PlannedItem, ScoredResult } from './scoring.js';
import { scoreRun, taskModeKey } from './scoring.js';
import { PERCENT } from './table-formats.js';

/**
 * Repeated trials (`run --trials K`). Per task, with n trials of which c succeeded:
 *   pass@k = 1 − C(n−c, k) / C(n, k)   the chance that at least one of k trials drawn without replacement succeeds;
 *   pass^k = C(c, k) / C(n, k)         the chance that all k succeed (τ-bench's reliability measure);
 * both averaged over the run's valid tasks. pass@1 = pass^1 = c / n, the mean success rate over trials.
 * Validity is the one scoring rule applied per trial: a (task, mode) invalid in any trial leaves N for every agent,
 * and a trial that is unresolved or never ran counts as not successful (as in SR over N).
 */

/** C(n, k) as a float, exact for the small n of trials (≤ 20). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

export function passAtK(n: number, c: number, k: number): number {
  if (k > n) throw new RangeError(`pass@${k} needs at least ${k} trials, got ${n}`);
  return 1 - choose(n - c, k) / choose(n, k);
}

export function passHatK(n: number, c: number, k: number): number {
  if (k > n) throw new RangeError(`pass^${k} needs at least ${k} trials, got ${n}`);
  return choose(c, k) / choose(n, k);
}

export interface TrialResult extends ScoredResult {
  trial: number;
}

export interface AgentTrials {
  agent: string;
  /** The valid tasks (task, mode) of the run: N. */
  tasks: number;
  trials: number;
  /** Per valid task: successes out of `trials`. */
  successes: number[];
}

/** Each agent's successes per valid task over the run's trials. */
export function trialSuccesses(results: readonly TrialResult[], plan: readonly PlannedItem[] | undefined, trials: number): AgentTrials[] {
  const perTrial = Array.from({ length: trials }, (_, t) =>
    scoreRun(
      results.filter((r) => r.trial === t),
      plan,
    ),
  );
  const invalid = new Set(perTrial.flatMap((s) => [...s.invalid.keys()]));
  const agents = [...new Set(perTrial.flatMap((s) => s.agents))].sort();
  const keys = [...new Set(perTrial.flatMap((s) => s.items.map((i) => taskModeKey(i.taskId, i.mode))))]
    .filter((k) => !invalid.has(k))
    .sort();
  const won = perTrial.map(
    (s) => new Set(s.items.filter((i) => i.status === 'success').map((i) => `${i.agent}\u0000${taskModeKey(i.taskId, i.mode)}`)),
  );
  return agents.map((agent) => {
    const successes = keys.map((k) => won.reduce((c, w) => c + (w.has(`${agent}\u0000${k}`) ? 1 : 0), 0));
    return { agent, tasks: keys.length, trials, successes };
  });
}

export interface Estimate {
  value: number;
  lower: number;
  upper: number;
}

export const TRIALS_BOOTSTRAP = { resamples: 2000, seed: 20240601, level: 0.95 } as const;

/** The mean of per-task values with a percentile bootstrap interval over tasks (seeded: the same run gives the same bytes). */
export function bootstrapMean(
  values: readonly number[],
  o: { resamples: number; seed: number; level: number } = TRIALS_BOOTSTRAP,
): Estimate | null {
  const n = values.length;
  if (n === 0) return null;
  const value = values.reduce((a, b) => a + b, 0) / n;
  const rng = mulberry32(o.seed);
  const stats = new Float64Array(o.resamples);
  for (let r = 0; r < o.resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[rng.int(n)]!;
    stats[r] = sum / n;
  }
  const sorted = Array.from(stats).sort((a, b) => a - b);
  const alpha = 1 - o.level;
  return { value, lower: quantileSorted(sorted, alpha / 2), upper: quantileSorted(sorted, 1 - alpha / 2) };
}

export interface PassK {
  agent: string;
  tasks: number;
  trials: number;
  pass1: Estimate | null;
  passK: Estimate | null;
  passHatK: Estimate | null;
}

export function passKMetrics(a: AgentTrials): PassK {
  const k = a.trials;
  const est = (f: (n: number, c: number, k: number) => number, kk: number) => bootstrapMean(a.successes.map((c) => f(k, c, kk)));
  return { agent: a.agent, tasks: a.tasks, trials: k, pass1: est(passAtK, 1), passK: est(passAtK, k), passHatK: est(passHatK, k) };
}

/** Table 2's companion for repeated trials: pass@1, pass@K and pass^K per agent with 95% bootstrap intervals over tasks. */
export function passKTable(rows: readonly PassK[]): TableModel {
  const k = rows[0]?.trials ?? 1;
  const cols = (key: string, label: string) => [
    { key, header: `${label} (%)`, align: 'right' as const, format: PERCENT },
    { key: `${key}_lo`, header: `${label} 95% CI low`, align: 'right' as const, format: PERCENT },
    { key: `${key}_hi`, header: `${label} 95% CI high`, align: 'right' as const, format: PERCENT },
  ];
  const cells = (key: string, e: Estimate | null) => ({
    [key]: e?.value ?? null,
    [`${key}_lo`]: e?.lower ?? null,
    [`${key}_hi`]: e?.upper ?? null,
  });
  return {
    id: 'run-trials',
    title: `Repeated trials: pass@1, pass@${k} and pass^${k} (${k} trials of every task)`,
    columns: [
      { key: 'agent', header: 'Agent' },
      { key: 'tasks', header: 'Tasks (N)', align: 'right' },
      { key: 'trials', header: 'Trials', align: 'right' },
      ...cols('pass1', 'pass@1'),
      ...cols('passk', `pass@${k}`),
      ...cols('passhatk', `pass^${k}`),
    ],
    rows: rows.map((r) => ({
      agent: r.agent,
      tasks: r.tasks,
      trials: r.trials,
      ...cells('pass1', r.pass1),
      ...cells('passk', r.passK),
      ...cells('passhatk', r.passHatK),
    })),
    notes: [
      `Per task with c of n = ${k} trials successful: pass@k = 1 − C(n−c, k)/C(n, k) (at least one of k succeeds), pass^k = C(c, k)/C(n, k) (all k succeed); averaged over the N valid tasks. A trial left unresolved counts as not successful.`,
      `Intervals: percentile bootstrap over tasks, ${TRIALS_BOOTSTRAP.resamples} resamples, seed ${TRIALS_BOOTSTRAP.seed}.`,
      'Table 2, the breakdowns, Review, report --compare (McNemar) and the normalization study use the first trial only.',
    ],
  };
}
