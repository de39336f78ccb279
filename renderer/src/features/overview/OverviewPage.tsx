import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { ScrollX } from '../../components/ScrollX.js';
import { GraphJobProgress } from '../graphs/GraphJobProgress.js';
import { useShallow } from 'zustand/react/shallow';
import type { WorkspaceOverview } from '../../../../shared/domain/overview.js';
import { useAppStore } from '../../store/app-store.js';

const pct = (v: number | null): string => (v === null ? '—' : `${(v * 100).toFixed(0)}%`);
const SHOWN = 12;

/** A few task ids as links to record them, with how many more there are. */
function TaskIds({ ids, onRecord, testid }: { ids: string[]; onRecord(ids: string[]): void; testid: string }) {
  if (ids.length === 0) return null;
  return (
    <>
      <ul className="inline-list" data-testid={testid} data-count={ids.length}>
        {ids.slice(0, SHOWN).map((id) => (
          <li key={id}>
            <code>{id}</code>
          </li>
        ))}
        {ids.length > SHOWN && <li className="muted">and {ids.length - SHOWN} more</li>}
      </ul>
      <button type="button" className="secondary" onClick={() => onRecord(ids)} data-testid={`${testid}-record`}>
        Record {ids.length === 1 ? 'it' : `these ${ids.length}`}
      </button>
    </>
  );
}

function TasksCard({ o }: { o: WorkspaceOverview }) {
  return (
    <section className="card overview-card" aria-labelledby="ov-tasks">
      <h2 id="ov-tasks">
        <a href="#/tasks">Tasks</a>
      </h2>
      <p className="big-number" data-testid="ov-task-count">
        {o.tasks.total}{' '}
        <span>
          tasks: {o.tasks.online} online, {o.tasks.offline} offline
        </span>
      </p>
      {o.tasks.bySet.length > 0 ? (
        <table className="data compact">
          <caption className="sr-only">Tasks by set and mode</caption>
          <thead>
            <tr>
              <th scope="col">Task set</th>
              <th scope="col">Online</th>
              <th scope="col">Offline</th>
            </tr>
          </thead>
          <tbody>
            {o.tasks.bySet.map((s) => (
              <tr key={s.name}>
                <td>{s.name}</td>
                <td>{s.online}</td>
                <td>{s.offline}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>
          No tasks yet: <a href="#/tasks">import a task set</a> on the Tasks screen.
        </p>
      )}
    </section>
  );
}

function DemosCard({ o, onRecord }: { o: WorkspaceOverview; onRecord(ids: string[]): void }) {
  const d = o.demonstrations;
  return (
    <section className="card overview-card" aria-labelledby="ov-demos">
      <h2 id="ov-demos">
        <a href="#/record">Demonstrations</a>
      </h2>
      <p className="big-number" data-testid="ov-demo-count">
        {d.finished}{' '}
        <span>
          finished, for {Object.keys(d.perTask).length} of {o.tasks.total} tasks
        </span>
      </p>
      {d.tasksWithout.length > 0 && <h3>Tasks without a demonstration ({d.tasksWithout.length})</h3>}
      <TaskIds ids={d.tasksWithout} onRecord={onRecord} testid="ov-without" />
      {d.offlineNeedingSecondPath.length > 0 && <h3>Offline tasks with a single path ({d.offlineNeedingSecondPath.length})</h3>}
      <TaskIds ids={d.offlineNeedingSecondPath} onRecord={onRecord} testid="ov-second-path" />
      {o.tasks.total > 0 && d.tasksWithout.length === 0 && d.offlineNeedingSecondPath.length === 0 && (
        <p>Every task has the demonstrations it needs.</p>
      )}
    </section>
  );
}

/** A long list shown short: the first `n` rows, and a button for the rest. */
function useFolded<T>(rows: T[], n: number): { shown: T[]; toggle: ReactNode } {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, n);
  const toggle =
    rows.length > n ? (
      <button type="button" className="link" onClick={() => setAll(!all)} aria-expanded={all}>
        {all ? `Show the first ${n} only` : `Show all ${rows.length}`}
      </button>
    ) : null;
  return { shown, toggle };
}

const STANDINGS = ['valid', 'not valid', 'suspect', 'unprobed'] as const;

function GraphsCard({ o }: { o: WorkspaceOverview }) {
  const g = o.graphs;
  const s = useAppStore(useShallow((st) => ({ job: st.graphJob, build: st.buildGraphs, probe: st.probeGraphs })));
  const attention = useFolded(g.attention, 5);
  const total = g.built.offline + g.built.online;
  const unprobed = g.attention.filter((a) => a.status === 'unprobed').map((a) => a.taskId);
  return (
    <section className="card overview-card" aria-labelledby="ov-graphs">
      <h2 id="ov-graphs">
        <a href="#/graphs">Task graphs</a>
      </h2>
      <p className="big-number" data-testid="ov-graph-count">
        {total}{' '}
        <span>
          graph{total === 1 ? '' : 's'}: {g.built.offline} of {g.offlineTasks} offline tasks
          {g.built.online > 0 ? `, ${g.built.online} online (their state judge)` : ''}
        </span>
      </p>
      {total > 0 && (
        <p data-testid="ov-graph-standing">
          Standing, as on the Graphs screen:{' '}
          {STANDINGS.map((k, i) => (
            <span key={k}>
              {i > 0 && ' · '}
              <span className={`standing standing-${k.replace(' ', '-')}`}>{k}</span> {g.standing[k]}
            </span>
          ))}
        </p>
      )}
      {s.job && <GraphJobProgress />}
      {g.missing.length > 0 && (
        <>
          <h3>Demonstrated, no graph yet ({g.missing.length})</h3>
          <TaskIdList ids={g.missing} testid="ov-missing" />
          <button
            type="button"
            className="secondary"
            disabled={!!s.job}
            onClick={() => void s.build(g.missing)}
            data-testid="ov-build-missing"
          >
            Build {g.missing.length === 1 ? 'it' : `these ${g.missing.length}`}
          </button>
        </>
      )}
      {g.stale.length > 0 && (
        <>
          <h3>Older than their demonstrations ({g.stale.length})</h3>
          <TaskIdList ids={g.stale} testid="ov-stale" />
          <button
            type="button"
            className="secondary"
            disabled={!!s.job}
            onClick={() => void s.build(g.stale)}
            data-testid="ov-rebuild-stale"
          >
            Rebuild {g.stale.length === 1 ? 'it' : `these ${g.stale.length}`}
          </button>
        </>
      )}
      {g.attention.length > 0 && (
        <>
          <ScrollX label="Graphs not valid">
            <table className="data compact" data-testid="ov-graph-attention">
              <caption>Graphs not (yet) valid ({g.attention.length})</caption>
              <thead>
                <tr>
                  <th scope="col">Task</th>
                  <th scope="col">Standing</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {attention.shown.map((a) => (
                  <tr key={a.taskId}>
                    <td>
                      <code>{a.taskId}</code> v{a.version} <span className="muted">({a.mode})</span>
                    </td>
                    <td>
                      <span className={`standing standing-${a.status.replace(' ', '-')}`}>{a.status}</span>
                    </td>
                    <td>{a.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollX>
          {attention.toggle}
          {unprobed.length > 0 && (
            <button
              type="button"
              className="secondary"
              disabled={!!s.job}
              onClick={() => void s.probe(unprobed)}
              data-testid="ov-probe-unprobed"
            >
              Probe the {unprobed.length} unprobed (no device)
            </button>
          )}
        </>
      )}
      {total > 0 && g.attention.length === 0 && (
        <p>Every graph is valid: its demonstrations replay to DONE and its probe found no false accept.</p>
      )}
    </section>
  );
}

function TaskIdList({ ids, testid }: { ids: string[]; testid: string }) {
  return (
    <ul className="inline-list" data-testid={testid} data-count={ids.length}>
      {ids.slice(0, SHOWN).map((id) => (
        <li key={id}>
          <code>{id}</code>
        </li>
      ))}
      {ids.length > SHOWN && <li className="muted">and {ids.length - SHOWN} more</li>}
    </ul>
  );
}

function RunsCard({ o, onOpen }: { o: WorkspaceOverview; onOpen(runId: string, where: 'runs' | 'review'): void }) {
  const runs = useFolded(o.runs, 5);
  return (
    <section className="card overview-card wide" aria-labelledby="ov-runs">
      <h2 id="ov-runs">
        <a href="#/runs">Runs</a> ({o.runs.length})
      </h2>
      {o.runs.length === 0 ? (
        <p>No runs yet: start one on the Runs screen.</p>
      ) : (
        <>
          <ScrollX label="Runs">
            <table className="data compact" data-testid="ov-runs">
              <caption className="sr-only">Runs and their status, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Run</th>
                  <th scope="col">Status</th>
                  <th scope="col">Mode</th>
                  <th scope="col">Agents</th>
                  <th scope="col">Results</th>
                  <th scope="col">Success</th>
                  <th scope="col">Open</th>
                </tr>
              </thead>
              <tbody>
                {runs.shown.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <code>{r.id}</code>
                    </td>
                    <td className={`run-status ${r.status}`}>{r.status}</td>
                    <td>{r.mode}</td>
                    <td>{r.agents.join(', ')}</td>
                    <td>
                      {r.results} of {r.tasks * Math.max(1, r.agents.length)}
                    </td>
                    <td>{pct(r.successRate)}</td>
                    <td className="button-row">
                      <button type="button" className="link" onClick={() => onOpen(r.id, 'runs')}>
                        Results<span className="sr-only"> of {r.id}</span>
                      </button>
                      <button type="button" className="link" onClick={() => onOpen(r.id, 'review')}>
                        Review<span className="sr-only"> {r.id}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollX>
          {runs.toggle}
        </>
      )}
    </section>
  );
}

/** The first screen: what the workspace holds and what still needs doing, each linking to its screen. */
export function OverviewPage() {
  const { overview, load, workspace, setQueue, focusRun } = useAppStore(
    useShallow((s) => ({
      overview: s.overview,
      load: s.loadOverview,
      workspace: s.workspace,
      setQueue: s.setRecordQueue,
      focusRun: s.focusRun,
    })),
  );
  useEffect(() => {
    void load();
  }, [load]);
  const record = (ids: string[]): void => {
    setQueue(ids);
    window.location.hash = '#/record';
  };
  const open = (runId: string, where: 'runs' | 'review'): void => {
    focusRun(runId, where);
    window.location.hash = `#/${where}`;
  };
  return (
    <section aria-labelledby="page-title" data-testid="overview">
      <h1 id="page-title">Overview</h1>
      <p className="muted">
        Workspace <code>{workspace?.path}</code>
      </p>
      {!overview ? (
        <p>Loading…</p>
      ) : (
        <div className="overview-grid">
          <TasksCard o={overview} />
          <DemosCard o={overview} onRecord={record} />
          <GraphsCard o={overview} />
          <RunsCard o={overview} onOpen={open} />
        </div>
      )}
    </section>
  );
}
