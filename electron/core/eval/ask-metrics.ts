import type { TableModel } from '../../../shared/domain/analysis.js';
import type { ItemStatus } from './scoring.js';

/**
 * Asking the older adult back: how often each agent asks, whether it asks where a question is
 * needed (Under-specification, Referential Ambiguity) rather than where the instruction is clear
 * (asking there costs the user a turn for nothing), and how long the conversations get.
 * Over the scored tasks of the run (the same set as SR).
 */
export interface AskInput {
  taskId: string;
  agent: string;
  status: ItemStatus;
  success: boolean;
  semantic: string | null;
  /** The task carries facts only its user knows (a `user` block). */
  hasFacts: boolean;
  asks: number;
  answered: number;
  userTokens: number | null;
  userMs: number;
  /** Simulated answers that named the phone's interface even after a reminder. */
  operationHints?: number;
}

export const NEEDS_ASKING = ['Under-specification', 'Referential Ambiguity'] as const;
export const CLEAR = 'Clear and Explicit';

export interface AskMetrics {
  agent: string;
  /** Scored tasks (success or the agent's failure). */
  tasks: number;
  /** Share of scored tasks with at least one AskUser. */
  askRate: number | null;
  asksPerTask: number | null;
  needTasks: number;
  /** Ask rate on Under-specification / Referential Ambiguity tasks. */
  askRateNeeded: number | null;
  clearTasks: number;
  /** Ask rate on Clear and Explicit tasks (an unneeded question is a cost). */
  askRateClear: number | null;
  factTasks: number;
  /** Ask rate on tasks whose user knows facts the agent cannot see. */
  askRateFacts: number | null;
  /** User turns per task: the instruction plus each answer. */
  turnsPerTask: number | null;
  /** SR on the tasks where the agent asked, and where it did not. */
  srAsked: number | null;
  srNotAsked: number | null;
  /** The simulated user's tokens over the run (null when a provider reported none), and its time. */
  userTokens: number | null;
  userS: number;
  /** Tasks whose simulated user told the agent how to operate the phone (their successes are not wholly the agent's). */
  hintedTasks: string[];
}

const rate = (n: number, d: number): number | null => (d ? n / d : null);

export function askMetrics(rows: readonly AskInput[]): AskMetrics[] {
  const agents = [...new Set(rows.map((r) => r.agent))].sort();
  return agents.map((agent) => {
    const scored = rows.filter((r) => r.agent === agent && (r.status === 'success' || r.status === 'failure'));
    const asked = (xs: readonly AskInput[]) => xs.filter((r) => r.asks > 0).length;
    const need = scored.filter((r) => (NEEDS_ASKING as readonly string[]).includes(r.semantic ?? ''));
    const clear = scored.filter((r) => r.semantic === CLEAR);
    const facts = scored.filter((r) => r.hasFacts);
    const yes = scored.filter((r) => r.asks > 0);
    const no = scored.filter((r) => r.asks === 0);
    const mine = rows.filter((r) => r.agent === agent);
    return {
      agent,
      tasks: scored.length,
      askRate: rate(asked(scored), scored.length),
      asksPerTask: rate(
        scored.reduce((a, r) => a + r.asks, 0),
        scored.length,
      ),
      needTasks: need.length,
      askRateNeeded: rate(asked(need), need.length),
      clearTasks: clear.length,
      askRateClear: rate(asked(clear), clear.length),
      factTasks: facts.length,
      askRateFacts: rate(asked(facts), facts.length),
      turnsPerTask: rate(
        scored.reduce((a, r) => a + 1 + r.answered, 0),
        scored.length,
      ),
      srAsked: rate(yes.filter((r) => r.success).length, yes.length),
      srNotAsked: rate(no.filter((r) => r.success).length, no.length),
      userTokens: mine.some((r) => r.userTokens === null && r.answered > 0) ? null : mine.reduce((a, r) => a + (r.userTokens ?? 0), 0),
      userS: mine.reduce((a, r) => a + r.userMs, 0) / 1000,
      hintedTasks: mine.filter((r) => (r.operationHints ?? 0) > 0).map((r) => r.taskId),
    };
  });
}

const pct = { kind: 'percent', digits: 1 } as const;
const fixed = (digits: number) => ({ kind: 'fixed', digits }) as const;

/** The report's "Asking the user" table. */
export function askTable(m: readonly AskMetrics[], userMode: string): TableModel {
  return {
    id: 'run-asking',
    title: `Asking the user (answers: ${userMode})`,
    columns: [
      { key: 'agent', header: 'Agent' },
      { key: 'tasks', header: 'Scored tasks', align: 'right' },
      { key: 'askRate', header: 'Ask rate (%)', align: 'right', format: pct },
      { key: 'asksPerTask', header: 'Asks/task', align: 'right', format: fixed(2) },
      { key: 'askRateNeeded', header: 'Ask rate, Under-spec. + Referential (%)', align: 'right', format: pct },
      { key: 'askRateClear', header: 'Ask rate, Clear and Explicit (%)', align: 'right', format: pct },
      { key: 'askRateFacts', header: 'Ask rate, tasks with user facts (%)', align: 'right', format: pct },
      { key: 'turnsPerTask', header: 'User turns/task', align: 'right', format: fixed(2) },
      { key: 'srAsked', header: 'SR when it asked (%)', align: 'right', format: pct },
      { key: 'srNotAsked', header: 'SR when it did not (%)', align: 'right', format: pct },
      { key: 'userTokens', header: 'User-simulator tokens', align: 'right' },
      { key: 'userS', header: 'User-simulator time (s)', align: 'right', format: fixed(1) },
    ],
    rows: m.map((a) => ({
      agent: a.agent,
      tasks: a.tasks,
      askRate: a.askRate,
      asksPerTask: a.asksPerTask,
      askRateNeeded: a.askRateNeeded,
      askRateClear: a.askRateClear,
      askRateFacts: a.askRateFacts,
      turnsPerTask: a.turnsPerTask,
      srAsked: a.srAsked,
      srNotAsked: a.srNotAsked,
      userTokens: a.userTokens,
      userS: a.userS,
    })),
    notes: [
      `Over each agent's scored tasks. Under-spec. + Referential: ${m[0]?.needTasks ?? 0} task(s); Clear and Explicit: ${m[0]?.clearTasks ?? 0}; with user facts: ${m[0]?.factTasks ?? 0} (per agent, when all are scored).`,
      'Asking on a Clear and Explicit task costs the older adult a turn for nothing; asking where the instruction leaves something open is what they need.',
      "User turns = the instruction plus each answer. The simulated user's tokens and time are its own: they are not in AIL or MCM.",
      ...m
        .filter((a) => a.hintedTasks.length > 0)
        .map(
          (a) =>
            `Warning: the simulated user told ${a.agent} how to operate the phone (after a reminder) on ${a.hintedTasks.length} task(s): ${a.hintedTasks.join(', ')} — review them; those successes are not wholly the agent's.`,
        ),
      'SR with answers vs without on the same tasks: run once with --user none and once with --user scripted (or simulated), then elderbench report --compare RUN_NONE,RUN_ANSWERED (exact McNemar).',
    ],
  };
}
