import type { PreviousAttempt } from '../../../shared/domain/run-records.js';
import type { RunSpec } from '../../../shared/schemas/run-spec.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { exitClass } from '../../core/eval/exit-classes.js';
import { planItems } from '../../core/eval/scoring.js';

/** One (task, agent, mode) of a run, in one of its trials. */
export interface RunItem {
  task: Task;
  agent: string;
  mode: 'online' | 'offline';
  /** 0 for the first (or only) trial; `run --trials K` plans trials 0 … K−1. */
  trial: number;
}

export const itemKey = (runId: string, i: RunItem) => ({ runId, taskId: i.task.id, agent: i.agent, mode: i.mode, trial: i.trial });
const historyKey = (taskId: string, agent: string, mode: string, trial = 0): string => `${taskId}|${agent}|${mode}|${trial}`;

export interface RunPlan {
  /** Everything the run set out to do. */
  items: RunItem[];
  /** What is left: items without a resolved result. */
  todo: RunItem[];
  /** Earlier tries of the items left, kept in their new result's `previousAttempts`. */
  history(i: RunItem): PreviousAttempt[] | undefined;
}

/**
 * What a run still has to do. Resolved = the agent's own result or an invalid task; an
 * infrastructure failure and a task cut off mid-way (steps without a result) are left to do
 * again, with what happened before kept as their history.
 */
export function planRun(store: WorkspaceStore, runId: string, spec: RunSpec): RunPlan {
  const tasks = new Map(
    spec.taskIds.map((id) => {
      const t = store.tasks.get(id);
      if (!t) throw new Error(`task ${id} is not in this workspace`);
      return [id, t] as const;
    }),
  );
  // Trial by trial: the first trial of every item is done before any repetition, so a run stopped early still
  // has the comparable first-trial table complete.
  const planned = planItems(spec.mode, spec.agents, [...tasks.values()]);
  const items: RunItem[] = Array.from({ length: spec.trials }, (_, trial) =>
    planned.map((p) => ({ task: tasks.get(p.taskId)!, agent: p.agent, mode: p.mode, trial })),
  ).flat();
  const stored = new Map(store.runs.allResults(runId).map((r) => [historyKey(r.taskId, r.agent, r.mode, r.trial), r]));
  const history = new Map<string, PreviousAttempt[]>();
  const todo = items.filter((i) => {
    const k = historyKey(i.task.id, i.agent, i.mode, i.trial);
    const prior = stored.get(k);
    if (prior && exitClass(prior.exitCategory) !== 'infrastructure') return false;
    const earlier = [...(prior?.details.previousAttempts ?? [])];
    if (prior) {
      const d = prior.details;
      earlier.push({
        exit: prior.exitCategory,
        reason: d.reason ?? null,
        finishedAt: prior.finishedAt,
        ...(d.attempts ? { attempts: d.attempts } : {}),
        ...(d.triedDevices ? { triedDevices: d.triedDevices } : {}),
      });
    } else {
      const partial = store.runs.steps(itemKey(runId, i)).length;
      if (partial > 0)
        earlier.push({ exit: 'interrupted', reason: 'the process stopped while the task ran', finishedAt: null, steps: partial });
    }
    if (earlier.length) history.set(k, earlier);
    return true;
  });
  return { items, todo, history: (i) => history.get(historyKey(i.task.id, i.agent, i.mode, i.trial)) };
}
