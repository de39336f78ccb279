import type { AttributionObservation } from './attribution/attribution.js';
import type { FailedTask, JudgedResult } from './failures/failure-table.js';
import type { NormalizationPair } from './normalization/normalization-study.js';

/**
 * Joins stored run results, review labels and task annotations into the inputs of each
 * analysis. Structural types so core does not depend on the DB adapter; the repositories'
 * RunResult and Label rows fit them as they are.
 */
export interface ResultRow {
  runId: string;
  taskId: string;
  agent: string;
  mode: string;
  success: boolean;
}

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
  /** Task ids with no semantic category in the workspace (grouped as "Unannotated"). */
  unknownTasks: string[];
}

/** Pairs the original and rewritten runs by (task, agent, mode). */
export function pairRuns(
  original: readonly ResultRow[],
  rewritten: readonly ResultRow[],
  semanticOf: (taskId: string) => string | undefined,
): PairedRuns {
  const rew = new Map(rewritten.map((r) => [key(r), r]));
  const byAgent = new Map<string, NormalizationPair[]>();
  const unknown = new Set<string>();
  let paired = 0;
  for (const o of original) {
    const r = rew.get(key(o));
    if (!r) continue;
    paired++;
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
    unknownTasks: [...unknown].sort(),
  };
}

/** Failed results with their reviewer's category (null when unlabelled). */
/** Failed results, where a reviewer's verdict overrides the automatic one (as the Review screen counts them). */
export function failedWithLabels(results: readonly ResultRow[], labels: readonly LabelRow[]): FailedTask[] {
  const byKey = new Map(labels.map((l) => [key(l), l]));
  return results
    .filter((r) => {
      const human = byKey.get(key(r))?.humanVerdict ?? null;
      return human === null ? !r.success : human === 'failure';
    })
    .map((r) => ({ taskId: r.taskId, agent: r.agent, category: byKey.get(key(r))?.failureCategory ?? null }));
}

export function judgedResults(results: readonly ResultRow[], labels: readonly LabelRow[]): JudgedResult[] {
  const byKey = new Map(labels.map((l) => [key(l), l]));
  return results.map((r) => ({ judgeSuccess: r.success, humanVerdict: byKey.get(key(r))?.humanVerdict ?? null }));
}

export interface TaskFeatures {
  semantic: string;
  syntactic: string;
  scenario: string;
  length: number;
  verbs: number;
}

/** One observation per result (task × agent × mode × run); results of unknown tasks are counted and left out. */
export function attributionObservations(
  results: readonly ResultRow[],
  featuresOf: (taskId: string) => TaskFeatures | undefined,
): { observations: AttributionObservation[]; unknownTasks: string[] } {
  const unknown = new Set<string>();
  const observations: AttributionObservation[] = [];
  for (const r of results) {
    const f = featuresOf(r.taskId);
    if (!f) unknown.add(r.taskId);
    else observations.push({ ...f, success: r.success });
  }
  return { observations, unknownTasks: [...unknown].sort() };
}
