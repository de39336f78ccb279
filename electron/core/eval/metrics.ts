import type { Task } from '../../../shared/schemas/task.js';
import type { ExitCategory, TaskOutcome } from './outcome.js';

/** What the metrics read from each stored result (its `details.stats` written by the run service). */
export interface ResultForMetrics extends Omit<TaskOutcome, 'details'> {
  /** reasoning + parsing time of each agent step, ms. */
  stepMs: number[];
  /** prompt + completion tokens over the task; null when the provider reported none. */
  tokens: number | null;
  judgeTokens: number;
  judgeMs: number;
  /** Judge agreement with `both`. */
  judgeAgreement: boolean | null;
  /** Extra attempts on other devices after infrastructure failures (online). */
  retries: number;
}

export interface GroupMetrics {
  tasks: number;
  /** Tasks that count for SR: not infrastructure errors, not invalid tasks. */
  scored: number;
  successes: number;
  /** Success rate over scored tasks (paper eq. 1). */
  sr: number | null;
  /** Average inference latency: mean reasoning + parsing time per agent step, seconds (eq. 2). */
  ailS: number | null;
  /** Mean prompt + completion tokens per task, over tasks with reported usage (eq. 3). */
  mcmTokens: number | null;
  p50StepS: number | null;
  p95StepS: number | null;
  meanSteps: number | null;
  /** Mean of (agent steps / steps of the human demonstration), where one exists. */
  stepRatio: number | null;
  exits: Partial<Record<ExitCategory, number>>;
  /** Finished but wrong (not DONE / judge failed), over scored tasks. */
  prematureFinishRate: number | null;
  /** Ran out of steps or time without finishing, over scored tasks. */
  neverFinishRate: number | null;
  infraErrors: number;
  /** Tasks re-run on another device after an infrastructure failure (each extra attempt counts). */
  infraRetries: number;
  judgeTokens: number;
  judgeS: number;
  judgeAgreement: number | null;
}

const mean = (xs: readonly number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

function quantile(xs: readonly number[], q: number): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  return s[lo]! + (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!) * (pos - lo);
}

export function groupMetrics(rs: readonly ResultForMetrics[], humanSteps: ReadonlyMap<string, number> = new Map()): GroupMetrics {
  const scored = rs.filter((r) => r.exit !== 'infra_error' && r.exit !== 'invalid_task');
  const successes = scored.filter((r) => r.success).length;
  const stepMs = scored.flatMap((r) => r.stepMs);
  const tokens = scored.filter((r) => r.tokens !== null).map((r) => r.tokens!);
  const exits: Partial<Record<ExitCategory, number>> = {};
  for (const r of rs) exits[r.exit] = (exits[r.exit] ?? 0) + 1;
  const ratios = scored.filter((r) => (humanSteps.get(r.taskId) ?? 0) > 0).map((r) => r.steps / humanSteps.get(r.taskId)!);
  const agreements = rs.filter((r) => r.judgeAgreement !== null);
  const share = (n: number): number | null => (scored.length ? n / scored.length : null);
  return {
    tasks: rs.length,
    scored: scored.length,
    successes,
    sr: share(successes),
    ailS: stepMs.length ? mean(stepMs)! / 1000 : null,
    mcmTokens: mean(tokens),
    p50StepS: stepMs.length ? quantile(stepMs, 0.5)! / 1000 : null,
    p95StepS: stepMs.length ? quantile(stepMs, 0.95)! / 1000 : null,
    meanSteps: mean(scored.map((r) => r.steps)),
    stepRatio: mean(ratios),
    exits,
    prematureFinishRate: share(scored.filter((r) => r.exit === 'finished' && !r.success).length),
    neverFinishRate: share(scored.filter((r) => r.exit === 'step_limit' || r.exit === 'timeout').length),
    infraErrors: rs.filter((r) => r.exit === 'infra_error').length,
    infraRetries: rs.reduce((a, r) => a + r.retries, 0),
    judgeTokens: rs.reduce((a, r) => a + r.judgeTokens, 0),
    judgeS: rs.reduce((a, r) => a + r.judgeMs, 0) / 1000,
    judgeAgreement: agreements.length ? agreements.filter((r) => r.judgeAgreement).length / agreements.length : null,
  };
}

export type Breakdown = 'semantic' | 'syntactic' | 'scenario' | 'app';

export interface AgentMetrics {
  agent: string;
  overall: GroupMetrics;
  online: GroupMetrics;
  offline: GroupMetrics;
  by: Record<Breakdown, Record<string, GroupMetrics>>;
}

/** Table 2 of the paper per agent (overall / online / offline), plus breakdowns by category, scenario and app. */
export function runMetrics(results: readonly ResultForMetrics[], tasks: ReadonlyMap<string, Task>, humanSteps: ReadonlyMap<string, number> = new Map()): AgentMetrics[] {
  const agents = [...new Set(results.map((r) => r.agent))].sort();
  const key: Record<Breakdown, (t: Task) => string> = {
    semantic: (t) => t.annotations.semantic,
    syntactic: (t) => t.annotations.syntactic,
    scenario: (t) => t.annotations.scenario,
    app: (t) => t.app,
  };
  return agents.map((agent) => {
    const mine = results.filter((r) => r.agent === agent);
    const by = {} as Record<Breakdown, Record<string, GroupMetrics>>;
    for (const b of Object.keys(key) as Breakdown[]) {
      const groups = new Map<string, ResultForMetrics[]>();
      for (const r of mine) {
        const t = tasks.get(r.taskId);
        const k = t ? key[b](t) : '(unknown task)';
        groups.set(k, [...(groups.get(k) ?? []), r]);
      }
      by[b] = Object.fromEntries([...groups.entries()].sort((x, y) => x[0].localeCompare(y[0])).map(([k, rs]) => [k, groupMetrics(rs, humanSteps)]));
    }
    return {
      agent,
      overall: groupMetrics(mine, humanSteps),
      online: groupMetrics(mine.filter((r) => r.mode === 'online'), humanSteps),
      offline: groupMetrics(mine.filter((r) => r.mode === 'offline'), humanSteps),
      by,
    };
  });
}
