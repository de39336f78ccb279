import type { TableModel } from '../../../shared/domain/analysis.js';
import type { Run } from '../../adapters/db/repositories/runs-repo.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { PlannedItem } from '../../core/eval/scoring.js';
import type { PassK } from '../../core/eval/trials.js';
import { passKMetrics, passKTable, trialSuccesses } from '../../core/eval/trials.js';

/** How many trials a run was planned with (1 for runs stored before `--trials`). */
export const trialCount = (run: Run): number => run.manifest.spec?.trials ?? run.manifest.trials?.count ?? 1;

/** Per agent: pass@1, pass@K and pass^K over every stored trial of the run; null for a run of one trial. */
export function runPassK(store: WorkspaceStore, run: Run, plan: readonly PlannedItem[] | undefined): PassK[] | null {
  const trials = trialCount(run);
  if (trials <= 1) return null;
  const results = store.runs
    .allResults(run.id)
    .map((r) => ({ taskId: r.taskId, agent: r.agent, mode: r.mode, success: r.success, exit: r.exitCategory, trial: r.trial ?? 0 }));
  return trialSuccesses(results, plan, trials).map(passKMetrics);
}

/** Table 2's companion for a run of repeated trials (null for a run of one). */
export function trialsTable(store: WorkspaceStore, run: Run, plan: readonly PlannedItem[] | undefined): TableModel | null {
  const rows = runPassK(store, run, plan);
  return rows ? passKTable(rows) : null;
}
