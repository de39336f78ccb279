import type { TableModel } from '../../../shared/domain/analysis.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { AskInput } from '../../core/eval/ask-metrics.js';
import { askMetrics, askTable } from '../../core/eval/ask-metrics.js';
import { scoreStoredRun } from './run-results.js';

/** The "Asking the user" table of a run, or null when nobody answered and no agent asked. */
export function askReport(store: WorkspaceStore, runId: string): TableModel | null {
  const mode = store.runs.get(runId)?.manifest.spec?.user ?? 'none';
  const tasks = new Map<string, ReturnType<WorkspaceStore['tasks']['get']>>();
  const rows: AskInput[] = scoreStoredRun(store, runId).items.map((i) => {
    if (!tasks.has(i.taskId)) tasks.set(i.taskId, store.tasks.get(i.taskId));
    const t = tasks.get(i.taskId);
    const u = i.result?.row.details.user;
    return {
      taskId: i.taskId,
      agent: i.agent,
      status: i.status,
      success: i.result?.success ?? false,
      semantic: t?.annotations.semantic ?? null,
      hasFacts: (t?.user?.facts.length ?? 0) > 0,
      asks: u?.asks ?? (i.result?.exit === 'ask_user' ? 1 : 0),
      answered: u?.answered ?? 0,
      userTokens: u?.tokens ?? null,
      userMs: u?.ms ?? 0,
      ...(u?.operationHints ? { operationHints: u.operationHints } : {}),
    };
  });
  if (mode === 'none' && !rows.some((r) => r.asks > 0)) return null;
  return askTable(askMetrics(rows), mode);
}
