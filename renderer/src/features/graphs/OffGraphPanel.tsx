import { useEffect, useId } from 'react';
import type { OffGraphGroup } from '../../../../shared/domain/off-graph.js';
import { useAppStore } from '../../store/app-store.js';
import { OffGraphDetail } from './OffGraphDetail.js';

/** What an annotator decided about a group, in a few words. */
export function decisionLabel(g: OffGraphGroup): string {
  const d = g.decision;
  if (!d) return 'open';
  if (d.kind === 'wrong') return `known wrong${d.inGraphVersion ? ` (v${d.inGraphVersion})` : ''}`;
  if (d.inGraphVersion) return `branch in v${d.inGraphVersion}`;
  return d.demonstrationStatus === 'recording' ? 'branch being recorded' : `branch ${d.demonstrationStatus ?? ''}`;
}

/**
 * A run's off-graph actions by task and node, grouped by what the agent did; the chosen group opens
 * beside the list with the screen the agent saw (or, once replayed, the phone itself) in view.
 */
export function OffGraphPanel() {
  const runs = useAppStore((s) => s.runs);
  const runId = useAppStore((s) => s.offGraphRunId);
  const report = useAppStore((s) => s.offGraph);
  const pick = useAppStore((s) => s.offGraphPick);
  const busy = useAppStore((s) => s.offGraphBusy);
  const rescored = useAppStore((s) => s.rescored);
  const openOffGraph = useAppStore((s) => s.openOffGraph);
  const pickOffGraph = useAppStore((s) => s.pickOffGraph);
  const rescore = useAppStore((s) => s.rescoreOffGraphRun);
  const ids = useId();
  const offline = runs.filter((r) => r.mode !== 'online');
  useEffect(() => {
    if (!runId && offline[0]) void openOffGraph(offline[0].id);
  }, [runId, offline, openOffGraph]);

  return (
    <section className="offgraph" aria-labelledby={`${ids}-title`} data-testid="offgraph-panel">
      <h2 id={`${ids}-title`} className="sr-only">
        Off-graph actions
      </h2>
      <div className="row offgraph-bar">
        <label htmlFor={`${ids}-run`}>Run</label>
        <select
          id={`${ids}-run`}
          value={runId ?? ''}
          onChange={(e) => void openOffGraph(e.target.value || null)}
          data-testid="offgraph-run"
        >
          {offline.length === 0 && <option value="">no offline runs yet</option>}
          {offline.map((r) => (
            <option key={r.id} value={r.id}>
              {r.id} ({r.agents.join(', ')})
            </option>
          ))}
        </select>
        {report && (
          <span data-testid="offgraph-totals">
            {report.total} off-graph action{report.total === 1 ? '' : 's'}, {report.decided} settled
          </span>
        )}
        <button
          type="button"
          disabled={!runId || busy}
          onClick={() => void rescore()}
          title="Re-score this run's offline results on the newest version of each task's graph"
          data-testid="offgraph-rescore"
        >
          {busy ? 'Working…' : 'Re-score the run'}
        </button>
        {rescored && (
          <span data-testid="offgraph-rescored">
            {rescored.rescored.length} re-scored, {rescored.flipped} changed
          </span>
        )}
      </div>
      <div className="offgraph-layout">
        <nav className="offgraph-list" aria-label="Off-graph actions by task and node" data-testid="offgraph-list">
          {report?.total === 0 && <p>No action of this run left its graph.</p>}
          {report?.tasks.map((t) => (
            <section key={t.taskId} aria-label={t.taskId}>
              <h3>
                {t.taskId}{' '}
                <span className="muted">
                  scored on v{t.scoredVersions.join(', v') || '?'}, newest v{t.latestVersion ?? '—'}
                </span>
              </h3>
              <p className="muted offgraph-instruction">{t.instruction}</p>
              {t.nodes.map((n) => (
                <div key={n.node}>
                  <h4>
                    at {n.node} <span className="muted">{n.page}</span>
                  </h4>
                  <ul className="plain">
                    {n.groups.map((g) => {
                      const open = pick?.taskId === t.taskId && pick.node === n.node && pick.key === g.key;
                      return (
                        <li key={g.key}>
                          <button
                            type="button"
                            className={`offgraph-group${open ? ' open' : ''}`}
                            aria-pressed={open}
                            onClick={() => pickOffGraph(open ? null : { taskId: t.taskId, node: n.node, key: g.key })}
                            data-testid="offgraph-group"
                          >
                            <span>{g.description}</span>
                            <span className="muted">
                              {g.occurrences.length}× · {g.agents.join(', ')}
                            </span>
                            <span className={`decision decision-${g.decision?.kind ?? 'open'}`}>{decisionLabel(g)}</span>
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))}
            </section>
          ))}
        </nav>
        <OffGraphDetail />
      </div>
    </section>
  );
}
