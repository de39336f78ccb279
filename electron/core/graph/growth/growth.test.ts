import { describe, expect, it } from 'vitest';
import type { Action } from '../../../../shared/domain/action.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../../shared/domain/graph.js';
import type { GrowthDecisionView, OffGraphOccurrence } from '../../../../shared/domain/off-graph.js';
import type { GraphEdge, GraphNode, TaskGraph } from '../../../../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../../shared/domain/task-graph.js';
import type { TargetElement } from '../../../../shared/domain/ui-tree.js';
import { scriptedAgent } from '../../../../test/support/scripted-agent.js';
import { DEFAULT_OFFLINE_OPTIONS, runOfflineTask } from '../../eval/offline-runner.js';
import type { StepRecord } from '../../eval/outcome.js';
import { attachKnownWrong, knownWrongMatch } from './known-wrong.js';
import { actionKey, choosePrefix, decisionFor, groupAtNode, offGraphOccurrences } from './off-graph-actions.js';

const screen = { width: 1080, height: 2400 };
const tap = (x: number, y: number): Action => ({ type: 'Tap', at: { x, y } });
const member = (d: number, idx: number) => ({
  demonstrationId: d,
  idx,
  screenshotBlob: null,
  xmlBlob: null,
  evidence: { activity: true, structure: 1, anchors: null, image: null, confidence: 1, rule: 'exact' as const },
});
const node = (id: string, members: [number, number][], done = false): GraphNode => ({
  id,
  done,
  flag: null,
  signature: { activity: 'a', structure: [], structureKey: id, anchors: [], widgetState: [], imageHash: null },
  representative: { demonstrationId: members[0]?.[0] ?? 1, idx: members[0]?.[1] ?? 0, screenshotBlob: `shot-${id}`, xmlBlob: null },
  members: members.map(([d, i]) => member(d, i)),
});
const edge = (id: string, from: string, to: string, action: Action, uses: [number, number][], goal = false): GraphEdge => ({
  id,
  from,
  to,
  action,
  actionPx: null,
  target: null,
  screen,
  demonstrations: [...new Set(uses.map((u) => u[0]))],
  uses,
  ...(goal ? { goal: true } : {}),
});
/**
 * Two demonstrations: 1 goes n0 → n1 → n2 (DONE); 2 goes n0 → n3 → n1 → n2. n1 holds 1:1 and 2:2.
 */
const graph: TaskGraph = {
  taskId: 't',
  config: DEFAULT_SIGNATURE_CONFIG,
  startNode: 'n0',
  nodes: [
    node('n0', [
      [1, 0],
      [2, 0],
    ]),
    node('n1', [
      [1, 1],
      [2, 2],
    ]),
    node(
      'n2',
      [
        [1, 2],
        [2, 3],
      ],
      true,
    ),
    node('n3', [[2, 1]]),
  ],
  edges: [
    edge('e0', 'n0', 'n1', tap(500, 300), [[1, 0]]),
    edge(
      'e1',
      'n1',
      'n2',
      tap(500, 500),
      [
        [1, 1],
        [2, 2],
      ],
      true,
    ),
    edge('e2', 'n0', 'n3', tap(500, 700), [[2, 0]]),
    edge('e3', 'n3', 'n1', { type: 'Back' }, [[2, 1]]),
  ],
};
const storage: TargetElement = {
  bounds: { left: 0, top: 1900, right: 1080, bottom: 2100 },
  resourceId: 'row',
  className: 'Row',
  text: 'Storage',
  contentDesc: '',
  clickable: true,
};
const wrongDecision = (id: number, action: Action, anchor = { demonstrationId: 2, idx: 2 }): GrowthDecisionView => ({
  id,
  kind: 'wrong',
  taskId: 't',
  source: { runId: 'r', agent: 'a', step: 1 },
  anchor,
  action,
  target: storage,
  screen,
  demonstrationId: null,
  note: 'not this row',
  createdAt: '',
  demonstrationStatus: null,
  inGraphVersion: null,
});

describe('known-wrong marks', () => {
  it('ride on the node holding their anchor observation, and replace what the nodes carried before', () => {
    const marked = attachKnownWrong(graph, [wrongDecision(7, tap(500, 833))]);
    expect(marked.nodes.find((n) => n.id === 'n1')!.knownWrong).toEqual([
      { id: 7, action: tap(500, 833), target: storage, screen, note: 'not this row' },
    ]);
    expect(marked.nodes.filter((n) => n.knownWrong)).toHaveLength(1);
    expect(graph.nodes.some((n) => n.knownWrong)).toBe(false); // the input is not changed
    // Rebuilt without the decision (withdrawn) the mark is gone; an anchor no node holds attaches nowhere.
    expect(attachKnownWrong(marked, []).nodes.some((n) => n.knownWrong)).toBe(false);
    expect(attachKnownWrong(graph, [wrongDecision(8, tap(1, 1), { demonstrationId: 9, idx: 0 })]).nodes.some((n) => n.knownWrong)).toBe(
      false,
    );
  });

  it('match an action that repeats the marked one (the same control, or within the tap tolerance), not another', () => {
    const n1 = attachKnownWrong(graph, [wrongDecision(7, tap(500, 833))]).nodes.find((n) => n.id === 'n1')!;
    expect(knownWrongMatch(n1, tap(500, 840), DEFAULT_MATCH_OPTIONS)?.id).toBe(7); // 17 px away
    expect(knownWrongMatch(n1, tap(100, 850), DEFAULT_MATCH_OPTIONS)?.id).toBe(7); // elsewhere on the Storage row
    expect(knownWrongMatch(n1, tap(500, 600), DEFAULT_MATCH_OPTIONS)).toBeNull(); // another row
    expect(knownWrongMatch(n1, { type: 'Back' }, DEFAULT_MATCH_OPTIONS)).toBeNull();
  });

  it('the offline walk says "known wrong" on such a step, and it stays off the graph', async () => {
    const marked = attachKnownWrong(graph, [wrongDecision(7, tap(500, 833))]);
    const steps: StepRecord[] = [];
    const o = await runOfflineTask('t', {
      graph: marked,
      agent: scriptedAgent([tap(500, 300), tap(500, 840)]),
      instruction: 'x',
      observe: async ({ node: n }) => ({ observation: { screenshot: null, screen, ui: null }, blob: n.representative.screenshotBlob }),
      record: (s) => steps.push(s),
      options: { ...DEFAULT_OFFLINE_OPTIONS, match: DEFAULT_MATCH_OPTIONS },
    });
    expect(o).toMatchObject({ success: false, exit: 'off_graph' });
    expect(steps[1]!.details['match']).toMatchObject({ matched: false, knownWrong: { id: 7, note: 'not this row' } });
    // Another off-graph action there is just off the graph.
    const other: StepRecord[] = [];
    await runOfflineTask('t', {
      graph: marked,
      agent: scriptedAgent([tap(500, 300), tap(500, 100)]),
      instruction: 'x',
      observe: async () => ({ observation: { screenshot: null, screen, ui: null }, blob: null }),
      record: (s) => other.push(s),
      options: { ...DEFAULT_OFFLINE_OPTIONS, match: DEFAULT_MATCH_OPTIONS },
    });
    expect(other[1]!.details['match']).not.toHaveProperty('knownWrong');
  });
});

describe('off-graph actions', () => {
  const key = { runId: 'r', taskId: 't', agent: 'a' };
  const step = (idx: number, action: Action, match: Record<string, unknown> | undefined, node = 'n1') => ({
    idx,
    action,
    observationBlob: `shot-${node}`,
    details: { node, ...(match ? { match: match as { matched: boolean } } : {}) },
  });

  it('are the operational steps that matched no edge; Wait, Noop, Finish and matched steps are not', () => {
    const occ = offGraphOccurrences(key, { success: false, exit: 'off_graph', graphVersion: 3 }, [
      step(0, tap(500, 300), { matched: true, edge: 'e0' }, 'n0'),
      step(1, { type: 'Wait' }, { matched: false, reason: 'Wait keeps the screen' }),
      step(2, tap(500, 833), { matched: false, nearestEdge: 'e1', reason: '333px from the demonstrated point', distancePx: 333 }),
      step(3, { type: 'Finish' }, undefined),
    ]);
    expect(occ).toEqual([
      {
        ...key,
        step: 2,
        action: tap(500, 833),
        node: 'n1',
        graphVersion: 3,
        observationBlob: 'shot-n1',
        nearest: { edge: 'e1', reason: '333px from the demonstrated point', distancePx: 333, similarity: null },
        result: { success: false, exit: 'off_graph' },
      },
    ]);
  });

  it('group by what the agent did: the control a tap landed on, the text typed, the key', () => {
    const o = (agent: string, action: Action, s = 1): OffGraphOccurrence =>
      offGraphOccurrences({ ...key, agent }, { success: false, exit: 'off_graph', graphVersion: 1 }, [
        step(s, action, { matched: false }),
      ])[0]!;
    const groups = groupAtNode(
      [
        { occurrence: o('a', tap(300, 840)), target: storage },
        { occurrence: o('b', tap(700, 860)), target: storage }, // elsewhere on the same row
        { occurrence: o('c', { type: 'Type', text: '300 元' }), target: null },
        { occurrence: o('d', { type: 'Type', text: ' 300 元 ' }), target: null },
        { occurrence: o('a', { type: 'Back' }, 2), target: null },
      ],
      () => null,
    );
    expect(groups.map((g) => [g.description, g.agents, g.occurrences.length])).toEqual([
      ['Tap "Storage"', ['a', 'b'], 2],
      ['Type "300 元"', ['c', 'd'], 2],
      ['Back', ['a'], 1],
    ]);
    expect(actionKey(tap(300, 840), null)).not.toBe(actionKey(tap(300, 940), null)); // no screen: by place
  });

  it('a decision covers its own step and, at the same node, the actions that repeat it; a discarded branch covers nothing', () => {
    const occ = (agent: string, action: Action, node = 'n1'): OffGraphOccurrence =>
      offGraphOccurrences({ ...key, agent }, { success: false, exit: 'off_graph', graphVersion: 1 }, [
        step(4, action, { matched: false }, node),
      ])[0]!;
    const d = wrongDecision(7, tap(500, 833));
    expect(decisionFor([d], occ('z', tap(200, 850)), graph, DEFAULT_MATCH_OPTIONS)?.id).toBe(7); // same row, another agent
    expect(decisionFor([d], occ('z', tap(500, 300)), graph, DEFAULT_MATCH_OPTIONS)).toBeNull(); // another control
    expect(decisionFor([d], occ('z', tap(500, 833), 'n3'), graph, DEFAULT_MATCH_OPTIONS)).toBeNull(); // another node
    const branch: GrowthDecisionView = { ...d, id: 9, kind: 'branch', demonstrationId: 5, demonstrationStatus: 'discarded' };
    expect(decisionFor([branch], occ('z', tap(500, 833)), graph, DEFAULT_MATCH_OPTIONS)).toBeNull();
    expect(
      decisionFor([{ ...branch, demonstrationStatus: 'finished' }, d], occ('z', tap(500, 833)), graph, DEFAULT_MATCH_OPTIONS)?.id,
    ).toBe(7);
  });

  it("the replay goes the agent's way: the member whose demonstration took the agent's edges, else the shortest prefix", () => {
    expect(choosePrefix(graph, 'n1', [])).toEqual({ demonstrationId: 1, idx: 1 });
    expect(choosePrefix(graph, 'n1', ['e0'])).toEqual({ demonstrationId: 1, idx: 1 });
    expect(choosePrefix(graph, 'n1', ['e2', 'e3'])).toEqual({ demonstrationId: 2, idx: 2 });
    expect(choosePrefix(graph, 'n9', [])).toBeNull();
  });
});
