import { describe, expect, it } from 'vitest';
import type { TaskGraph } from '../../../../shared/domain/task-graph.js';
import { layoutGraph } from './layout.js';

describe('layoutGraph', () => {
  it('puts nodes in columns by distance from the start and stacks siblings', () => {
    const e = (from: string, to: string) => ({ from, to }) as TaskGraph['edges'][number];
    const n = (id: string) => ({ id }) as TaskGraph['nodes'][number];
    const g = {
      startNode: 'a',
      nodes: [n('a'), n('b'), n('c'), n('d'), n('z')],
      edges: [e('a', 'b'), e('a', 'c'), e('b', 'd'), e('c', 'd'), e('d', 'a')],
    } as TaskGraph;
    expect(layoutGraph(g)).toEqual([
      { id: 'a', column: 0, row: 0 },
      { id: 'b', column: 1, row: 0 },
      { id: 'c', column: 1, row: 1 },
      { id: 'd', column: 2, row: 0 },
      { id: 'z', column: 3, row: 0 },
    ]);
  });
});
