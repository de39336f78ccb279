import { useEffect, useState } from 'react';
import type { GraphSummary } from '../../../../shared/domain/graph.js';
import { useAppStore } from '../../store/app-store.js';
import { GoalPanel } from './GoalPanel.js';
import { GraphCanvas } from './GraphCanvas.js';
import { NodePanel } from './NodePanel.js';
import { ProbePanel } from './ProbePanel.js';
import { OffGraphPanel } from './OffGraphPanel.js';
import { RoutesPanel } from './RoutesPanel.js';

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
  const [selected, setSelected] = useState<string | null>(null);
  const offGraph = useAppStore((s) => s.offGraphView);
  const showOffGraph = useAppStore((s) => s.showOffGraph);

  useEffect(() => {
    void loadGraphs();
  }, [loadGraphs]);

  const node = detail?.graph.nodes.find((n) => n.id === selected) ?? null;
  const walked = new Set(openVariant?.offline.path ?? []);
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
      {offGraph ? (
        <OffGraphPanel />
      ) : list.length === 0 ? (
        <p>
          No graphs yet. Record demonstrations, then build with <code>elderbench graph build --all</code>.
        </p>
      ) : (
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
      )}
      {!offGraph && detail && (
        <>
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
        </>
      )}
    </section>
  );
}
