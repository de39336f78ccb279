import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { AgentComparison, PairedOutcome } from '../../core/eval/run-compare.js';
import { compareAgents, comparisonTable } from '../../core/eval/run-compare.js';
import type { TableModel } from '../../../shared/domain/analysis.js';
import type { ModeAgreement } from '../../core/eval/mode-agreement.js';
import { modeAgreement, modeAgreementTable } from '../../core/eval/mode-agreement.js';
import { resultRows } from './run-results.js';

/** How a run differs from a plain one: who answered the agents' questions and the device variant. */
export function runCondition(store: WorkspaceStore, runId: string): string {
  const spec = store.runs.get(runId)?.manifest.spec;
  const parts = [
    `user ${spec?.user ?? 'none'}`,
    ...(spec?.variant ? [`variant ${spec.variant}`] : []),
    ...(spec?.instruction === 'normalized' ? ['normalized instructions'] : []),
  ];
  return `${runId} (${parts.join(', ')})`;
}

export interface RunComparison {
  runA: string;
  runB: string;
  agents: AgentComparison[];
  rows: PairedOutcome[];
  table: TableModel;
  /**
   * When one run scored its tasks offline and the other online: the tasks are paired across the modes, and
   * the verdicts' agreement (Cohen's κ per agent, Kendall's τ of the agents' ranking) is reported.
   */
  modes?: { agreement: ModeAgreement; table: TableModel };
}

/** The one mode a run scored its items in, or null when it has both. */
function onlyMode(items: readonly { mode: string }[]): string | null {
  const modes = new Set(items.map((i) => i.mode));
  return modes.size === 1 ? [...modes][0]! : null;
}

/** Per-agent SR of run B against run A on the tasks both scored (the run's own scoring rule, no reviewer overrides). */
export function compareRunsSr(store: WorkspaceStore, runA: string, runB: string): RunComparison {
  for (const id of [runA, runB])
    if (!store.runs.get(id)) throw new Error(`no run ${id} in ${store.path}; list runs with: elderbench report --list`);
  const itemsA = resultRows(store, runA);
  const itemsB = resultRows(store, runB);
  const modeA = onlyMode(itemsA);
  const modeB = onlyMode(itemsB);
  // One run offline, the other online: the same task is paired across the modes.
  const cross = modeA !== null && modeB !== null && modeA !== modeB;
  const verdicts = (items: typeof itemsA): Map<string, boolean | null> =>
    new Map(
      items.map((i) => [
        JSON.stringify([i.taskId, i.agent, cross ? `${modeA} → ${modeB}` : i.mode]),
        i.status === 'success' ? true : i.status === 'failure' ? false : null,
      ]),
    );
  const a = verdicts(itemsA);
  const b = verdicts(itemsB);
  const rows = [...new Set([...a.keys(), ...b.keys()])].sort().map((k) => {
    const [taskId, agent, mode] = JSON.parse(k) as [string, string, string];
    return { taskId, agent, mode, a: a.get(k) ?? null, b: b.get(k) ?? null };
  });
  const agents = compareAgents(rows);
  const table = comparisonTable(agents, { a: runCondition(store, runA), b: runCondition(store, runB) });
  if (!cross) return { runA, runB, agents, rows, table };
  const offlineIsA = modeA === 'offline';
  const agreement = modeAgreement(
    rows.map((r) => ({ taskId: r.taskId, agent: r.agent, offline: offlineIsA ? r.a : r.b, online: offlineIsA ? r.b : r.a })),
  );
  const labels = { offline: offlineIsA ? runA : runB, online: offlineIsA ? runB : runA };
  return { runA, runB, agents, rows, table, modes: { agreement, table: modeAgreementTable(agreement, labels) } };
}
