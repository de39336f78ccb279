import type { TaskGraph } from '../../../../shared/domain/task-graph.js';
import { blobUrl } from '../../platform/api.js';
import { describeAction } from '../../../../shared/domain/describe-action.js';
import { layoutGraph } from './layout.js';

const W = 150;
const H = 300;
const GAP_X = 110;
const GAP_Y = 40;

/** The graph drawn with screenshot thumbnails at nodes and action labels on edges; `highlighted` nodes (a probe variant's walk) stand out. */
export function GraphCanvas({
  graph,
  selected,
  onSelect,
  highlighted = new Set<string>(),
}: {
  graph: TaskGraph;
  selected: string | null;
  onSelect(id: string): void;
  highlighted?: ReadonlySet<string>;
}) {
  const placed = layoutGraph(graph);
  const pos = new Map(placed.map((p) => [p.id, { x: p.column * (W + GAP_X) + 20, y: p.row * (H + GAP_Y) + 20 }]));
  const width = Math.max(...placed.map((p) => p.column)) * (W + GAP_X) + W + 40;
  const height = Math.max(...placed.map((p) => p.row)) * (H + GAP_Y) + H + 40;
  return (
    <div className="graph-canvas" style={{ width, height }} data-testid="graph-canvas">
      <svg width={width} height={height} aria-hidden="true">
        <defs>
          <marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor" />
          </marker>
        </defs>
        {graph.edges.map((e, i) => {
          const a = pos.get(e.from)!;
          const b = pos.get(e.to)!;
          const self = e.from === e.to;
          const back = b.x <= a.x && !self;
          const x1 = back ? a.x : a.x + W;
          const y1 = a.y + H / 2 + (i % 3) * 12;
          const x2 = back ? b.x + W : b.x;
          const y2 = b.y + H / 2 + (i % 3) * 12;
          const mx = (x1 + x2) / 2;
          const my = (y1 + y2) / 2 - (back ? 60 : 0);
          return (
            <g key={e.id} className="graph-edge">
              <path
                d={self ? `M ${a.x + W} ${a.y + 40} c 60 -40 60 80 0 60` : `M ${x1} ${y1} Q ${mx} ${my} ${x2} ${y2}`}
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                markerEnd="url(#arrow)"
              />
              <text x={self ? a.x + W + 10 : mx} y={self ? a.y + 30 : my - 6} textAnchor="middle" className="edge-label">
                {e.id}: {describeAction(e.action, e.target?.text)}
              </text>
            </g>
          );
        })}
      </svg>
      {graph.nodes.map((n) => {
        const p = pos.get(n.id)!;
        return (
          <button
            type="button"
            key={n.id}
            className={`graph-node${n.done ? ' done' : ''}${n.flag ? ' flagged' : ''}${selected === n.id ? ' selected' : ''}${highlighted.has(n.id) ? ' walked' : ''}`}
            style={{ left: p.x, top: p.y, width: W, height: H }}
            onClick={() => onSelect(n.id)}
            aria-pressed={selected === n.id}
            data-testid={`graph-node-${n.id}`}
          >
            {n.representative.screenshotBlob && <img src={blobUrl(n.representative.screenshotBlob)} alt="" />}
            <span className="node-caption">
              {n.id}
              {n.id === graph.startNode ? ' · start' : ''}
              {n.done ? ' · DONE' : ''} · {n.members.length}×{n.flag ? ' ⚠' : ''}
              {highlighted.has(n.id) ? ' · walked' : ''}
            </span>
          </button>
        );
      })}
    </div>
  );
}
