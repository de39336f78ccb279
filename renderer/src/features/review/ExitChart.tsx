import { useEffect, useState } from 'react';
import type { RunChartDto } from '../../../../shared/domain/run.js';
import { BackendChart } from '../../components/BackendChart.js';
import { api } from '../../platform/api.js';

/** How the run's tasks ended (exit categories per agent and mode), drawn by the backend. */
export function ExitChart({ runId }: { runId: string }) {
  const [chart, setChart] = useState<{ runId: string; chart: RunChartDto | null } | null>(null);
  useEffect(() => {
    let live = true;
    api.runs
      .charts({ runId })
      .then((cs) => live && setChart({ runId, chart: cs.find((c) => c.id === 'run-exits') ?? null }))
      .catch(() => live && setChart({ runId, chart: null }));
    return () => {
      live = false;
    };
  }, [runId]);
  const c = chart?.runId === runId ? chart.chart : null;
  if (!c) return null;
  return (
    <section className="card review-exits" aria-labelledby="exits-title">
      <h2 id="exits-title">How tasks ended</h2>
      <BackendChart svg={c.svg} title={c.title} description={c.description} testid="review-exit-chart" />
    </section>
  );
}
