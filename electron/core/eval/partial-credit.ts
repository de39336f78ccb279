import type { TableModel } from '../../../shared/domain/analysis.js';
import type { GoalProgress } from '../../../shared/domain/run-records.js';
import type { Task } from '../../../shared/schemas/task.js';
import { goalShare } from './goal-progress.js';
import type { RunScoring, ScoredItem, ScoredResult } from './scoring.js';
import { PERCENT } from './table-formats.js';

/**
 * Partial credit next to SR: the mean share of each task's goal conditions a result met (goal-progress.ts defines
 * them), over the same N as SR — an unresolved item has met nothing (0), an invalid task is out for every agent,
 * and a result nothing measured (a VLM-only judge gives a verdict, not conditions; results from before partial
 * credit) is left out and counted apart. Offline the walk measures, online the rule checks and the state judge.
 */
export interface CreditResult extends ScoredResult {
  goal: GoalProgress | null;
}

export interface Credit {
  /** Mean share met, null when nothing was measured. */
  value: number | null;
  /** Items of N that count (measured, or unresolved: 0). */
  measured: number;
  /** N. */
  tasks: number;
}

export function creditOf(items: readonly ScoredItem<CreditResult>[]): Credit {
  const valid = items.filter((i) => i.status !== 'invalid');
  const shares = valid.flatMap((i) => {
    if (i.status === 'unresolved') return [0];
    const s = goalShare(i.result?.goal);
    return s === null ? [] : [s];
  });
  return { value: shares.length ? shares.reduce((a, b) => a + b, 0) / shares.length : null, measured: shares.length, tasks: valid.length };
}

/** Per agent: SR and partial credit, overall, online and offline. */
export function partialCreditTable(s: RunScoring<CreditResult>): TableModel {
  const rows = s.agents.map((agent) => {
    const mine = s.items.filter((i) => i.agent === agent);
    const all = creditOf(mine);
    const valid = mine.filter((i) => i.status !== 'invalid');
    return {
      agent,
      sr: valid.length ? valid.filter((i) => i.status === 'success').length / valid.length : null,
      pc: all.value,
      online: creditOf(mine.filter((i) => i.mode === 'online')).value,
      offline: creditOf(mine.filter((i) => i.mode === 'offline')).value,
      measured: `${all.measured}/${all.tasks}`,
    };
  });
  return {
    id: 'run-partial-credit',
    title: 'Partial credit: share of the goal conditions met, next to SR',
    columns: [
      { key: 'agent', header: 'Agent' },
      { key: 'sr', header: 'SR (%)', align: 'right', format: PERCENT },
      { key: 'pc', header: 'Partial credit (%)', align: 'right', format: PERCENT },
      { key: 'online', header: 'Online partial credit (%)', align: 'right', format: PERCENT },
      { key: 'offline', header: 'Offline partial credit (%)', align: 'right', format: PERCENT },
      { key: 'measured', header: 'Measured / N' },
    ],
    rows,
    notes: [
      "A task's goal conditions are its DONE page and the values the path to it must leave (typed, chosen, set, pressed): offline the walk checks them, online each success check counts one and the state judge (--judge state or rule+state) adds the page and its conditions. Partial credit does not need Finish; SR does.",
      'Unresolved results count 0, as they count as not successful in SR; results nothing measured (a VLM-only judge) are left out of Measured.',
    ],
  };
}

/** Partial credit by semantic category, N per category the same for every agent. */
export function partialCreditByCategory(s: RunScoring<CreditResult>, tasks: ReadonlyMap<string, Task>): TableModel {
  const cat = (taskId: string): string => tasks.get(taskId)?.annotations.semantic ?? '(unknown task)';
  const groups = [...new Set(s.items.map((i) => cat(i.taskId)))].sort();
  return {
    id: 'run-partial-credit-by-semantic',
    title: 'Partial credit by semantic category',
    columns: [
      { key: 'group', header: 'Semantic' },
      { key: 'n', header: 'N', align: 'right' },
      ...s.agents.map((a) => ({ key: `${a}_pc`, header: `${a} partial credit (%)`, align: 'right' as const, format: PERCENT })),
    ],
    rows: groups.map((g) => {
      const inGroup = s.items.filter((i) => cat(i.taskId) === g);
      return {
        group: g,
        n: Math.max(0, ...s.agents.map((a) => creditOf(inGroup.filter((i) => i.agent === a)).tasks)),
        ...Object.fromEntries(s.agents.map((a) => [`${a}_pc`, creditOf(inGroup.filter((i) => i.agent === a)).value])),
      };
    }),
    notes: [],
  };
}
