import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { AgentComparison, PairedOutcome } from '../../core/eval/run-compare.js';
import { compareAgents, comparisonTable } from '../../core/eval/run-compare.js';
import type { TableModel } from '../../../shared/domain/analysis.js';
import { resultRows } from './run-results.js';

/** How a run differs from a plain one: who answered the agents' questions and the device variant. */
export function runCondition(store: WorkspaceStore, runId: string): string {
  const spec = store.runs.get(runId)?.manifest.spec;
  const parts = [
    `user ${spec?.user ?? 'none'}`,
    ...(spec?.variant ? [`variant ${spec.variant}`] : []),
    ...(spec?.instruction === 'normalized' ? ['normalized instructions'] : []),
    // Comparisons pair one result per item: a run of repeated trials is compared by its first.
    ...(spec && spec.trials > 1 ? [`first of ${spec.trials} trials`] : []),
  ];
  return `${runId} (${parts.join(', ')})`;
}

export interface RunComparison {
  runA: string;
  runB: string;
  agents: AgentComparison[];
  rows: PairedOutcome[];
  table: TableModel;
}

/** Per-agent SR of run B against run A on the tasks both scored (the run's own scoring rule, no reviewer overrides). */
export function compareRunsSr(store: WorkspaceStore, runA: string, runB: string): RunComparison {
  for (const id of [runA, runB])
    if (!store.runs.get(id)) throw new Error(`no run ${id} in ${store.path}; list runs with: elderbench report --list`);
  const verdicts = (runId: string): Map<string, boolean | null> =>
    new Map(
      resultRows(store, runId).map((i) => [
        JSON.stringify([i.taskId, i.agent, i.mode]),
        i.status === 'success' ? true : i.status === 'failure' ? false : null,
      ]),
    );
  const a = verdicts(runA);
  const b = verdicts(runB);
  const rows = [...new Set([...a.keys(), ...b.keys()])].sort().map((k) => {
    const [taskId, agent, mode] = JSON.parse(k) as [string, string, string];
    return { taskId, agent, mode, a: a.get(k) ?? null, b: b.get(k) ?? null };
  });
  const agents = compareAgents(rows);
  return { runA, runB, agents, rows, table: comparisonTable(agents, { a: runCondition(store, runA), b: runCondition(store, runB) }) };
}
