import type { Agreement } from '../stats/agreement.js';
import { agreement } from '../stats/agreement.js';

import { FAILURE_CATEGORIES } from '../../../../shared/domain/review.js';

/** The paper's four failure causes (§5.4, Table 4/10, Appendix K), defined once in shared/; reviewers may add others. */
export { FAILURE_CATEGORIES };

export interface FailedTask {
  taskId: string;
  agent: string;
  /** The reviewer's label; null when not labelled yet. */
  category: string | null;
}

export interface FailureRow {
  category: string;
  count: number;
  /** count / labelled failures, as a fraction. */
  share: number;
}

export interface FailureTable {
  /** null = all agents together. */
  agent: string | null;
  rows: FailureRow[];
  labelled: number;
  /** Failures without a category: not in the shares, reported so nobody mistakes the total. */
  unlabelled: number;
}

/**
 * Counts and shares per category: the paper's four first (in the paper's order, even at
 * zero, so tables line up across agents), then custom categories by count.
 */
export function failureTable(failed: readonly FailedTask[], agent: string | null = null): FailureTable {
  const counts = new Map<string, number>(FAILURE_CATEGORIES.map((c) => [c, 0]));
  let unlabelled = 0;
  for (const f of failed) {
    if (f.category === null || f.category.trim() === '') unlabelled++;
    else counts.set(f.category, (counts.get(f.category) ?? 0) + 1);
  }
  const labelled = failed.length - unlabelled;
  const known = new Set<string>(FAILURE_CATEGORIES);
  const custom = [...counts.keys()].filter((c) => !known.has(c)).sort((a, b) => counts.get(b)! - counts.get(a)! || a.localeCompare(b));
  const rows = [...FAILURE_CATEGORIES, ...custom].map((category) => ({
    category,
    count: counts.get(category)!,
    share: labelled === 0 ? 0 : counts.get(category)! / labelled,
  }));
  return { agent, rows, labelled, unlabelled };
}

/** One table for all agents, then one per agent (sorted), when `perAgent` is set. */
export function failureTables(failed: readonly FailedTask[], perAgent: boolean): FailureTable[] {
  const all = failureTable(failed);
  if (!perAgent) return [all];
  const agents = [...new Set(failed.map((f) => f.agent))].sort();
  return [
    all,
    ...agents.map((a) =>
      failureTable(
        failed.filter((f) => f.agent === a),
        a,
      ),
    ),
  ];
}

export interface JudgedResult {
  /** The automatic verdict (VLM judge or task-graph check). */
  judgeSuccess: boolean;
  /** The reviewer's verdict; null = not reviewed. */
  humanVerdict: 'success' | 'failure' | null;
}

/**
 * Agreement of the automatic judge with human verdicts over the reviewed results
 * (paper §4.2.1 reports 93.08%). Returns null when nothing has been reviewed.
 */
export function judgeAgreement(results: readonly JudgedResult[]): Agreement | null {
  const pairs = results
    .filter((r) => r.humanVerdict !== null)
    .map((r): [string, string] => [r.judgeSuccess ? 'success' : 'failure', r.humanVerdict!]);
  return pairs.length === 0 ? null : agreement(pairs);
}
