import { describe, expect, it } from 'vitest';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { applyEdit, GraphEditError } from './edit.js';

const member = (d: number, idx: number) => ({
  demonstrationId: d,
  idx,
  screenshotBlob: null,
  xmlBlob: null,
  evidence: { activity: true, structure: 1, anchors: null, image: null, confidence: 1, rule: 'first' as const },
});
const sig = { activity: 'a/b', structure: [], structureKey: 'k', anchors: [], widgetState: [], imageHash: null };
const screen = { width: 1080, height: 2400 };

/** Two demonstrations: A →tap→ B →tap→ C(done) and A →tap→ B' →tap→ C, where B' was wrongly kept apart from B. */
function graph(): TaskGraph {
  const node = (id: string, members: ReturnType<typeof member>[], done = false) => ({
    id,
    signature: sig,
    representative: { ...members[0]!, evidence: undefined } as never,
    members,
    done,
    flag: null,
  });
  const tap = { type: 'Tap' as const, at: { x: 500, y: 500 } };
  return {
    taskId: 't',
    config: {} as never,
    startNode: 'n0',
    nodes: [
      node('n0', [member(1, 0), member(2, 0)]),
      node('n1', [member(1, 1)]),
      node('n2', [member(1, 2), member(2, 2)], true),
      node('n3', [member(2, 1)]),
    ],
    edges: [
      { id: 'e0', from: 'n0', to: 'n1', action: tap, actionPx: null, target: null, screen, demonstrations: [1], uses: [[1, 0]] },
      { id: 'e1', from: 'n1', to: 'n2', action: tap, actionPx: null, target: null, screen, demonstrations: [1], uses: [[1, 1]] },
      { id: 'e2', from: 'n0', to: 'n3', action: tap, actionPx: null, target: null, screen, demonstrations: [2], uses: [[2, 0]] },
      { id: 'e3', from: 'n3', to: 'n2', action: tap, actionPx: null, target: null, screen, demonstrations: [2], uses: [[2, 1]] },
    ],
  };
}

describe('graph edits', () => {
  it('merging two nodes moves members and merges the edges that became equal', () => {
    const g = applyEdit(graph(), { op: 'mergeNodes', keep: 'n1', merge: 'n3' });
    expect(g.nodes.map((n) => n.id)).toEqual(['n0', 'n1', 'n2']);
    expect(g.edges.map((e) => [e.from, e.to, e.demonstrations])).toEqual([
      ['n0', 'n1', [1, 2]],
      ['n1', 'n2', [1, 2]],
    ]);
    expect(g.nodes[1]!.members.at(-1)!.evidence.rule).toBe('manual');
  });

  it('splitting a member out gives it its own node and rewires its edges', () => {
    const merged = applyEdit(graph(), { op: 'mergeNodes', keep: 'n1', merge: 'n3' });
    const g = applyEdit(merged, { op: 'splitMember', node: 'n1', demonstrationId: 2, idx: 1 });
    expect(g.nodes.map((n) => n.id)).toEqual(['n0', 'n1', 'n2', 'n3']);
    expect(g.edges.map((e) => [e.from, e.to]).sort()).toEqual([
      ['n0', 'n1'],
      ['n0', 'n3'],
      ['n1', 'n2'],
      ['n3', 'n2'],
    ]);
  });

  it('marks DONE, deletes edges, and never changes the input graph', () => {
    const before = graph();
    const g = applyEdit(applyEdit(before, { op: 'setDone', node: 'n1', done: true }), { op: 'deleteEdge', edge: 'e2' });
    expect(g.nodes.find((n) => n.id === 'n1')!.done).toBe(true);
    expect(g.edges.map((e) => e.id)).toEqual(['e0', 'e1', 'e3']);
    expect(before).toEqual(graph());
    expect(() => applyEdit(before, { op: 'deleteEdge', edge: 'e9' })).toThrow(GraphEditError);
    expect(() => applyEdit(before, { op: 'splitMember', node: 'n1', demonstrationId: 1, idx: 1 })).toThrow(/only this observation/);
  });
});
