import { useCallback, useEffect, useState } from 'react';
import type { RunChartDto, RunProgressDto, RunReportDto, RunSummaryDto } from '../../../../shared/domain/run.js';
import { BackendChart } from '../../components/BackendChart.js';
import { DataTable } from '../../components/DataTable.js';
import { ScrollX } from '../../components/ScrollX.js';
import { api } from '../../platform/api.js';
import { useAppStore } from '../../store/app-store.js';
import { Mirror } from '../mirror/Mirror.js';
import { NewRunForm } from './NewRunForm.js';

export function RunsPage() {
  const notify = useAppStore((s) => s.notify);
  const focusRunId = useAppStore((s) => s.focusRunId);
  const [runs, setRuns] = useState<RunSummaryDto[]>([]);
  const [selected, setSelected] = useState<string | null>(focusRunId);
  const [progress, setProgress] = useState<Record<string, RunProgressDto>>({});
  const [report, setReport] = useState<RunReportDto | null>(null);
  const [charts, setCharts] = useState<{ runId: string; charts: RunChartDto[] } | null>(null);
  const [ended, setEnded] = useState(0);

  const loadRuns = useCallback(async () => setRuns(await api.runs.list()), []);
  const loadReport = useCallback(async (runId: string) => setReport(await api.runs.report({ runId })), []);

  useEffect(() => {
    void loadRuns();
    return api.runs.onProgress((p) => {
      setProgress((all) => ({ ...all, [p.runId]: p }));
      if (p.ended || p.last) void loadRuns();
      if (p.ended) setEnded((n) => n + 1);
    });
  }, [loadRuns]);
  useEffect(() => {
    if (selected) void loadReport(selected);
  }, [selected, loadReport, progress]);
  // Charts cost the backend a render each: drawn when a run is chosen and when one ends, not on every step.
  useEffect(() => {
    if (!selected) return;
    api.runs
      .charts({ runId: selected })
      .then((c) => setCharts({ runId: selected, charts: c }))
      .catch((e: unknown) => notify(`No charts for ${selected}: ${(e as Error).message}`, 'error'));
  }, [selected, ended, notify]);

  const p = selected ? progress[selected] : undefined;
  const run = runs.find((r) => r.id === selected);
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Runs</h1>
      <NewRunForm onStarted={(id) => { setSelected(id); void loadRuns(); }} />
      <ScrollX label="Runs">
      <table className="data" data-testid="runs-table">
        <caption>Runs in this workspace</caption>
        <thead><tr><th scope="col">Run</th><th scope="col">Mode</th><th scope="col">Agents</th><th scope="col">Results</th><th scope="col">Status</th></tr></thead>
        <tbody>
          {runs.map((r) => (
            <tr key={r.id} className={r.id === selected ? 'selected' : undefined}>
              <td><button type="button" className="link" aria-pressed={r.id === selected} onClick={() => setSelected(r.id)}>{r.id}</button></td>
              <td>{r.mode}</td><td>{r.agents.join(', ')}</td><td>{r.results}</td>
              <td data-testid={`run-status-${r.id}`}>{r.active ? 'running' : r.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </ScrollX>
      {selected && (
        <section className="card" aria-labelledby="run-title">
          <h2 id="run-title">{selected}</h2>
          {run?.active && p && (
            <>
              <progress max={p.total} value={p.done} aria-label="Tasks done" /> {p.done}/{p.total}
              <button type="button" onClick={() => void api.runs.cancel({ runId: selected }).then(() => notify('Stopping after the tasks in progress'))}>Cancel</button>
              <ul className="plain">
                {p.running.map((r) => (<li key={`${r.taskId}${r.agent}`}>{r.taskId} · {r.agent} · {r.mode}{r.device ? ` on ${r.device}` : ''}</li>))}
              </ul>
              <div className="run-mirrors">
                {p.running.filter((r) => r.device).map((r) => (<Mirror key={r.device} serial={r.device!} onAction={() => undefined} readOnly />))}
              </div>
            </>
          )}
          {!run?.active && run && run.status !== 'finished' && (
            <button type="button" onClick={() => void api.runs.resume({ runId: selected }).then(loadRuns)}>Resume</button>
          )}
          {charts?.runId === selected && charts.charts.length > 0 && (
            <div className="charts run-charts" data-testid="run-charts">
              {charts.charts.map((c) => (<BackendChart key={c.id} svg={c.svg} title={c.title} description={c.description} testid={`chart-${c.id}`} />))}
            </div>
          )}
          {report?.runId === selected && report.tables.map((t) => <DataTable key={t.id} table={t} />)}
        </section>
      )}
    </section>
  );
}
