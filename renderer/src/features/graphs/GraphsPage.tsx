import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { GraphSummary } from '../../../../shared/domain/graph.js';
import { useAppStore } from '../../store/app-store.js';
import { GoalPanel } from './GoalPanel.js';
import { GraphJobProgress } from './GraphJobProgress.js';
import { GraphCanvas } from './GraphCanvas.js';
import { NodePanel } from './NodePanel.js';
import { ProbePanel } from './ProbePanel.js';
import { OffGraphPanel } from './OffGraphPanel.js';
import { RoutesPanel } from './RoutesPanel.js';

/**
 * One empty list for "no overview yet": a new [] on every store read would never compare equal, and the page would
 * re-render without end (and crash) when it opens before the overview has loaded.
 */
const NONE: string[] = [];

const pct = (v: number | null): string => (v === null ? '—' : `${(v * 100).toFixed(0)}%`);
const probeCell = (g: GraphSummary): string =>
  g.trust.probe
    ? `${g.trust.probe.kind}: ${g.trust.probe.variants} variants, ${g.trust.probe.falseAccepts} false accepts, ${g.trust.probe.falseRejects} false rejects`
    : 'never probed';

export function GraphsPage() {
  const list = useAppStore((s) => s.graphList);
  const detail = useAppStore((s) => s.graphDetail);
  const busy = useAppStore((s) => s.graphBusy);
  const openVariant = useAppStore((s) => s.openVariant);
  const loadGraphs = useAppStore((s) => s.loadGraphs);
  const openGraph = useAppStore((s) => s.openGraph);
  const editGraph = useAppStore((s) => s.editGraph);
  const markAlternatives = useAppStore((s) => s.markAlternatives);
  const restore = useAppStore((s) => s.restoreGraphVersion);
  const jobs = useAppStore(
    useShallow((s) => ({
      job: s.graphJob,
      build: s.buildGraphs,
      probe: s.probeGraphs,
      missing: s.overview?.graphs.missing ?? NONE,
      stale: s.overview?.graphs.stale ?? NONE,
    })),
  );
  const [selected, setSelected] = useState<string | null>(null);
  const detailRef = useRef<HTMLDivElement>(null);
  const offGraph = useAppStore((s) => s.offGraphView);
  const showOffGraph = useAppStore((s) => s.showOffGraph);

  const loadOverview = useAppStore((s) => s.loadOverview);
  useEffect(() => {
    void loadGraphs();
    void loadOverview(); // which graphs are missing or out of date
  }, [loadGraphs, loadOverview]);
  // A graph opened from the list comes into view (the list may be long), and its title takes the focus.
  const openTask = detail?.summary.taskId;
  useEffect(() => {
    if (!openTask) return;
    detailRef.current?.scrollIntoView({ block: 'start' });
  }, [openTask]);
  const latest = detail ? Math.max(...detail.versions.map((v) => v.version)) : 0;

  const node = detail?.graph.nodes.find((n) => n.id === selected) ?? null;
  const walked = new Set(openVariant?.offline.path ?? []);
  // The graphs, their jobs and the open graph (the other view is where agents left them).
  const graphsView = (
    <>
      <div className="button-row graph-actions" data-testid="graph-actions">
        <button
          type="button"
          disabled={!!jobs.job || jobs.missing.length === 0}
          onClick={() => void jobs.build(jobs.missing)}
          data-testid="graphs-build-missing"
        >
          Build missing ({jobs.missing.length})
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!!jobs.job || jobs.stale.length === 0}
          onClick={() => void jobs.build(jobs.stale)}
          data-testid="graphs-rebuild-stale"
        >
          Rebuild out-of-date ({jobs.stale.length})
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!!jobs.job || list.length === 0}
          onClick={() => void jobs.build(list.map((g) => g.taskId))}
          data-testid="graphs-rebuild-all"
        >
          Rebuild all ({list.length})
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!!jobs.job || list.length === 0}
          onClick={() => void jobs.probe(list.map((g) => g.taskId))}
          data-testid="graphs-probe-all"
        >
          Probe all, no device ({list.length})
        </button>
      </div>
      <GraphJobProgress />
      {list.length === 0 ? (
        <p>No graphs yet. Record demonstrations (Record screen), then build their graphs with the button above.</p>
      ) : (
        <div className="graphs-list" tabIndex={0} role="region" aria-label="Graphs">
          <table className="data" data-testid="graphs-table">
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Version</th>
                <th scope="col">Nodes</th>
                <th scope="col">Edges</th>
                <th scope="col">Self-consistency</th>
                <th scope="col">Leave-one-out</th>
                <th scope="col">Probe</th>
                <th scope="col">Standing</th>
              </tr>
            </thead>
            <tbody>
              {list.map((g) => (
                <tr key={g.taskId}>
                  <td>
                    <button type="button" className="link" onClick={() => void openGraph(g.taskId)}>
                      {g.taskId}
                    </button>
                  </td>
                  <td>v{g.version}</td>
                  <td>{g.nodes}</td>
                  <td>{g.edges}</td>
                  <td>{pct(g.selfConsistency)}</td>
                  <td>{pct(g.leaveOneOut)}</td>
                  <td>{probeCell(g)}</td>
                  <td>
                    <span className={`standing standing-${g.trust.status.replace(' ', '-')}`} title={g.trust.reason}>
                      {g.trust.status}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {detail && (
        <div ref={detailRef} className="graph-detail" data-testid="graph-detail">
          <h2>
            {detail.summary.taskId}, version{' '}
            <select
              aria-label="Graph version"
              value={detail.summary.version}
              onChange={(e) => void openGraph(detail.summary.taskId, Number(e.target.value))}
            >
              {detail.versions.map((v) => (
                <option key={v.version} value={v.version}>
                  v{v.version}
                </option>
              ))}
            </select>{' '}
            <span className={`standing standing-${detail.summary.trust.status.replace(' ', '-')}`}>{detail.summary.trust.status}</span>
          </h2>
          <p>{detail.summary.trust.reason}</p>
          <div className="button-row">
            {detail.summary.version < latest && (
              <button type="button" disabled={busy} onClick={() => void restore()} data-testid="graph-restore">
                Make version {detail.summary.version} the latest again
              </button>
            )}
            <button
              type="button"
              className="secondary"
              disabled={busy || !!jobs.job}
              onClick={() => void jobs.build([detail.summary.taskId])}
              data-testid="graph-rebuild"
            >
              Rebuild from the demonstrations
            </button>
          </div>
          <ProbePanel />
          <RoutesPanel taskId={detail.summary.taskId} />
          <div className="graph-layout">
            <div className="graph-scroll">
              <GraphCanvas graph={detail.graph} selected={selected} onSelect={setSelected} highlighted={walked} />
            </div>
            {node && (
              <div className="graph-side">
                <NodePanel
                  graph={detail.graph}
                  node={node}
                  busy={busy}
                  onMerge={(other) => void editGraph({ op: 'mergeNodes', keep: node.id, merge: other })}
                  onSplit={(demonstrationId, idx) => void editGraph({ op: 'splitMember', node: node.id, demonstrationId, idx })}
                  onDone={(done) => void editGraph({ op: 'setDone', node: node.id, done })}
                  onDeleteEdge={(edge) => void editGraph({ op: 'deleteEdge', edge })}
                  onAlternatives={(edge, any) => void markAlternatives(edge, any ? 'any' : null)}
                />
                {node.done && (
                  <GoalPanel
                    key={`${detail.summary.version}:${node.id}`}
                    graph={detail.graph}
                    node={node}
                    busy={busy}
                    onSave={(conditions) => void editGraph({ op: 'setGoal', node: node.id, conditions })}
                  />
                )}
              </div>
            )}
          </div>
        </div>
      )}
    </>
  );
  return (
    <section aria-labelledby="page-title">
      <div className="graphs-head">
        <h1 id="page-title">Task graphs</h1>
        <div className="row view-switch" role="group" aria-label="View">
          <button type="button" aria-pressed={!offGraph} onClick={() => showOffGraph(false)} data-testid="graphs-view-graphs">
            Graphs
          </button>
          <button type="button" aria-pressed={offGraph} onClick={() => showOffGraph(true)} data-testid="graphs-view-offgraph">
            Where agents left them
          </button>
        </div>
      </div>
      {offGraph ? <OffGraphPanel /> : graphsView}
    </section>
  );
}
