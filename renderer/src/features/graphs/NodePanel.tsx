import type { GraphNode, TaskGraph } from '../../../../shared/domain/task-graph.js';
import { blobUrl } from '../../platform/api.js';
import { describeAction } from '../../../../shared/domain/describe-action.js';

interface Props {
  graph: TaskGraph;
  node: GraphNode;
  busy: boolean;
  onMerge(other: string): void;
  onSplit(demonstrationId: number, idx: number): void;
  onDone(done: boolean): void;
  onDeleteEdge(edge: string): void;
  /** Marks the taps behind an edge as standing for any option of their group (true) or only themselves (false). */
  onAlternatives(edge: string, any: boolean): void;
}

const pct = (v: number | null): string => (v === null ? '—' : `${Math.round(v * 100)}%`);

/** A node's members side by side with the evidence for merging them, and the edits a reviewer can make. */
export function NodePanel({ graph, node, busy, onMerge, onSplit, onDone, onDeleteEdge, onAlternatives }: Props) {
  const out = graph.edges.filter((e) => e.from === node.id);
  return (
    <section className="card node-panel" aria-labelledby="node-title" data-testid="node-panel">
      <h2 id="node-title">
        Node {node.id} {node.done && '(DONE)'}
      </h2>
      <p>{node.signature.activity || 'activity unknown'}</p>
      {node.flag && <p className="error">⚠ {node.flag}</p>}
      <div className="row">
        <button type="button" disabled={busy} onClick={() => onDone(!node.done)} data-testid="toggle-done">
          {node.done ? 'Unmark DONE' : 'Mark DONE'}
        </button>
        <label htmlFor="merge-with" className="sr-only">
          Merge with node
        </label>
        <select
          id="merge-with"
          defaultValue=""
          disabled={busy}
          onChange={(e) => e.target.value && onMerge(e.target.value)}
          data-testid="merge-with"
        >
          <option value="">Merge with…</option>
          {graph.nodes
            .filter((n) => n.id !== node.id)
            .map((n) => (
              <option key={n.id} value={n.id}>
                {n.id}
              </option>
            ))}
        </select>
      </div>
      <h3>Members ({node.members.length})</h3>
      <ul className="members">
        {node.members.map((m) => (
          <li key={`${m.demonstrationId}:${m.idx}`}>
            {m.screenshotBlob && <img src={blobUrl(m.screenshotBlob)} alt={`Demonstration ${m.demonstrationId} step ${m.idx + 1}`} />}
            <span>
              demo {m.demonstrationId}, step {m.idx + 1}
              <br />
              {m.evidence.rule}: structure {pct(m.evidence.structure)}, anchors {pct(m.evidence.anchors)}, confidence{' '}
              {pct(m.evidence.confidence)}
            </span>
            {node.members.length > 1 && (
              <button type="button" className="link" disabled={busy} onClick={() => onSplit(m.demonstrationId, m.idx)}>
                Split out
              </button>
            )}
          </li>
        ))}
      </ul>
      <h3>Outgoing edges</h3>
      <ul className="plain">
        {out.length === 0 && <li>None</li>}
        {out.map((e) => (
          <li key={e.id}>
            {e.id}: {describeAction(e.action, e.target?.text)} → {e.to} (demos {e.demonstrations.join(', ')})
            {e.goal ? ' · goal action' : ''}
            {e.effects?.length ? ` · sets ${e.effects.map((v) => `${v.label} = "${v.value}"`).join(', ')}` : ''}{' '}
            {e.action.type === 'Tap' && (
              <label className="inline">
                <input
                  type="checkbox"
                  checked={!!e.choice}
                  disabled={busy}
                  onChange={(ev) => onAlternatives(e.id, ev.target.checked)}
                  data-testid={`any-option-${e.id}`}
                />{' '}
                any option of this group would do
              </label>
            )}{' '}
            <button type="button" className="link" disabled={busy} onClick={() => onDeleteEdge(e.id)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
