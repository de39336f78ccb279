import type { RunComparisonRow } from '../../../../shared/domain/review.js';
import type { RunSummaryDto } from '../../../../shared/domain/run.js';
import { ScrollX } from '../../components/ScrollX.js';

const cell = (v: boolean | null): string => (v === null ? '—' : v ? '✓ success' : '✗ failed');

/** Two runs task by task (e.g. original vs rewritten instructions, or two agents); differences first. */
export function ComparePanel({
  runs,
  runId,
  other,
  onOther,
  rows,
}: {
  runs: RunSummaryDto[];
  runId: string;
  other: string | null;
  onOther(id: string | null): void;
  rows: RunComparisonRow[] | null;
}) {
  const sorted = rows ? [...rows].sort((x, y) => Number(x.a === x.b) - Number(y.a === y.b)) : null;
  const differ = rows?.filter((r) => r.a !== r.b).length ?? 0;
  return (
    <details className="card review-compare">
      <summary>
        <h2>Compare with another run</h2>
      </summary>
      <label>
        Other run
        <select data-testid="compare-run" value={other ?? ''} onChange={(e) => onOther(e.target.value || null)}>
          <option value="">Choose…</option>
          {runs
            .filter((r) => r.id !== runId)
            .map((r) => (
              <option key={r.id} value={r.id}>
                {r.id} ({r.mode}, {r.agents.join(', ')})
              </option>
            ))}
        </select>
      </label>
      {sorted && (
        <ScrollX label="Comparison">
          <table className="data" data-testid="compare-table">
            <caption>
              {runId} vs {other}: {differ} of {sorted.length} result(s) differ
            </caption>
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Agent</th>
                <th scope="col">Mode</th>
                <th scope="col">{runId}</th>
                <th scope="col">{other}</th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((r) => (
                <tr key={`${r.taskId}|${r.agent}|${r.mode}`} className={r.a !== r.b ? 'differs' : undefined}>
                  <td>{r.taskId}</td>
                  <td>{r.agent}</td>
                  <td>{r.mode}</td>
                  <td>{cell(r.a)}</td>
                  <td>{cell(r.b)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollX>
      )}
    </details>
  );
}
