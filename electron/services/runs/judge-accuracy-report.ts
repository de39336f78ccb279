import type { TableModel } from '../../../shared/domain/analysis.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { RunResult } from '../../adapters/db/repositories/runs-repo.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { LabelledResult } from '../../core/eval/judge-accuracy.js';
import { judgeAccuracy, judgeAccuracyTable, judgeVerdicts, judgeWarnings } from '../../core/eval/judge-accuracy.js';
import type { RunScoring, ScoredResult } from '../../core/eval/scoring.js';

/**
 * Each judge of a run against the reviewers' verdicts (Review labels of the first trial), on the scored results a
 * reviewer gave a verdict: the table, and the warnings `report` prints (F1 below 0.9, fewer than 30 labels).
 */
export function judgeAccuracyReport(
  store: WorkspaceStore,
  runId: string,
  scoring: RunScoring<ScoredResult & { row: RunResult }>,
  tasks: ReadonlyMap<string, Task>,
): { table: TableModel; warnings: string[] } {
  const key = (taskId: string, agent: string, mode: string): string => JSON.stringify([taskId, agent, mode]);
  const human = new Map(store.labels.forRun(runId).map((l) => [key(l.taskId, l.agent, l.mode), l.humanVerdict]));
  const labelled: LabelledResult[] = scoring.items.flatMap((i) => {
    const verdict = human.get(key(i.taskId, i.agent, i.mode));
    if (!verdict || !i.result || (i.status !== 'success' && i.status !== 'failure')) return [];
    const r = i.result.row;
    return [
      {
        taskId: r.taskId,
        mode: r.mode,
        exit: r.exitCategory,
        success: r.success,
        judge: r.details.judge,
        human: verdict,
        category: tasks.get(r.taskId)?.annotations.semantic ?? '(unknown task)',
      },
    ];
  });
  const ran = [
    ...new Set(
      scoring.items.flatMap((i) =>
        i.result
          ? Object.keys(judgeVerdicts({ mode: i.mode, exit: i.result.exit, success: i.result.success, judge: i.result.row.details.judge }))
          : [],
      ),
    ),
  ];
  const accuracy = judgeAccuracy(labelled, ran);
  return { table: judgeAccuracyTable(accuracy), warnings: judgeWarnings(accuracy) };
}
