import { describe, expect, it } from 'vitest';
import { DEFAULT_SCREEN, parseActionPx } from '../../../../shared/domain/action-px.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../../shared/domain/graph.js';
import { parseRunManifest } from '../../../../shared/domain/run-manifest.js';
import { parseRunResultDetails, parseRunStepDetails, parseStepUsage } from '../../../../shared/domain/run-records.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../../shared/domain/task-graph.js';
import { parseGraphConfig, parseGraphValidation, parseTaskGraph, StoredGraphError } from './stored-graph.js';

const screen = { width: 720, height: 1600 };
const target = {
  bounds: { left: 0, top: 400, right: 720, bottom: 560 },
  resourceId: 'id/title',
  className: 'TextView',
  text: 'Display',
  contentDesc: '',
};

describe('stored step pixels', () => {
  it('reads every shape the recorder writes, with the tapped element and the screen', () => {
    expect(parseActionPx({ type: 'Tap', at: { x: 540, y: 480 }, target, screen })).toEqual({
      type: 'Tap',
      at: { x: 540, y: 480 },
      target,
      screen,
    });
    expect(parseActionPx({ type: 'Swipe', from: { x: 1, y: 2 }, to: { x: 3, y: 4 }, ms: 500, screen })).toEqual({
      type: 'Swipe',
      from: { x: 1, y: 2 },
      to: { x: 3, y: 4 },
      ms: 500,
      screen,
    });
    expect(parseActionPx({ type: 'LaunchApp', package: 'com.android.settings', screen })).toEqual({
      type: 'LaunchApp',
      package: 'com.android.settings',
      screen,
    });
    expect(parseActionPx({ type: 'Back', screen })).toEqual({ type: 'Back', screen });
  });

  it('is lenient with what older or damaged rows lack: no screen assumes the default, a broken target is dropped', () => {
    expect(parseActionPx({ type: 'Tap', at: { x: 5, y: 6 } })).toEqual({ type: 'Tap', at: { x: 5, y: 6 }, screen: DEFAULT_SCREEN });
    expect(parseActionPx({ type: 'Tap', at: { x: 5, y: 6 }, target: { text: 'x' }, screen })).toEqual({
      type: 'Tap',
      at: { x: 5, y: 6 },
      screen,
    });
  });

  it('reads pixels that are not a shape the app wrote as none, never as a wrong shape', () => {
    expect(parseActionPx(null)).toBeNull();
    expect(parseActionPx({ x: 540, y: 1200 })).toBeNull();
    expect(parseActionPx({ type: 'Tap' })).toBeNull();
    expect(parseActionPx('Tap')).toBeNull();
  });
});

describe('stored graph versions', () => {
  const edge = {
    id: 'e0',
    from: 'n0',
    to: 'n1',
    action: { type: 'Back' },
    actionPx: { type: 'Back', screen },
    target: null,
    screen,
    demonstrations: [1],
    uses: [[1, 0]],
  };
  const node = (id: string) => ({
    id,
    signature: { activity: 'a', structure: [], structureKey: 'k', anchors: [], widgetState: [], imageHash: null },
    representative: { demonstrationId: 1, idx: 0, screenshotBlob: null, xmlBlob: null },
    members: [],
    done: id === 'n1',
    flag: null,
  });
  const graph = { taskId: 't', config: DEFAULT_SIGNATURE_CONFIG, startNode: 'n0', nodes: [node('n0'), node('n1')], edges: [edge] };

  it('reads a graph as the builder wrote it unchanged', () => {
    expect(parseTaskGraph(structuredClone(graph), 'here')).toEqual(graph);
  });

  it('fills what graphs written earlier lack: recorded uses, an edge screen, newer signature settings', () => {
    const { uses: _u, screen: _s, ...oldEdge } = edge;
    const { splitOnWidgetState: _w, ...oldConfig } = DEFAULT_SIGNATURE_CONFIG;
    const g = parseTaskGraph({ ...graph, config: oldConfig, edges: [oldEdge] }, 'here');
    expect(g.edges[0]).toMatchObject({ uses: [], screen: DEFAULT_SCREEN });
    expect(g.config.splitOnWidgetState).toBe(DEFAULT_SIGNATURE_CONFIG.splitOnWidgetState);
  });

  it('refuses a body that is no graph, naming which one', () => {
    expect(() => parseTaskGraph({ nodes: [] }, 'the graph of task t, version 3')).toThrow(StoredGraphError);
    expect(() => parseTaskGraph({ nodes: [] }, 'the graph of task t, version 3')).toThrow(/task t, version 3/);
    expect(() => parseTaskGraph({ ...graph, edges: [{ id: 'e0' }] }, 'g')).toThrow(/edge/);
  });

  it("refuses a graph (a version or a colleague's file) with a field of the wrong type, naming the graph and the field", () => {
    const badSignature = { ...node('n0'), signature: { ...node('n0').signature, structure: 'a|b' } };
    expect(() => parseTaskGraph({ ...graph, nodes: [badSignature, node('n1')] }, 'its graph')).toThrow(StoredGraphError);
    expect(() => parseTaskGraph({ ...graph, nodes: [badSignature, node('n1')] }, 'its graph')).toThrow(
      /^its graph: field nodes\.0\.signature\.structure: /,
    );
    expect(() => parseTaskGraph({ ...graph, edges: [{ ...edge, target: { text: 'OK' } }] }, 'g')).toThrow(
      /field edges\.0\.target\.bounds: /,
    );
    expect(() => parseTaskGraph({ ...graph, edges: [{ ...edge, uses: [['1', 0]] }] }, 'g')).toThrow(/field edges\.0\.uses\.0\.0: /);
    expect(() => parseTaskGraph({ ...graph, edges: [{ ...edge, action: { type: 'Tap', at: { x: 'left' } } }] }, 'g')).toThrow(
      /field edges\.0\.action/,
    );
    expect(() => parseTaskGraph({ ...graph, nodes: [{ ...node('n0'), done: 'yes' }, node('n1')] }, 'g')).toThrow(/field nodes\.0\.done: /);
    expect(() => parseTaskGraph({ ...graph, config: { ...DEFAULT_SIGNATURE_CONFIG, flagBelow: '0.7' } }, 'g')).toThrow(
      /field config\.flagBelow: /,
    );
  });

  it('reads a graph written before the optional parts existed: no signature, members, flags, target, pixels, uses or config', () => {
    const oldNode = (id: string) => ({ id, representative: node(id).representative, ...(id === 'n1' ? { done: true } : {}) });
    const { target: _t, screen: _s, uses: _u, demonstrations: _d, actionPx: _p, ...oldEdge } = edge;
    const { config: _c, ...oldGraph } = graph;
    const g = parseTaskGraph({ ...oldGraph, nodes: [oldNode('n0'), oldNode('n1')], edges: [oldEdge] }, 'here');
    expect(g.config).toEqual(DEFAULT_SIGNATURE_CONFIG);
    expect(g.nodes[0]).toEqual({
      id: 'n0',
      signature: { activity: '', structure: [], structureKey: '', anchors: [], widgetState: [], imageHash: null },
      representative: node('n0').representative,
      members: [],
      done: false,
      flag: null,
    });
    expect(g.nodes[1]!.done).toBe(true);
    const handMade = parseTaskGraph({ ...graph, nodes: [{ ...node('n0'), members: [node('n0').representative] }, node('n1')] }, 'here');
    expect(handMade.nodes[0]!.members[0]!.evidence.rule).toBe('manual');
    expect(g.edges[0]).toEqual({ ...oldEdge, actionPx: null, target: null, screen: DEFAULT_SCREEN, demonstrations: [], uses: [] });
  });

  it('keeps the known-wrong marks it can read and drops the ones no version of the app wrote', () => {
    const mark = { id: 7, action: { type: 'Back' }, target: null, screen, note: 'leaves the app' };
    const g = parseTaskGraph({ ...graph, nodes: [{ ...node('n0'), knownWrong: [mark, { id: 'x', action: 'Back' }] }, node('n1')] }, 'g');
    expect(g.nodes[0]!.knownWrong).toEqual([mark]);
    const none = parseTaskGraph({ ...graph, nodes: [{ ...node('n0'), knownWrong: [{ id: 8 }] }, node('n1')] }, 'g');
    expect(none.nodes[0]).not.toHaveProperty('knownWrong');
  });

  it("reads older build settings and validations with today's defaults", () => {
    expect(
      parseGraphConfig({ signature: DEFAULT_SIGNATURE_CONFIG, match: { tapTolerancePx: 40, acceptInsideTarget: true, textThreshold: 0.8 } })
        .match,
    ).toEqual({ ...DEFAULT_MATCH_OPTIONS, tapTolerancePx: 40 });
    expect(parseGraphValidation({})).toEqual({
      selfConsistency: 0,
      selfReplays: [],
      leaveOneOut: null,
      leaveOneOutReplays: [],
      flaggedNodes: [],
    });
  });
});

describe('stored runs', () => {
  it('reads a manifest without a spec (an old run) as one that can be listed but not resumed', () => {
    const m = parseRunManifest({ agents: { replay: {} }, note: 'old' });
    expect(m.spec).toBeNull();
    expect(m.graphVersions).toEqual({});
    expect(m.matchRules).toEqual([]);
    expect(m.note).toBe('old');
  });

  it('fills a stored spec with the defaults of options added since', () => {
    const m = parseRunManifest({
      spec: { mode: 'offline', agents: ['a'], taskIds: ['t'], match: { tapTolerancePx: 50, acceptInsideTarget: true, textThreshold: 0.8 } },
      graphVersions: { t: 2 },
    });
    expect(m.spec?.match.maxInsideShare).toBe(DEFAULT_MATCH_OPTIONS.maxInsideShare);
    expect(m.spec?.user).toBe('none');
    expect(m.graphVersions).toEqual({ t: 2 });
  });

  it('reads result details leniently: a field of the wrong type reads as absent, unknown fields stay', () => {
    const d = parseRunResultDetails({
      steps: 'three',
      judge: { judge: 'rule', pass: true, reason: 'ok' },
      finalForeground: { package: 'p' },
    });
    expect(d.steps).toBeUndefined();
    expect(d.judge?.pass).toBe(true);
    expect(d.finalForeground).toEqual({ package: 'p' });
    expect(parseRunResultDetails(null)).toEqual({});
  });

  it('reads step details and usage, with counts a provider did not report as null', () => {
    expect(parseRunStepDetails({ node: 'n0', match: { matched: false, reason: 'far', distancePx: 80 } }).match?.distancePx).toBe(80);
    expect(parseStepUsage({})).toEqual({ prompt_tokens: null, completion_tokens: null, total_tokens: null });
    expect(parseStepUsage({ prompt_tokens: 3, completion_tokens: 4, total_tokens: 7, usage_mismatch: false })).toMatchObject({
      prompt_tokens: 3,
      usage_mismatch: false,
    });
  });
});
