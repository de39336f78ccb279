import { useCallback, useEffect, useState } from 'react';
import type { GraphDetail } from '../../../../shared/api/index.js';
import type { GraphSummary } from '../../../../shared/domain/graph.js';
import { api } from '../../platform/api.js';
import { useAppStore } from '../../store/app-store.js';
import { GraphCanvas } from './GraphCanvas.js';
import { NodePanel } from './NodePanel.js';

type Edit = Parameters<typeof api.graphs.edit>[0]['edit'];
const pct = (v: number | null): string => (v === null ? '—' : `${(v * 100).toFixed(0)}%`);

export function GraphsPage() {
  const notify = useAppStore((s) => s.notify);
  const [list, setList] = useState<GraphSummary[]>([]);
  const [detail, setDetail] = useState<GraphDetail | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const loadList = useCallback(async () => setList(await api.graphs.list()), []);
  const open = useCallback(async (taskId: string, version?: number) => {
    setDetail(await api.graphs.get(version ? { taskId, version } : { taskId }));
  }, []);
  useEffect(() => {
    void loadList();
  }, [loadList]);

  const edit = async (e: Edit): Promise<void> => {
    if (!detail) return;
    setBusy(true);
    try {
      const s = await api.graphs.edit({ taskId: detail.summary.taskId, version: detail.summary.version, edit: e });
      notify(`Saved as version ${s.version} (self-consistency ${pct(s.selfConsistency)})`);
      await open(s.taskId);
      await loadList();
    } catch (err) {
      notify(`Edit refused: ${(err as Error).message}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  const node = detail?.graph.nodes.find((n) => n.id === selected) ?? null;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Task graphs</h1>
      {list.length === 0 ? (
        <p>No graphs yet. Record demonstrations, then build with <code>elderbench graph build --all</code>.</p>
      ) : (
        <table className="data" data-testid="graphs-table">
          <thead>
            <tr><th scope="col">Task</th><th scope="col">Version</th><th scope="col">Nodes</th><th scope="col">Edges</th><th scope="col">Self-consistency</th><th scope="col">Leave-one-out</th><th scope="col">Flagged</th></tr>
          </thead>
          <tbody>
            {list.map((g) => (
              <tr key={g.taskId}>
                <td><button type="button" className="link" onClick={() => void open(g.taskId)}>{g.taskId}</button></td>
                <td>v{g.version}</td><td>{g.nodes}</td><td>{g.edges}</td><td>{pct(g.selfConsistency)}</td><td>{pct(g.leaveOneOut)}</td>
                <td>{g.flaggedNodes.length || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {detail && (
        <>
          <h2>
            {detail.summary.taskId}, version{' '}
            <select aria-label="Graph version" value={detail.summary.version} onChange={(e) => void open(detail.summary.taskId, Number(e.target.value))}>
              {detail.versions.map((v) => (<option key={v.version} value={v.version}>v{v.version}</option>))}
            </select>
          </h2>
          <div className="graph-layout">
            <div className="graph-scroll">
              <GraphCanvas graph={detail.graph} selected={selected} onSelect={setSelected} />
            </div>
            {node && (
              <NodePanel
                graph={detail.graph}
                node={node}
                busy={busy}
                onMerge={(other) => void edit({ op: 'mergeNodes', keep: node.id, merge: other })}
                onSplit={(demonstrationId, idx) => void edit({ op: 'splitMember', node: node.id, demonstrationId, idx })}
                onDone={(done) => void edit({ op: 'setDone', node: node.id, done })}
                onDeleteEdge={(edge) => void edit({ op: 'deleteEdge', edge })}
              />
            )}
          </div>
        </>
      )}
    </section>
  );
}
