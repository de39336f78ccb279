import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode, TaskGraph } from '../../../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../shared/domain/task-graph.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { scriptedAgent } from '../../../test/support/scripted-agent.js';
import type { UserTurn } from '../user/user-turn.js';
import type { OfflineOptions } from './offline-runner.js';
import { DEFAULT_OFFLINE_OPTIONS, runOfflineTask } from './offline-runner.js';
import type { StepRecord } from './outcome.js';

const screen = { width: 1080, height: 2400 };
const node = (id: string, done = false): GraphNode => ({
  id,
  done,
  flag: null,
  signature: { activity: 'a', structure: [], structureKey: id, anchors: [], widgetState: [], imageHash: null },
  representative: { demonstrationId: 1, idx: 0, screenshotBlob: `shot-${id}`, xmlBlob: null },
  members: [],
});
const tap = (x: number, y: number): Action => ({ type: 'Tap', at: { x, y } });
const edge = (id: string, from: string, to: string, action: Action, goal = false): GraphEdge => ({
  id,
  from,
  to,
  action,
  actionPx: null,
  target: null,
  screen,
  demonstrations: [1],
  uses: [[1, 0]],
  ...(goal ? { goal: true } : {}),
});
/** n0 --tap(500,500)--> n1 --tap(500,800), the goal--> n2 (DONE). */
const graph: TaskGraph = {
  taskId: 't',
  config: DEFAULT_SIGNATURE_CONFIG,
  startNode: 'n0',
  nodes: [node('n0'), node('n1'), node('n2', true)],
  edges: [edge('e0', 'n0', 'n1', tap(500, 500)), edge('e1', 'n1', 'n2', tap(500, 800), true)],
};
const right = [tap(500, 500), tap(500, 800)];
// Off the graph: no edge types here, and no field to type into. (A tap no edge knows is a look at another page,
// which Back returns from: that is the walk's to judge, see walk tests.)
const wrong: Action = { type: 'Type', text: '一百' };
const finish: Action = { type: 'Finish' };

async function run(actions: Action[], options: Partial<OfflineOptions> = {}, askUser?: (q: string) => Promise<UserTurn>) {
  const steps: StepRecord[] = [];
  const agent = scriptedAgent(actions);
  const seen: string[] = [];
  // Each view asked for: the node, and how it is shown where no recorded screen shows the walk's state.
  const views: string[] = [];
  const outcome = await runOfflineTask('t', {
    graph,
    agent,
    instruction: '字太小了',
    observe: async ({ node: n, kind, scrolledPx }) => {
      seen.push(n.id);
      views.push(kind === 'recorded' ? n.id : kind === 'excursion' ? `${n.id} excursion` : `${n.id} scrolled ${scrolledPx}`);
      const blob = kind === 'recorded' ? n.representative.screenshotBlob : `${kind}-${n.id}`;
      return { observation: { screenshot: null, screen, ui: null }, blob };
    },
    record: (s) => steps.push(s),
    ...(askUser ? { askUser } : {}),
    options: { ...DEFAULT_OFFLINE_OPTIONS, match: DEFAULT_MATCH_OPTIONS, ...options },
  });
  return { outcome, steps, seen, views, agent };
}

describe('offline runner: the demonstrated path', () => {
  it('passes: the demonstrated actions then Finish on the DONE node', async () => {
    const { outcome, steps, seen } = await run([...right, finish]);
    expect(outcome).toMatchObject({
      success: true,
      exit: 'finished',
      steps: 3,
      details: { finalNode: 'n2', finalDone: true, path: ['n0', 'n1', 'n2'], offGraphErrors: 0 },
    });
    expect(seen).toEqual(['n0', 'n1', 'n2']);
    expect(steps.map((s) => s.details.match)).toEqual([
      expect.objectContaining({ matched: true, edge: 'e0', to: 'n1', rule: 'within-tolerance' }),
      expect.objectContaining({ matched: true, edge: 'e1', to: 'n2' }),
      undefined,
    ]);
    expect(steps.map((s) => s.observationBlob)).toEqual(['shot-n0', 'shot-n1', 'shot-n2']);
  });

  it('fails: Finish before the DONE node is finished, not a success', async () => {
    const { outcome, steps } = await run([right[0]!, finish]);
    expect(outcome).toMatchObject({ success: false, exit: 'finished', details: { finalNode: 'n1', finalDone: false } });
    expect(steps[1]!.details).toMatchObject({ finishOnDone: false });
  });

  it('fails: Finish(status failure) on the DONE node is giving up, never a success', async () => {
    const { outcome } = await run([...right, { type: 'Finish', status: 'failure' }]);
    expect(outcome).toMatchObject({ success: false, exit: 'gave_up', details: { finalDone: true } });
  });

  it('fails: an unreadable reply ends the task as a parse error', async () => {
    const { outcome, steps } = await run([{ type: 'ParseError', raw: '??', reason: 'no action' }]);
    expect(outcome).toMatchObject({ success: false, exit: 'parse_error', steps: 1 });
    expect(steps[0]!.details).toMatchObject({ parseError: 'no action' });
  });

  it('fails: the step limit ends a task that never finishes', async () => {
    const { outcome } = await run([{ type: 'Wait' }], { maxSteps: 4 });
    expect(outcome).toMatchObject({ success: false, exit: 'step_limit', steps: 4, details: { finalNode: 'n0' } });
  });
});

describe('offline runner: actions off the graph', () => {
  it("fails at once with offGraph 'fail': an action no edge matches ends the task", async () => {
    const { outcome, steps } = await run([wrong, ...right, finish], { offGraph: 'fail' });
    expect(outcome).toMatchObject({ success: false, exit: 'off_graph', steps: 1, details: { finalNode: 'n0', offGraphErrors: 0 } });
    expect(steps[0]!.details.match).toMatchObject({ matched: false });
  });

  it("fails with offGraph 'fail' when a tap no edge knows is not followed by Back, recording the nearest edge", async () => {
    const away = tap(100, 100); // ~1000 px from every edge: a look at a page the graph does not know
    const { outcome, steps } = await run([away, away, ...right, finish], { offGraph: 'fail' });
    expect(outcome).toMatchObject({ success: false, exit: 'off_graph', steps: 2 });
    expect(steps[0]!.details.match).toMatchObject({ matched: true, how: 'excursion' });
    expect(steps[1]!.details.match).toMatchObject({ matched: false, nearestEdge: 'e0' });
    expect((steps[1]!.details.match as { distancePx: number }).distancePx).toBeGreaterThan(DEFAULT_MATCH_OPTIONS.tapTolerancePx);
    // Back returns from it, and the demonstrated path goes on.
    const back = await run([away, { type: 'Back' }, ...right, finish], { offGraph: 'fail' });
    expect(back.outcome).toMatchObject({ success: true, details: { path: ['n0', 'n0', 'n0', 'n1', 'n2'] } });
  });

  it("passes with offGraph 'stay': unmatched actions keep the agent on its node and are counted", async () => {
    const { outcome, seen } = await run([wrong, right[0]!, wrong, right[1]!, finish], { offGraph: 'stay', maxOffGraphErrors: 3 });
    expect(outcome).toMatchObject({ success: true, exit: 'finished', steps: 5, details: { path: ['n0', 'n1', 'n2'], offGraphErrors: 2 } });
    expect(seen).toEqual(['n0', 'n0', 'n1', 'n1', 'n2']);
  });

  it("fails with offGraph 'stay' on the third unmatched action (maxOffGraphErrors 3), and not before", async () => {
    const { outcome, steps } = await run([wrong, wrong, right[0]!, wrong, ...right, finish], { offGraph: 'stay', maxOffGraphErrors: 3 });
    expect(outcome).toMatchObject({ success: false, exit: 'off_graph', steps: 4, details: { finalNode: 'n1', offGraphErrors: 3 } });
    expect(steps).toHaveLength(4);
    const two = await run([wrong, wrong, ...right, finish], { offGraph: 'stay', maxOffGraphErrors: 3 });
    expect(two.outcome).toMatchObject({ success: true, details: { offGraphErrors: 2 } });
  });

  it('Wait and Noop keep the screen: neither moves nor counts as an error', async () => {
    const { outcome, steps } = await run([{ type: 'Wait' }, { type: 'Noop', reason: 'looking' }, ...right, finish], {
      offGraph: 'stay',
      maxOffGraphErrors: 1,
    });
    expect(outcome).toMatchObject({ success: true, details: { offGraphErrors: 0 } });
    expect(steps[0]!.details.match).toEqual({ matched: false, reason: 'Wait keeps the screen' });
  });
});

describe('offline runner: asking the user', () => {
  it('fails without anyone to answer: AskUser ends the task', async () => {
    const { outcome } = await run([{ type: 'AskUser', message: '哪个？' }, ...right, finish]);
    expect(outcome).toMatchObject({ success: false, exit: 'ask_user', steps: 1 });
  });

  it('passes with an answer: the agent stays on its node and hears the answer with its history', async () => {
    const turn: UserTurn = { question: '哪个？', answer: '大一点的', source: 'scripted', ms: 0, usage: null };
    const { outcome, steps, agent } = await run([{ type: 'AskUser', message: '哪个？' }, ...right, finish], {}, async () => turn);
    expect(outcome).toMatchObject({ success: true, exit: 'finished', steps: 4, details: { offGraphErrors: 0 } });
    expect(steps[0]!.details).toMatchObject({ user: turn });
    expect(agent.histories[1]![0]).toMatchObject({ userReply: '大一点的' });
  });
});

describe('offline runner: what the agent is shown where no recorded screen shows the walk', () => {
  const away = tap(100, 100); // ~1000 px from every edge: a page the graph does not know
  const back: Action = { type: 'Back' };
  const swipe = (fromY: number, toY: number): Action => ({ type: 'Swipe', from: { x: 500, y: fromY }, to: { x: 500, y: toY }, ms: 500 });

  it('after a tap the graph does not know: the excursion view until Back, then the recorded screen again', async () => {
    const { outcome, steps, views } = await run([right[0]!, away, back, right[1]!, finish]);
    expect(outcome).toMatchObject({ success: true });
    expect(views).toEqual(['n0', 'n1', 'n1 excursion', 'n1', 'n2']);
    expect(steps.map((s) => s.observationBlob)).toEqual(['shot-n0', 'shot-n1', 'excursion-n1', 'shot-n1', 'shot-n2']);
    expect(steps.map((s) => s.details.view)).toEqual([undefined, undefined, 'excursion', undefined, undefined]);
  });

  it('a scroll on the excursion page keeps it; a tap there is rejected while the excursion view is shown', async () => {
    const { outcome, steps, views } = await run([away, swipe(700, 300), right[0]!, finish], { offGraph: 'fail' });
    expect(outcome).toMatchObject({ success: false, exit: 'off_graph' });
    expect(views).toEqual(['n0', 'n0 excursion', 'n0 excursion']);
    expect(steps[2]!.details).toMatchObject({ view: 'excursion', match: { matched: false } });
  });

  it('a scroll no demonstration made: the scrolled view (by the swipe, in device pixels) until scrolled back', async () => {
    // 400 of 1000 up the 2400 px screen: 960 px.
    const { outcome, steps, views } = await run([swipe(700, 300), swipe(300, 700), ...right, finish]);
    expect(outcome).toMatchObject({ success: true });
    expect(views).toEqual(['n0', 'n0 scrolled 960', 'n0', 'n1', 'n2']);
    expect(steps[1]!.details).toMatchObject({ view: 'scrolled', scrolledPx: 960 });
    expect(steps[2]!.details.view).toBeUndefined();
    expect(steps[1]!.observationBlob).toBe('scrolled-n0');
  });

  it('scrolled and not back: the tap is judged on the scrolled page the agent was shown, and rejected', async () => {
    const { outcome, views } = await run([swipe(700, 300), right[0]!, finish]);
    expect(outcome).toMatchObject({ success: false, exit: 'off_graph' });
    expect(views).toEqual(['n0', 'n0 scrolled 960']);
  });

  it('a swipe within the slack of the recorded screen shows that screen (the walk judges taps on it)', async () => {
    const { outcome, views } = await run([swipe(500, 490), ...right, finish]);
    expect(outcome).toMatchObject({ success: true });
    expect(views).toEqual(['n0', 'n0', 'n1', 'n2']);
  });
});
