import { useEffect } from 'react';
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
          No tasks yet. Import a task set with <code>elderbench tasks import FILE</code>.
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

function GraphsCard({ o }: { o: WorkspaceOverview }) {
  const g = o.graphs;
  return (
    <section className="card overview-card" aria-labelledby="ov-graphs">
      <h2 id="ov-graphs">
        <a href="#/graphs">Task graphs</a>
      </h2>
      <p className="big-number" data-testid="ov-graph-count">
        {g.built} <span>of {g.offlineTasks} offline tasks have a graph</span>
      </p>
      {g.missing.length > 0 && (
        <p>
          Not built yet, though demonstrated:{' '}
          {g.missing.map((id) => (
            <code key={id}>{id} </code>
          ))}{' '}
          — <code>elderbench graph build --all</code>
        </p>
      )}
      {g.stale.length > 0 && (
        <p data-testid="ov-stale">
          Built before their latest demonstrations (rebuild):{' '}
          {g.stale.map((id) => (
            <code key={id}>{id} </code>
          ))}
        </p>
      )}
      {g.problems.length > 0 ? (
        <table className="data compact" data-testid="ov-graph-problems">
          <caption>Graphs whose validation found a problem</caption>
          <thead>
            <tr>
              <th scope="col">Task</th>
              <th scope="col">Self-consistency</th>
              <th scope="col">Leave-one-out</th>
              <th scope="col">Flagged nodes</th>
            </tr>
          </thead>
          <tbody>
            {g.problems.map((p) => (
              <tr key={p.taskId}>
                <td>
                  <code>{p.taskId}</code> v{p.version}
                </td>
                <td>{pct(p.selfConsistency)}</td>
                <td>{pct(p.leaveOneOut)}</td>
                <td>{p.flaggedNodes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        g.built > 0 && <p>Every graph replays its demonstrations to DONE and none is flagged.</p>
      )}
    </section>
  );
}

function RunsCard({ o, onOpen }: { o: WorkspaceOverview; onOpen(runId: string, where: 'runs' | 'review'): void }) {
  return (
    <section className="card overview-card wide" aria-labelledby="ov-runs">
      <h2 id="ov-runs">
        <a href="#/runs">Runs</a>
      </h2>
      {o.runs.length === 0 ? (
        <p>
          No runs yet: start one on the Runs screen or with <code>elderbench run</code>.
        </p>
      ) : (
        <table className="data compact" data-testid="ov-runs">
          <caption className="sr-only">Runs and their status</caption>
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
            {o.runs.map((r) => (
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
