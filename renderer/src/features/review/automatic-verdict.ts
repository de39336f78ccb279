import type { ReviewTaskRow } from '../../../../shared/domain/review.js';

/** What the run decided for a result: the judge online (null: it gave no verdict), the task-graph check offline. */
export function automaticVerdict(row: Pick<ReviewTaskRow, 'mode' | 'judgePass' | 'success'>): 'success' | 'failure' | null {
  if (row.mode === 'online') return row.judgePass === null ? null : row.judgePass ? 'success' : 'failure';
  return row.success ? 'success' : 'failure';
}

/**
 * The one-key label: y — the automatic verdict is right (the reviewer's verdict is the same), n — it is wrong (the
 * opposite). Null when there is no automatic verdict to confirm or contradict.
 */
export function verdictForKey(key: string, row: Pick<ReviewTaskRow, 'mode' | 'judgePass' | 'success'>): 'success' | 'failure' | null {
  const auto = automaticVerdict(row);
  if (auto === null || (key !== 'y' && key !== 'n')) return null;
  return key === 'y' ? auto : auto === 'success' ? 'failure' : 'success';
}
