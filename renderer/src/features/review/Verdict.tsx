import type { ReviewTaskRow } from '../../../../shared/domain/review.js';
import { effectiveSuccess } from '../../store/slices/review-filters.js';

/**
 * A result's verdict as the run's scoring sees it: a success or the agent's failure — or, when the
 * harness never gave the agent a fair try, "unresolved" (counted in N as not successful until
 * `run --resume` re-attempts it), or "invalid" (the task leaves N for every agent).
 */
export function Verdict({ row }: { row: ReviewTaskRow }) {
  if (row.status === 'unresolved') {
    return (
      <span className="verdict unresolved" title="Infrastructure failure: not the agent's; Resume the run to re-attempt it">
        ⚠ Unresolved
      </span>
    );
  }
  if (row.status === 'invalid') {
    return (
      <span className="verdict invalid" title="The task cannot be scored in this run (the same for every agent): not in N">
        ⊘ Invalid (not in N)
      </span>
    );
  }
  const ok = effectiveSuccess(row);
  return <span className={`verdict ${ok ? 'pass' : 'fail'}`}>{ok ? '✓ Success' : '✗ Failed'}</span>;
}
