import type { ItemStatus } from '../eval/scoring.js';
import type { AttributionObservation } from './attribution/attribution.js';
import type { FailedTask, JudgedResult } from './failures/failure-table.js';
import type { NormalizationPair } from './normalization/normalization-study.js';

/**
 * Joins scored run items, review labels and task annotations into the inputs of each
 * analysis. Every analysis takes the items of core/eval/scoring.ts, so all of them use the
 * run's valid-task set and the same exit classes: invalid tasks are never counted, and an
 * unresolved item (infrastructure failure, interrupted) is left out and counted, never taken
 * for the agent's failure.
 */
export interface ResultRow {
  runId: string;
  taskId: string;
  agent: string;
  mode: string;
  success: boolean;
  status: ItemStatus;
}

const isScored = (r: ResultRow): boolean => r.status === 'success' || r.status === 'failure';

export interface LabelRow {
  taskId: string;
  agent: string;
  mode: string;
  failureCategory: string | null;
  humanVerdict: 'success' | 'failure' | null;
}

const key = (r: { taskId: string; agent: string; mode: string }): string => JSON.stringify([r.taskId, r.agent, r.mode]);

export interface PairedRuns {
  /** Pairs per agent, agents sorted. */
  byAgent: { agent: string; pairs: NormalizationPair[] }[];
  /** Results present in only one of the two runs (left out). */
  unpaired: number;
  /** Pairs left out because one side is unresolved (infrastructure failure or never finished). */
  unresolved: number;
  /** Pairs left out because the task is invalid in either run. */
  invalid: number;
  /** Task ids with no semantic category in the workspace (grouped as "Unannotated"). */
  unknownTasks: string[];
}

/** Pairs the original and rewritten runs by (task, agent, mode); only pairs scored on both sides enter the tests. */
export function pairRuns(
  original: readonly ResultRow[],
  rewritten: readonly ResultRow[],
  semanticOf: (taskId: string) => string | undefined,
): PairedRuns {
  const rew = new Map(rewritten.map((r) => [key(r), r]));
  const byAgent = new Map<string, NormalizationPair[]>();
  const unknown = new Set<string>();
  let paired = 0;
  let unresolved = 0;
  let invalid = 0;
  for (const o of original) {
    const r = rew.get(key(o));
    if (!r) continue;
    paired++;
    if (o.status === 'invalid' || r.status === 'invalid') {
      invalid++;
      continue;
    }
    if (!isScored(o) || !isScored(r)) {
      unresolved++;
      continue;
    }
    let category = semanticOf(o.taskId);
    if (category === undefined) {
      unknown.add(o.taskId);
      category = 'Unannotated';
    }
    // Online and offline results of one task are separate pairs; keep their ids distinct.
    const taskId = o.mode === 'online' || o.mode === 'offline' ? `${o.taskId}@${o.mode}` : o.taskId;
    const list = byAgent.get(o.agent) ?? [];
    list.push({ taskId, category, original: o.success, rewritten: r.success });
    byAgent.set(o.agent, list);
  }
  return {
    byAgent: [...byAgent.keys()].sort().map((agent) => ({ agent, pairs: byAgent.get(agent)! })),
    unpaired: original.length + rewritten.length - 2 * paired,
    unresolved,
    invalid,
    unknownTasks: [...unknown].sort(),
  };
}

/**
 * Failed scored results with their reviewer's category (null when unlabelled); a reviewer's
 * verdict overrides the automatic one (as the Review screen counts them). Unresolved and
 * invalid items are not failures of the agent and are never listed.
 */
export function failedWithLabels(results: readonly ResultRow[], labels: readonly LabelRow[]): FailedTask[] {
  const byKey = new Map(labels.map((l) => [key(l), l]));
  return results
    .filter(isScored)
    .filter((r) => {
      const human = byKey.get(key(r))?.humanVerdict ?? null;
      return human === null ? !r.success : human === 'failure';
    })
    .map((r) => ({ taskId: r.taskId, agent: r.agent, category: byKey.get(key(r))?.failureCategory ?? null }));
}

/** The automatic verdicts of scored results beside the reviewer's. */
export function judgedResults(results: readonly ResultRow[], labels: readonly LabelRow[]): JudgedResult[] {
  const byKey = new Map(labels.map((l) => [key(l), l]));
  return results.filter(isScored).map((r) => ({ judgeSuccess: r.success, humanVerdict: byKey.get(key(r))?.humanVerdict ?? null }));
}

export interface TaskFeatures {
  semantic: string;
  syntactic: string;
  scenario: string;
  length: number;
  verbs: number;
}

/**
 * One observation per scored result (task × agent × mode × run), tagged with its task and
 * agent (for task-clustered statistics and the within-agent permutation null). Results of
 * unknown tasks are counted and left out, as are unresolved ones.
 */
export function attributionObservations(
  results: readonly ResultRow[],
  featuresOf: (taskId: string) => TaskFeatures | undefined,
): { observations: AttributionObservation[]; unknownTasks: string[]; unresolved: number } {
  const unknown = new Set<string>();
  const observations: AttributionObservation[] = [];
  let unresolved = 0;
  for (const r of results) {
    if (r.status === 'invalid') continue;
    if (!isScored(r)) {
      unresolved++;
      continue;
    }
    const f = featuresOf(r.taskId);
    if (!f) unknown.add(r.taskId);
    else observations.push({ ...f, success: r.success, taskId: r.taskId, group: r.agent });
  }
  return { observations, unknownTasks: [...unknown].sort(), unresolved };
}
