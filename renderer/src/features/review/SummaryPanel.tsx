import type { ReviewSummary } from '../../../../shared/domain/review.js';
import { DataTable } from '../../components/DataTable.js';

/** Table 4 from the labels, recomputed on every save (the judge's agreement is in the screen's top line). */
export function SummaryPanel({ summary }: { summary: ReviewSummary }) {
  return (
    <section className="card review-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">Failure categories</h2>
      <DataTable table={summary.failures} />
    </section>
  );
}
