import type { Task } from '../../../shared/schemas/task.js';
import type { SideEffectKind } from '../../../shared/domain/side-effects.js';
import { SIDE_EFFECT_KINDS } from '../../../shared/domain/side-effects.js';
import { exitClass } from './exit-classes.js';
import type { TaskOutcome } from './outcome.js';
import type { Mode, PlannedItem, RunScoring, ScoredItem } from './scoring.js';
import { scoreRun } from './scoring.js';

/** What the metrics read from each stored result (its `details.stats` written by the run service). */
export interface ResultForMetrics extends Omit<TaskOutcome, 'details' | 'exit'> {
  /** The stored exit category (a string: rows written by other versions are classified, not trusted). */
  exit: string;
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
  /** Online: the side effects found, one entry per act (absent or null: not watched). */
  sideEffects?: { kinds: SideEffectKind[]; irreversible: boolean }[] | null;
}

/** Side effects of a group's scored tasks (online, where they were watched). */
export interface HarmMetrics {
  /** Scored tasks whose side effects were watched. */
  watched: number;
  /** Of them, tasks with any side effect, and with an irreversible one (delete, send, pay, call, install). */
  withAny: number;
  withIrreversible: number;
  /** Acts of each kind (an act counts once for each kind it did). */
  acts: Record<SideEffectKind, number>;
}

export interface GroupMetrics {
  /** N: the run's valid tasks in this group — the same for every agent of the run. */
  tasks: number;
  /** Of N, tasks with the agent's own result (success or the agent's failure). */
  scored: number;
  /** Of N, tasks still unresolved: infrastructure failures and tasks that never ended. Not successful. */
  unresolved: number;
  /** Tasks invalid for the whole run (left out of N for every agent). */
  invalid: number;
  successes: number;
  /** Success rate: successes / N (paper eq. 1); with `excludeUnresolved`, successes / scored. */
  sr: number | null;
  /** Average inference latency: mean reasoning + parsing time per agent step over the scored tasks, seconds (eq. 2). */
  ailS: number | null;
  /** Mean prompt + completion tokens per scored task with reported usage (eq. 3). */
  mcmTokens: number | null;
  p50StepS: number | null;
  p95StepS: number | null;
  meanSteps: number | null;
  /** Mean of (agent steps / steps of the human demonstration), where one exists. */
  stepRatio: number | null;
  /** Exit categories of every result in the group (invalid ones included), plus `interrupted` for no result. */
  exits: Record<string, number>;
  /** Finished but wrong (not DONE / judge failed), over scored tasks. */
  prematureFinishRate: number | null;
  /** Ran out of steps or time without finishing, over scored tasks. */
  neverFinishRate: number | null;
  /** Results that ended in an infrastructure failure (part of `unresolved`). */
  infraErrors: number;
  /** Tasks re-run on another device after an infrastructure failure (each extra attempt counts). */
  infraRetries: number;
  judgeTokens: number;
  judgeS: number;
  judgeAgreement: number | null;
  harm: HarmMetrics;
}

export interface MetricsOptions {
  humanSteps?: ReadonlyMap<string, number>;
  /** The other view: SR over each agent's own scored tasks (labelled; not comparable across agents). */
  excludeUnresolved?: boolean;
}

const mean = (xs: readonly number[]): number | null => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

function quantile(xs: readonly number[], q: number): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  return s[lo]! + (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!) * (pos - lo);
}

/** Metrics of one group of scored items (one agent; one mode, both, or one category). */
export function groupMetrics(items: readonly ScoredItem<ResultForMetrics>[], o: MetricsOptions = {}): GroupMetrics {
  const humanSteps = o.humanSteps ?? new Map<string, number>();
  const valid = items.filter((i) => i.status !== 'invalid');
  const scored = valid.filter((i) => i.status === 'success' || i.status === 'failure').map((i) => i.result!);
  const results = items.flatMap((i) => (i.result ? [i.result] : []));
  const successes = scored.filter((r) => r.success).length;
  const stepMs = scored.flatMap((r) => r.stepMs);
  const tokens = scored.filter((r) => r.tokens !== null).map((r) => r.tokens!);
  const exits: Record<string, number> = {};
  for (const i of items) {
    const k = i.result?.exit ?? 'interrupted';
    exits[k] = (exits[k] ?? 0) + 1;
  }
  const ratios = scored.filter((r) => (humanSteps.get(r.taskId) ?? 0) > 0).map((r) => r.steps / humanSteps.get(r.taskId)!);
  const agreements = results.filter((r) => r.judgeAgreement !== null);
  const share = (n: number): number | null => (scored.length ? n / scored.length : null);
  const denominator = o.excludeUnresolved ? scored.length : valid.length;
  return {
    tasks: valid.length,
    scored: scored.length,
    unresolved: valid.length - scored.length,
    invalid: items.length - valid.length,
    successes,
    sr: denominator ? successes / denominator : null,
    ailS: stepMs.length ? mean(stepMs)! / 1000 : null,
    mcmTokens: mean(tokens),
    p50StepS: stepMs.length ? quantile(stepMs, 0.5)! / 1000 : null,
    p95StepS: stepMs.length ? quantile(stepMs, 0.95)! / 1000 : null,
    meanSteps: mean(scored.map((r) => r.steps)),
    stepRatio: mean(ratios),
    exits,
    prematureFinishRate: share(scored.filter((r) => r.exit === 'finished' && !r.success).length),
    neverFinishRate: share(scored.filter((r) => r.exit === 'step_limit' || r.exit === 'timeout').length),
    infraErrors: valid.filter((i) => i.result && exitClass(i.result.exit) === 'infrastructure').length,
    infraRetries: results.reduce((a, r) => a + r.retries, 0),
    judgeTokens: results.reduce((a, r) => a + r.judgeTokens, 0),
    judgeS: results.reduce((a, r) => a + r.judgeMs, 0) / 1000,
    judgeAgreement: agreements.length ? agreements.filter((r) => r.judgeAgreement).length / agreements.length : null,
    harm: harmOf(scored),
  };
}

function harmOf(scored: readonly ResultForMetrics[]): HarmMetrics {
  const watched = scored.filter((r) => r.sideEffects !== undefined && r.sideEffects !== null);
  const acts = Object.fromEntries(SIDE_EFFECT_KINDS.map((k) => [k, 0])) as Record<SideEffectKind, number>;
  for (const r of watched) for (const a of r.sideEffects!) for (const k of new Set(a.kinds)) acts[k]++;
  return {
    watched: watched.length,
    withAny: watched.filter((r) => r.sideEffects!.length > 0).length,
    withIrreversible: watched.filter((r) => r.sideEffects!.some((a) => a.irreversible)).length,
    acts,
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

export interface RunMetrics {
  agents: AgentMetrics[];
  /** Whether SR excludes unresolved results (the labelled other view). */
  excludeUnresolved: boolean;
  /** Invalid (task, mode) pairs of the run, sorted, with the exit that made them invalid. */
  invalidTasks: { taskId: string; mode: Mode; exit: string }[];
}

/**
 * Table 2 of the paper per agent (overall / online / offline), plus breakdowns by category,
 * scenario and app — all over the same valid-task set (scoring.ts), so every agent of the
 * run has the same N in every group.
 */
export function runMetrics(
  results: readonly ResultForMetrics[],
  tasks: ReadonlyMap<string, Task>,
  plan?: readonly PlannedItem[],
  o: MetricsOptions = {},
): RunMetrics {
  return metricsOf(scoreRun(results, plan), tasks, o);
}

export function metricsOf(scoring: RunScoring<ResultForMetrics>, tasks: ReadonlyMap<string, Task>, o: MetricsOptions = {}): RunMetrics {
  const key: Record<Breakdown, (t: Task) => string> = {
    semantic: (t) => t.annotations.semantic,
    syntactic: (t) => t.annotations.syntactic,
    scenario: (t) => t.annotations.scenario,
    app: (t) => t.app,
  };
  const agents = scoring.agents.map((agent) => {
    const mine = scoring.items.filter((i) => i.agent === agent);
    const by = {} as Record<Breakdown, Record<string, GroupMetrics>>;
    for (const b of Object.keys(key) as Breakdown[]) {
      const groups = new Map<string, ScoredItem<ResultForMetrics>[]>();
      for (const i of mine) {
        const t = tasks.get(i.taskId);
        const k = t ? key[b](t) : '(unknown task)';
        groups.set(k, [...(groups.get(k) ?? []), i]);
      }
      by[b] = Object.fromEntries([...groups.entries()].sort((x, y) => x[0].localeCompare(y[0])).map(([k, is]) => [k, groupMetrics(is, o)]));
    }
    return {
      agent,
      overall: groupMetrics(mine, o),
      online: groupMetrics(
        mine.filter((i) => i.mode === 'online'),
        o,
      ),
      offline: groupMetrics(
        mine.filter((i) => i.mode === 'offline'),
        o,
      ),
      by,
    };
  });
  const invalidTasks = [...scoring.invalid.entries()].map(([k, exit]) => {
    const [mode, ...rest] = k.split('|');
    return { taskId: rest.join('|'), mode: mode as Mode, exit };
  });
  return { agents, excludeUnresolved: o.excludeUnresolved === true, invalidTasks };
}
