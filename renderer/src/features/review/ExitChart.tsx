import type { RunChartDto } from '../../../../shared/domain/run.js';
import { BackendChart } from '../../components/BackendChart.js';

/** How the run's tasks ended (exit categories per agent and mode), drawn by the backend. */
export function ExitChart({ chart }: { chart: RunChartDto }) {
  return (
    <section className="card review-exits" aria-labelledby="exits-title">
      <h2 id="exits-title">How tasks ended</h2>
      <BackendChart svg={chart.svg} title={chart.title} description={chart.description} testid="review-exit-chart" />
    </section>
  );
}
