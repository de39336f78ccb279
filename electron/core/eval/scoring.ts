import { exitClass } from './exit-classes.js';

/**
 * The one rule every table, analysis and screen uses to decide which results count.
 *
 * A run plans (agent × task) items, each in one mode. A (task, mode) is **invalid** for the
 * whole run when any of its results has an invalid-task exit (the task passes before the
 * agent acts, has no graph, or its setup fails everywhere) — then it leaves N for every agent,
 * so N is the same for all of them. Every other planned item is **valid** and counts in N:
 * it is `success` or `failure` when its result is the agent's own, and `unresolved` when it
 * ended in an infrastructure failure or never ended (interrupted, no result): not successful,
 * until `run --resume` re-attempts it.
 */
export type Mode = 'online' | 'offline';

export interface PlannedItem {
  taskId: string;
  agent: string;
  mode: Mode;
}

export interface ScoredResult {
  taskId: string;
  agent: string;
  mode: Mode;
  success: boolean;
  exit: string;
}

export type ItemStatus = 'success' | 'failure' | 'unresolved' | 'invalid';

export interface ScoredItem<R extends ScoredResult> extends PlannedItem {
  status: ItemStatus;
  /** The stored result, or null when the task never ended (interrupted). */
  result: R | null;
}

export interface RunScoring<R extends ScoredResult> {
  agents: string[];
  /** Every agent × every planned (task, mode), agents and tasks sorted. */
  items: ScoredItem<R>[];
  /** Invalid (task, mode) pairs with the exit that made them invalid, keyed by `taskModeKey`. */
  invalid: Map<string, string>;
}

export const taskModeKey = (taskId: string, mode: string): string => `${mode}|${taskId}`;

/** The items of a run spec: each task in its own mode (`both`) or in the run's mode. */
export function planItems(mode: Mode | 'both', agents: readonly string[], tasks: readonly { id: string; mode: Mode }[]): PlannedItem[] {
  return agents.flatMap((agent) => tasks.map((t) => ({ taskId: t.id, agent, mode: mode === 'both' ? t.mode : mode })));
}

/**
 * Scores a run's results against its plan. Without a plan (a run stored without its spec),
 * the plan is every agent seen × every (task, mode) seen, so N still agrees across agents.
 * The agents and (task, mode) pairs of plan and results are unioned, and every agent gets
 * every pair: a missing result is an interrupted, unresolved item — never a smaller N.
 */
export function scoreRun<R extends ScoredResult>(results: readonly R[], plan?: readonly PlannedItem[]): RunScoring<R> {
  const agents = [...new Set([...(plan ?? []).map((p) => p.agent), ...results.map((r) => r.agent)])].sort();
  const pairs = new Map<string, { taskId: string; mode: Mode }>();
  for (const p of [...(plan ?? []), ...results]) pairs.set(taskModeKey(p.taskId, p.mode), { taskId: p.taskId, mode: p.mode });
  const invalid = new Map<string, string>();
  for (const r of results) {
    const k = taskModeKey(r.taskId, r.mode);
    if (exitClass(r.exit) === 'invalid' && !invalid.has(k)) invalid.set(k, r.exit);
  }
  const byKey = new Map(results.map((r) => [`${r.agent}\u0000${taskModeKey(r.taskId, r.mode)}`, r]));
  const sortedPairs = [...pairs.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  const items: ScoredItem<R>[] = [];
  for (const agent of agents) {
    for (const [k, { taskId, mode }] of sortedPairs) {
      const result = byKey.get(`${agent}\u0000${k}`) ?? null;
      items.push({ taskId, agent, mode, result, status: statusOf(result, invalid.has(k)) });
    }
  }
  return { agents, items, invalid };
}

function statusOf(r: ScoredResult | null, invalid: boolean): ItemStatus {
  if (invalid) return 'invalid';
  if (!r || exitClass(r.exit) !== 'agent') return 'unresolved';
  return r.success ? 'success' : 'failure';
}

/** Valid items (in N) of one agent, optionally one mode. */
export function validItems<R extends ScoredResult>(s: RunScoring<R>, agent: string, mode?: Mode): ScoredItem<R>[] {
  return s.items.filter((i) => i.agent === agent && i.status !== 'invalid' && (mode === undefined || i.mode === mode));
}

/** How many results each agent has unresolved (0 for none), for warnings. */
export function unresolvedByAgent(s: RunScoring<ScoredResult>): Map<string, number> {
  const out = new Map<string, number>(s.agents.map((a) => [a, 0]));
  for (const i of s.items) if (i.status === 'unresolved') out.set(i.agent, out.get(i.agent)! + 1);
  return out;
}
