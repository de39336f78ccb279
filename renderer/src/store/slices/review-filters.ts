import type { ReviewTaskRow } from '../../../../shared/domain/review.js';

/** The task list's filters; '' = any. */
export interface ReviewFilters {
  agent: string;
  mode: string;
  /** Succeeded / failed as the reviewer sees it (scored results only), or the results the run could not score. */
  success: '' | 'success' | 'failure' | 'unresolved' | 'invalid';
  exit: string;
  app: string;
  semantic: string;
  syntactic: string;
  scenario: string;
  /** '' any, '(unlabelled)', '(labelled)', or a failure category. */
  label: string;
}

export const NO_FILTERS: ReviewFilters = {
  agent: '',
  mode: '',
  success: '',
  exit: '',
  app: '',
  semantic: '',
  syntactic: '',
  scenario: '',
  label: '',
};
export const UNLABELLED = '(unlabelled)';
export const LABELLED = '(labelled)';

/** Success as the reviewer sees it: a human verdict overrides the automatic one. */
export const effectiveSuccess = (r: ReviewTaskRow): boolean => (r.label?.humanVerdict ? r.label.humanVerdict === 'success' : r.success);

const isScored = (r: ReviewTaskRow): boolean => r.status !== 'unresolved' && r.status !== 'invalid';

function resultMatches(r: ReviewTaskRow, want: Exclude<ReviewFilters['success'], ''>): boolean {
  if (want === 'unresolved' || want === 'invalid') return r.status === want;
  return isScored(r) && effectiveSuccess(r) === (want === 'success');
}

export function filterRows(rows: readonly ReviewTaskRow[], f: ReviewFilters): ReviewTaskRow[] {
  return rows.filter((r) => {
    if (f.agent && r.agent !== f.agent) return false;
    if (f.mode && r.mode !== f.mode) return false;
    if (f.success && !resultMatches(r, f.success)) return false;
    if (f.exit && r.exit !== f.exit) return false;
    if (f.app && r.app !== f.app) return false;
    if (f.semantic && r.semantic !== f.semantic) return false;
    if (f.syntactic && r.syntactic !== f.syntactic) return false;
    if (f.scenario && r.scenario !== f.scenario) return false;
    const category = r.label?.failureCategory ?? null;
    const labelled = r.label !== null && (category !== null || r.label.humanVerdict !== null || r.label.notes !== '');
    if (f.label === UNLABELLED && labelled) return false;
    if (f.label === LABELLED && !labelled) return false;
    if (f.label && f.label !== UNLABELLED && f.label !== LABELLED && category !== f.label) return false;
    return true;
  });
}

/** Distinct values of a column, sorted, for a filter's options. */
export function optionsOf(
  rows: readonly ReviewTaskRow[],
  key: 'agent' | 'mode' | 'exit' | 'app' | 'semantic' | 'syntactic' | 'scenario',
): string[] {
  return [...new Set(rows.map((r) => r[key]).filter((v) => v !== ''))].sort();
}

export const rowKey = (r: { taskId: string; agent: string; mode: string }): string => `${r.taskId}|${r.agent}|${r.mode}`;
