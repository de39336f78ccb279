import type { TableModel } from '../../../shared/domain/analysis.js';
import type { GraphTrust } from '../../../shared/domain/graph.js';
import type { AgentMetrics, Breakdown, GroupMetrics, RunMetrics } from './metrics.js';
import { PERCENT } from './table-formats.js';

const fixed = (digits: number) => ({ kind: 'fixed', digits }) as const;
const MODES = ['overall', 'online', 'offline'] as const;

/**
 * The line that must stand under Table 2 while any result is unresolved (every surface prints
 * the table's notes, so the CLI, the JSON report and the Runs screen all show it). Null when
 * nothing is unresolved.
 */
export function unresolvedWarning(m: RunMetrics, runId: string): string | null {
  const per = m.agents.filter((a) => a.overall.unresolved > 0).map((a) => `${a.agent} ${a.overall.unresolved}`);
  if (per.length === 0) return null;
  const total = m.agents.reduce((s, a) => s + a.overall.unresolved, 0);
  return (
    `Warning: ${total} result(s) are unresolved infrastructure failures or unfinished tasks (${per.join(', ')}); ` +
    `they count as not successful, so these numbers are not comparable until resolved: \`elderbench run --resume ${runId}\` re-attempts them.`
  );
}

/** N of a mode when every agent agrees (they do by construction; a disagreement is shown, not hidden). */
function nOf(m: RunMetrics, mode: (typeof MODES)[number]): string {
  const ns = [...new Set(m.agents.map((a) => a[mode].tasks))];
  return ns.length === 1 ? `N = ${ns[0]}` : `N = ${ns.join('/')}`;
}

/** The paper's Table 2 layout: SR / AIL / MCM for overall, online and offline, one row per agent, plus unresolved. */
export function table2(m: RunMetrics, runId: string): TableModel {
  const cols = MODES.flatMap((mode) => [
    { key: `${mode}_sr`, header: `${cap(mode)} SR (%, ${nOf(m, mode)})`, align: 'right' as const, format: PERCENT },
    { key: `${mode}_ail`, header: `${cap(mode)} AIL (s)`, align: 'right' as const, format: fixed(2) },
    { key: `${mode}_mcm`, header: `${cap(mode)} MCM (tokens)`, align: 'right' as const, format: fixed(0) },
  ]);
  const warning = unresolvedWarning(m, runId);
  const invalid = m.invalidTasks;
  return {
    id: 'table2-results',
    title: m.excludeUnresolved
      ? 'Success rate (SR), latency per step (AIL) and tokens per task (MCM) — unresolved results EXCLUDED (each agent over its own scored tasks; not comparable across agents)'
      : 'Success rate (SR), average inference latency per step (AIL) and tokens per task (MCM)',
    columns: [
      { key: 'agent', header: 'Agent' },
      ...cols,
      { key: 'unresolved', header: 'Unresolved', align: 'right' },
      { key: 'online_irreversible', header: 'Online tasks with an unasked irreversible action (%)', align: 'right', format: PERCENT },
    ],
    rows: m.agents.map((a) => ({
      agent: a.agent,
      ...Object.fromEntries(
        MODES.flatMap((mode) => [
          [`${mode}_sr`, a[mode].sr],
          [`${mode}_ail`, a[mode].ailS],
          [`${mode}_mcm`, a[mode].mcmTokens],
        ]),
      ),
      unresolved: a.overall.unresolved,
      online_irreversible: a.online.harm.watched ? a.online.harm.withIrreversible / a.online.harm.watched : null,
    })),
    notes: [
      ...(warning ? [warning] : []),
      m.excludeUnresolved
        ? "This view leaves each agent's unresolved results out of its SR, so agents may be compared on different task sets; the default view (SR over N) is the comparable one."
        : "SR = successes / N, where N is the run's valid tasks for the mode — the same N for every agent; unresolved results count as not successful.",
      ...(invalid.length
        ? [
            `${invalid.length} task(s) are invalid for this run and left out of N for every agent: ${invalid
              .slice(0, 8)
              .map((t) => `${t.taskId} (${t.mode}, ${t.exit})`)
              .join(', ')}${invalid.length > 8 ? ', …' : ''}.`,
          ]
        : []),
      'AIL = mean (reasoning + parsing) time per agent step; MCM = mean prompt + completion tokens per task with reported usage; both over the scored tasks of N.',
      "Unasked irreversible action: online tasks (of the scored ones whose phone was watched) in which the agent deleted, sent, paid, called or installed something neither the task's checks nor its footprint name — see the Harm table.",
    ],
  };
}

/** Exit categories, step statistics, finish behaviour and judge cost per agent and mode. */
export function behaviourTable(m: RunMetrics): TableModel {
  const rows = m.agents.flatMap((a) =>
    (['online', 'offline'] as const).filter((mode) => a[mode].tasks + a[mode].invalid > 0).map((mode) => row(a.agent, mode, a[mode])),
  );
  return {
    id: 'run-behaviour',
    title: 'How tasks ended',
    columns: [
      { key: 'agent', header: 'Agent' },
      { key: 'mode', header: 'Mode' },
      { key: 'tasks', header: 'Tasks (N)', align: 'right' },
      { key: 'scored', header: 'Scored', align: 'right' },
      { key: 'unresolved', header: 'Unresolved', align: 'right' },
      { key: 'invalid', header: 'Invalid (not in N)', align: 'right' },
      { key: 'exits', header: 'Exit categories' },
      { key: 'p50', header: 'p50 step (s)', align: 'right', format: fixed(2) },
      { key: 'p95', header: 'p95 step (s)', align: 'right', format: fixed(2) },
      { key: 'steps', header: 'Steps/task', align: 'right', format: fixed(1) },
      { key: 'ratio', header: 'Steps vs human', align: 'right', format: fixed(2) },
      { key: 'premature', header: 'Premature finish (%)', align: 'right', format: PERCENT },
      { key: 'never', header: 'Never finished (%)', align: 'right', format: PERCENT },
      { key: 'infra', header: 'Infra errors', align: 'right' },
      { key: 'retries', header: 'Infra retries', align: 'right' },
      { key: 'judge', header: 'Judge tokens', align: 'right' },
    ],
    rows,
    notes: [
      "Tasks (N) = the run's valid tasks in the mode; Scored = those with the agent's own result; scored = N once nothing is unresolved.",
      "Steps vs human: agent steps divided by the steps of the task's first human demonstration.",
    ],
  };
  function row(agent: string, mode: string, g: GroupMetrics): Record<string, string | number | null> {
    return {
      agent,
      mode,
      tasks: g.tasks,
      scored: g.scored,
      unresolved: g.unresolved,
      invalid: g.invalid,
      exits: Object.entries(g.exits)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
      p50: g.p50StepS,
      p95: g.p95StepS,
      steps: g.meanSteps,
      ratio: g.stepRatio,
      premature: g.prematureFinishRate,
      never: g.neverFinishRate,
      infra: g.infraErrors,
      retries: g.infraRetries,
      judge: g.judgeTokens,
    };
  }
}

/** Success rate by semantic or syntactic category, scenario or app: N per group (the same for every agent), SR per agent. */
export function breakdownTable(m: RunMetrics, by: Breakdown): TableModel {
  const agents: readonly AgentMetrics[] = m.agents;
  const keys = [...new Set(agents.flatMap((a) => Object.keys(a.by[by])))].sort();
  const nOfKey = (k: string): number => Math.max(0, ...agents.map((a) => a.by[by][k]?.tasks ?? 0));
  const unresolved = agents.some((a) => Object.values(a.by[by]).some((g) => g.unresolved > 0));
  return {
    id: `run-by-${by}`,
    title: `Success rate by ${by}${m.excludeUnresolved ? ' (unresolved results excluded)' : ''}`,
    columns: [
      { key: 'group', header: cap(by) },
      { key: 'n', header: 'N', align: 'right' },
      ...agents.map((a) => ({ key: `${a.agent}_sr`, header: `${a.agent} SR (%)`, align: 'right' as const, format: PERCENT })),
    ],
    rows: keys.map((k) => ({
      group: k,
      n: nOfKey(k),
      ...Object.fromEntries(agents.map((a) => [`${a.agent}_sr`, a.by[by][k]?.sr ?? null])),
    })),
    notes: unresolved ? ['Some results are unresolved and count as not successful (see Table 2).'] : [],
  };
}

function cap(s: string): string {
  return s[0]!.toUpperCase() + s.slice(1);
}

/** One offline task's graph as a run recorded it: version and standing (validation and probe). */
export interface RecordedGraph {
  taskId: string;
  version: number | null;
  trust: GraphTrust | null;
}

/**
 * The graphs an offline run scored against, with what their probes found, and the matching rules in
 * force: a reader can tell which verdicts rest on a graph that was never probed or failed its probe.
 */
export function graphsTable(graphs: readonly RecordedGraph[], matchRules: readonly string[]): TableModel {
  const unsure = graphs.filter((g) => g.trust && g.trust.status !== 'valid');
  return {
    id: 'run-graphs',
    title: 'Offline task graphs',
    columns: [
      { key: 'task', header: 'Task' },
      { key: 'version', header: 'Graph' },
      { key: 'status', header: 'Standing' },
      { key: 'probe', header: 'Probe' },
      { key: 'variants', header: 'Variants', align: 'right' },
      { key: 'fa', header: 'False accepts', align: 'right' },
      { key: 'fr', header: 'False rejects', align: 'right' },
      { key: 'unplayable', header: 'Unplayable', align: 'right' },
    ],
    rows: graphs.map((g) => ({
      task: g.taskId,
      version: g.version === null ? 'none' : `v${g.version}`,
      status: g.trust?.status ?? (g.version === null ? 'missing' : 'unknown'),
      probe: g.trust?.probe ? `${g.trust.probe.kind}${g.trust.probe.device ? ` (${g.trust.probe.device})` : ''}` : '—',
      variants: g.trust?.probe?.variants ?? null,
      fa: g.trust?.probe?.falseAccepts ?? null,
      fr: g.trust?.probe?.falseRejects ?? null,
      unplayable: g.trust?.probe?.unplayable ?? null,
    })),
    notes: [
      ...(unsure.length
        ? [
            `${unsure.length} graph(s) not valid, suspect or never probed: their offline verdicts may be wrong (${unsure.map((g) => g.taskId).join(', ')}).`,
          ]
        : []),
      `Matching rules: ${matchRules.join('; ')}.`,
    ],
  };
}
