import type { TableModel } from '../../../shared/domain/analysis.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { RunResult } from '../../adapters/db/repositories/runs-repo.js';
import type { CreditResult } from '../../core/eval/partial-credit.js';
import { partialCreditByCategory, partialCreditTable } from '../../core/eval/partial-credit.js';
import type { PlannedItem } from '../../core/eval/scoring.js';
import { scoreRun } from '../../core/eval/scoring.js';

/** A stored result's goal conditions met: offline the walk's, online the judge's (rule checks, state judge). */
export const storedGoal = (r: RunResult): CreditResult['goal'] => (r.mode === 'offline' ? r.details.goal : r.details.judge?.goal) ?? null;

/** The partial-credit tables of a run's first trial: per agent next to SR, and per semantic category. */
export function partialCreditTables(
  results: readonly RunResult[],
  plan: readonly PlannedItem[] | undefined,
  tasks: ReadonlyMap<string, Task>,
): { perAgent: TableModel; bySemantic: TableModel } {
  const scoring = scoreRun(
    results.map((r) => ({ taskId: r.taskId, agent: r.agent, mode: r.mode, success: r.success, exit: r.exitCategory, goal: storedGoal(r) })),
    plan,
  );
  return { perAgent: partialCreditTable(scoring), bySemantic: partialCreditByCategory(scoring, tasks) };
}
