import type { TableModel } from '../../../shared/domain/analysis.js';
import { agreement } from '../analysis/stats/agreement.js';
import { kendallTauB } from '../analysis/stats/kendall.js';
import { FIXED3, PERCENT } from './table-formats.js';

/**
 * The same agents on the same tasks scored both ways, offline against the task graphs and online on a
 * phone: per agent, how often the two verdicts agree task by task (Cohen's κ over success/failure), and
 * across agents whether the two modes rank them alike (Kendall's τ-b of their SRs). What no benchmark
 * publishes: whether the cheap offline half tells labs what the online half would.
 */
export interface ModeVerdict {
  taskId: string;
  agent: string;
  /** Success offline / online; null when that run has no scored result for it (none, unresolved, invalid). */
  offline: boolean | null;
  online: boolean | null;
}

export interface AgentModeAgreement {
  agent: string;
  /** Tasks both modes scored. */
  tasks: number;
  srOffline: number | null;
  srOnline: number | null;
  /** Success in both, failure in both, success offline only, success online only. */
  both: number;
  neither: number;
  offlineOnly: number;
  onlineOnly: number;
  /** Share of tasks with the same verdict. */
  agreement: number | null;
  /** null when κ is undefined (both modes gave one and the same verdict to every task). */
  kappa: number | null;
}

export interface ModeAgreement {
  agents: AgentModeAgreement[];
  /** Kendall's τ-b between the agents' offline and online SRs; null with fewer than two agents or all tied. */
  rankingTau: number | null;
  /** Every agent's tasks pooled: Cohen's κ of offline vs online verdicts. */
  pooledKappa: number | null;
}

export function modeAgreement(rows: readonly ModeVerdict[]): ModeAgreement {
  const names = [...new Set(rows.map((r) => r.agent))].sort();
  const scored = rows.filter((r) => r.offline !== null && r.online !== null);
  const label = (v: boolean | null): string => (v ? 'success' : 'failure');
  const agents = names.map((agent): AgentModeAgreement => {
    const mine = scored.filter((r) => r.agent === agent);
    const n = mine.length;
    const a = n ? agreement(mine.map((r) => [label(r.offline), label(r.online)] as const)) : null;
    return {
      agent,
      tasks: n,
      srOffline: n ? mine.filter((r) => r.offline).length / n : null,
      srOnline: n ? mine.filter((r) => r.online).length / n : null,
      both: mine.filter((r) => r.offline && r.online).length,
      neither: mine.filter((r) => !r.offline && !r.online).length,
      offlineOnly: mine.filter((r) => r.offline && !r.online).length,
      onlineOnly: mine.filter((r) => !r.offline && r.online).length,
      agreement: a?.percentAgreement ?? null,
      kappa: a?.kappa ?? null,
    };
  });
  const ranked = agents.filter((x) => x.srOffline !== null && x.srOnline !== null);
  const pooled = scored.length ? agreement(scored.map((r) => [label(r.offline), label(r.online)] as const)).kappa : null;
  return {
    agents,
    rankingTau:
      ranked.length >= 2
        ? kendallTauB(
            ranked.map((x) => x.srOffline!),
            ranked.map((x) => x.srOnline!),
          )
        : null,
    pooledKappa: pooled,
  };
}

export function modeAgreementTable(m: ModeAgreement, labels: { offline: string; online: string }): TableModel {
  return {
    id: 'mode-agreement',
    title: `Offline vs online verdicts on the same tasks: offline = ${labels.offline}, online = ${labels.online}`,
    columns: [
      { key: 'agent', header: 'Agent' },
      { key: 'tasks', header: 'Tasks', align: 'right' },
      { key: 'srOffline', header: 'SR offline (%)', align: 'right', format: PERCENT },
      { key: 'srOnline', header: 'SR online (%)', align: 'right', format: PERCENT },
      { key: 'offlineOnly', header: 'Success offline only', align: 'right' },
      { key: 'onlineOnly', header: 'Success online only', align: 'right' },
      { key: 'agreement', header: 'Same verdict (%)', align: 'right', format: PERCENT },
      { key: 'kappa', header: "Cohen's κ", align: 'right', format: FIXED3 },
    ],
    rows: m.agents.map((a) => ({ ...a })),
    notes: [
      `Agents' ranking by SR, offline vs online: Kendall's τ-b = ${m.rankingTau === null ? '— (needs two agents with different SRs)' : m.rankingTau.toFixed(3)}; all agents' tasks pooled: Cohen's κ = ${m.pooledKappa === null ? '—' : m.pooledKappa.toFixed(3)}.`,
      'Paired by (task, agent) over the tasks both runs scored; κ is undefined (—) when both modes gave every task the same verdict.',
    ],
  };
}
