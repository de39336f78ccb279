import type { TaskGraph } from '../../../../shared/domain/task-graph.js';

export interface Placed {
  id: string;
  column: number;
  row: number;
}

/**
 * Layered layout: columns by shortest distance from the start node (BFS), rows in
 * order of discovery. Unreachable nodes go in a last column. Enough for task graphs,
 * which are short and mostly forward.
 */
export function layoutGraph(g: TaskGraph): Placed[] {
  const depth = new Map<string, number>([[g.startNode, 0]]);
  const queue = [g.startNode];
  while (queue.length) {
    const n = queue.shift()!;
    for (const e of g.edges) {
      if (e.from === n && !depth.has(e.to)) {
        depth.set(e.to, depth.get(n)! + 1);
        queue.push(e.to);
      }
    }
  }
  const last = Math.max(0, ...depth.values()) + 1;
  const rows = new Map<number, number>();
  return g.nodes.map((n) => {
    const column = depth.get(n.id) ?? last;
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    return { id: n.id, column, row };
  });
}
