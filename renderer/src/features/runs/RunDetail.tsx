import { useShallow } from 'zustand/react/shallow';
import { BackendChart } from '../../components/BackendChart.js';
import { DataTable } from '../../components/DataTable.js';
import { exportDownloadUrl } from '../../platform/downloads.js';
import { useAppStore } from '../../store/app-store.js';
import { Mirror } from '../mirror/Mirror.js';

/**
 * The chosen run: what it is and where it stands (progress first, while it runs), then its charts
 * and tables in a pane of their own that scrolls, so the page itself never does.
 */
export function RunDetail({ runId }: { runId: string }) {
  const s = useAppStore(
    useShallow((st) => ({
      runs: st.runs,
      progress: st.runProgress[runId],
      report: st.runReport,
      stale: st.runReportStale,
      charts: st.runCharts,
      cancel: st.cancelRun,
      resume: st.resumeRun,
      exportBundle: st.exportRunBundle,
      bundle: st.runBundle,
      exporting: st.runExporting,
      refresh: st.refreshRunReport,
      exclude: st.runReportExcludeUnresolved,
      setExclude: st.setExcludeUnresolved,
    })),
  );
  const { report, charts } = s;
  const p = s.progress;
  const run = s.runs.find((r) => r.id === runId);
  const last = p?.last;
  const mirrored = run?.active && p ? p.running.filter((r) => r.device) : [];
  // In a browser the bundle is on the backend's disk: the page offers it as a download too.
  const bundleUrl = s.bundle?.runId === runId ? exportDownloadUrl(s.bundle.file) : null;
  return (
    <section className="card run-detail" aria-labelledby="run-title" data-testid="run-detail" data-report={s.stale ? 'stale' : 'current'}>
      <div className="run-head">
        <h2 id="run-title">{runId}</h2>
        {run && (
          <p className="muted">
            {run.active ? 'running' : run.runningElsewhere ? `running in ${run.runningElsewhere}` : run.status} · {run.mode} ·{' '}
            {run.agents.join(', ')} · {run.results} result
            {run.results === 1 ? '' : 's'}
          </p>
        )}
        {run?.active && p && (
          <div className="run-progress-line">
            <progress max={p.total} value={p.done} aria-label="Tasks done" />
            <span data-testid="run-progress">
              {p.done}/{p.total}
            </span>
            <button type="button" onClick={() => void s.cancel(runId)}>
              Cancel
            </button>
          </div>
        )}
        {run?.active && last && (
          <p data-testid="run-last">
            Last result: {last.taskId} · {last.agent} · {last.mode}: {last.success ? '✓ success' : `✗ ${last.exit}`}
          </p>
        )}
        {run?.active && p && p.running.length > 0 && (
          <p className="muted" data-testid="run-running">
            In progress: {p.running.map((r) => `${r.taskId} · ${r.agent} · ${r.mode}${r.device ? ` on ${r.device}` : ''}`).join('; ')}
          </p>
        )}
        {!run?.active && run && run.status !== 'finished' && !run.runningElsewhere && (
          <button type="button" onClick={() => void s.resume(runId)}>
            Resume
          </button>
        )}
        {run && !run.active && (
          <p className="run-bundle-line">
            <button
              type="button"
              className="secondary"
              disabled={s.exporting}
              onClick={() => void s.exportBundle(runId)}
              data-testid="run-export-bundle"
              title="Manifest, results, steps and screens (no keys), for elderbench import-run in another workspace"
            >
              {s.exporting ? 'Exporting…' : 'Export bundle'}
            </button>{' '}
            {s.bundle?.runId === runId && (
              <span className="muted" data-testid="run-bundle-file">
                Written: {s.bundle.file} ({(s.bundle.bytes / 1024 / 1024).toFixed(1)} MiB, {s.bundle.results} results, {s.bundle.images}{' '}
                images)
                {bundleUrl && (
                  <>
                    {' '}
                    <a href={bundleUrl} download data-testid="run-bundle-download">
                      Download
                    </a>
                  </>
                )}
              </span>
            )}
          </p>
        )}
      </div>
      <div className="run-body" tabIndex={0} role="region" aria-label={`Results of ${runId}`}>
        {mirrored.length > 0 && (
          <div className="run-mirrors">
            {mirrored.map((r) => (
              <Mirror key={r.device} serial={r.device!} onAction={() => undefined} readOnly />
            ))}
          </div>
        )}
        {s.stale && report?.runId === runId && (
          <p className="muted" data-testid="run-report-stale">
            Results so far: {report.outcomes.length}, {report.outcomes.filter((o) => o.success).length} successful.{' '}
            {run?.active ? 'The tables below are redrawn when the run ends.' : 'Redrawing the tables…'}{' '}
            {run?.active && (
              <button type="button" className="secondary" onClick={() => void s.refresh()} data-testid="run-report-refresh">
                Redraw now
              </button>
            )}
          </p>
        )}
        {report?.runId === runId && (report.unresolved > 0 || s.exclude) && (
          <label className="inline" data-testid="run-exclude-unresolved-label">
            <input
              type="checkbox"
              checked={s.exclude}
              onChange={(e) => void s.setExclude(e.target.checked)}
              data-testid="run-exclude-unresolved"
            />{' '}
            Leave the {report.unresolved || ''} unresolved result{report.unresolved === 1 ? '' : 's'} out of SR (each agent over its own
            tasks — not comparable across agents)
          </label>
        )}
        {report?.runId === runId && report.tables.slice(0, 1).map((t) => <DataTable key={t.id} table={t} />)}
        {charts?.runId === runId && charts.charts.length > 0 && (
          <div className="charts run-charts" data-testid="run-charts">
            {charts.charts.map((c) => (
              <BackendChart key={c.id} svg={c.svg} title={c.title} description={c.description} testid={`chart-${c.id}`} />
            ))}
          </div>
        )}
        {report?.runId === runId && report.tables.slice(1).map((t) => <DataTable key={t.id} table={t} />)}
      </div>
    </section>
  );
}
