import { useShallow } from 'zustand/react/shallow';
import { BackendChart } from '../../components/BackendChart.js';
import { DataTable } from '../../components/DataTable.js';
import { ScrollX } from '../../components/ScrollX.js';
import { useAppStore } from '../../store/app-store.js';
import { Mirror } from '../mirror/Mirror.js';
import { NewRunForm } from './NewRunForm.js';

export function RunsPage() {
  const s = useAppStore(
    useShallow((st) => ({
      runs: st.runs,
      selected: st.selectedRun,
      progress: st.selectedRun ? st.runProgress[st.selectedRun] : undefined,
      report: st.runReport,
      stale: st.runReportStale,
      charts: st.runCharts,
      select: st.selectRun,
      cancel: st.cancelRun,
      resume: st.resumeRun,
      refresh: st.refreshRunReport,
      exclude: st.runReportExcludeUnresolved,
      setExclude: st.setExcludeUnresolved,
    })),
  );
  const { selected, report, charts } = s;
  const p = s.progress;
  const run = s.runs.find((r) => r.id === selected);
  const last = p?.last;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Runs</h1>
      <NewRunForm />
      <ScrollX label="Runs">
        <table className="data" data-testid="runs-table">
          <caption>Runs in this workspace</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Mode</th>
              <th scope="col">Agents</th>
              <th scope="col">Results</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {s.runs.map((r) => (
              <tr key={r.id} className={r.id === selected ? 'selected' : undefined}>
                <td>
                  <button type="button" className="link" aria-pressed={r.id === selected} onClick={() => void s.select(r.id)}>
                    {r.id}
                  </button>
                </td>
                <td>{r.mode}</td>
                <td>{r.agents.join(', ')}</td>
                <td data-testid={`run-results-${r.id}`}>{r.results}</td>
                <td data-testid={`run-status-${r.id}`}>{r.active ? 'running' : r.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollX>
      {selected && (
        <section className="card" aria-labelledby="run-title" data-testid="run-detail" data-report={s.stale ? 'stale' : 'current'}>
          <h2 id="run-title">{selected}</h2>
          {run?.active && p && (
            <>
              <progress max={p.total} value={p.done} aria-label="Tasks done" />{' '}
              <span data-testid="run-progress">
                {p.done}/{p.total}
              </span>
              <button type="button" onClick={() => void s.cancel(selected)}>
                Cancel
              </button>
              {last && (
                <p data-testid="run-last">
                  Last result: {last.taskId} · {last.agent} · {last.mode}: {last.success ? '✓ success' : `✗ ${last.exit}`}
                </p>
              )}
              <ul className="plain">
                {p.running.map((r) => (
                  <li key={`${r.taskId}${r.agent}`}>
                    {r.taskId} · {r.agent} · {r.mode}
                    {r.device ? ` on ${r.device}` : ''}
                  </li>
                ))}
              </ul>
              <div className="run-mirrors">
                {p.running
                  .filter((r) => r.device)
                  .map((r) => (
                    <Mirror key={r.device} serial={r.device!} onAction={() => undefined} readOnly />
                  ))}
              </div>
            </>
          )}
          {!run?.active && run && run.status !== 'finished' && (
            <button type="button" onClick={() => void s.resume(selected)}>
              Resume
            </button>
          )}
          {charts?.runId === selected && charts.charts.length > 0 && (
            <div className="charts run-charts" data-testid="run-charts">
              {charts.charts.map((c) => (
                <BackendChart key={c.id} svg={c.svg} title={c.title} description={c.description} testid={`chart-${c.id}`} />
              ))}
            </div>
          )}
          {s.stale && report?.runId === selected && (
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
          {report?.runId === selected && (report.unresolved > 0 || s.exclude) && (
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
          {report?.runId === selected && report.tables.map((t) => <DataTable key={t.id} table={t} />)}
        </section>
      )}
    </section>
  );
}
