import { describe, expect, it } from 'vitest';
import { combineGoals } from './goal-progress.js';
import type { CreditResult } from './partial-credit.js';
import { creditOf, partialCreditTable } from './partial-credit.js';
import { scoreRun } from './scoring.js';

const r = (taskId: string, agent: string, exit: string, success: boolean, goal: CreditResult['goal']): CreditResult => ({
  taskId,
  agent,
  mode: 'online',
  exit,
  success,
  goal,
});

describe('partial credit', () => {
  it('averages the share met over N: unresolved is 0, an invalid task is out, an unmeasured result is left out and counted', () => {
    const s = scoreRun([
      r('t1', 'a', 'finished', true, { met: 2, total: 2 }),
      r('t2', 'a', 'gave_up', false, { met: 1, total: 4 }),
      r('t3', 'a', 'infra_error', false, null),
      r('t4', 'a', 'finished', false, null),
      r('t5', 'a', 'invalid_task', false, null),
    ]);
    const c = creditOf(s.items);
    expect(c).toEqual({ value: (1 + 0.25 + 0) / 3, measured: 3, tasks: 4 });
    const row = partialCreditTable(s).rows[0]!;
    expect(row).toMatchObject({ agent: 'a', sr: 0.25, measured: '3/4' });
    expect(row.pc).toBeCloseTo(1.25 / 3, 12);
    expect(creditOf(scoreRun([r('t1', 'a', 'finished', false, null)]).items).value).toBeNull();
  });

  it('a pair of judges adds what each could count', () => {
    expect(combineGoals({ met: 1, total: 2 }, { met: 2, total: 3 })).toEqual({ met: 3, total: 5 });
    expect(combineGoals({ met: 1, total: 2 }, null)).toEqual({ met: 1, total: 2 });
    expect(combineGoals(null, undefined)).toBeNull();
  });
});
