import type { ReviewSummary } from '../../../../shared/domain/review.js';
import { DataTable } from '../../components/DataTable.js';

/** Table 4 from the labels and the judge's agreement with human verdicts, recomputed on every save. */
export function SummaryPanel({ summary }: { summary: ReviewSummary }) {
  const a = summary.judgeAgreement;
  return (
    <section className="card review-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">Failure categories and judge agreement</h2>
      <DataTable table={summary.failures} />
      <p data-testid="judge-agreement" data-n={a.n}>
        {a.n === 0 || a.agreement === null
          ? 'Judge agreement: no result has a human verdict yet.'
          : `Judge agreement: ${(a.agreement * 100).toFixed(2)}% over ${a.n} reviewed result(s)${a.kappa === null ? ' (Cohen’s κ undefined: one label only)' : `, Cohen’s κ = ${a.kappa.toFixed(3)}`} (paper: 93.08%).`}
      </p>
    </section>
  );
}
