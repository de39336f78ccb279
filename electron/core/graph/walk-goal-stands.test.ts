import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { GoalAfter } from './walk-goal-stands.js';
import type { WalkMove } from './walk-step.js';

const pageOf = new Map([
  ['n1', 'list'],
  ['n2', 'list'],
  ['n3', 'detail'],
  ['n4', 'feed'],
  ['n5', 'feed'],
]);
const edge = (from: string, to: string, action: Action, goal = false): GraphEdge =>
  ({ id: `${from}-${to}`, from, to, action, goal }) as unknown as GraphEdge;
const taken = (how: NonNullable<WalkMove['taken']>['how'], e: GraphEdge | null = null): WalkMove['taken'] => ({
  edge: e,
  how,
  result: { matched: true, distancePx: 0, similarity: null, rule: null, reason: '' },
});
const back: Action = { type: 'Back' };
const tap: Action = { type: 'Tap', at: { x: 500, y: 500 } };

describe('what a goal action leaves behind', () => {
  it('a task that acts: the DONE nodes stand over Back and a recorded way to another page, not over an unknown tap', () => {
    const g = new GoalAfter(false, pageOf, new Map(), new Set(['list']));
    g.acted(tap, taken('edge', edge('n1', 'n2', tap, true)), new Set(['n2']));
    g.acted(tap, taken('back'), null);
    g.acted(tap, taken('edge', edge('n2', 'n3', tap)), null);
    expect(g.doneNodes(new Set(['n3']))?.nodes).toEqual(new Set(['n2']));
    g.acted(tap, taken('excursion'), null);
    expect(g.doneNodes(new Set(['n3']))).toBeNull();
  });

  it('Home and the app launched again after the goal act on nothing; a tap on what the screen shows selected may', () => {
    const g = new GoalAfter(false, pageOf, new Map(), new Set(['list']));
    g.acted(tap, taken('edge', edge('n1', 'n2', tap, true)), new Set(['n2']));
    g.acted({ type: 'Home' }, taken('still'), null);
    g.acted({ type: 'LaunchApp', app: 'com.vphone.weather' }, taken('still'), null);
    g.acted(back, taken('back'), null);
    expect(g.doneNodes(new Set(['n1']))?.nodes).toEqual(new Set(['n2']));
    g.acted(tap, taken('still'), null);
    expect(g.doneNodes(new Set(['n1']))).toBeNull();
  });

  it('a field focused after the goal (its keyboard raised, then put away) acts on nothing; typing there may', () => {
    const g = new GoalAfter(false, pageOf, new Map(), new Set(['list']));
    g.acted(tap, taken('edge', edge('n1', 'n2', tap, true)), new Set(['n2']));
    g.acted(tap, taken('focus'), null);
    g.acted(back, taken('keyboard'), null);
    expect(g.doneNodes(new Set(['n2']))?.nodes).toEqual(new Set(['n2']));
    g.acted({ type: 'Type', text: '还没' }, taken('page-edit'), null);
    expect(g.doneNodes(new Set(['n2']))).toBeNull();
  });

  it("a control that changes only its own state, after an inquiry's look, leaves the look standing; after an acting goal it may undo it", () => {
    const look = new GoalAfter(true, pageOf, new Map(), new Set(['feed']));
    look.acted(tap, taken('edge', edge('n4', 'n3', tap, true)), new Set(['n3']));
    look.acted(tap, taken('own-value'), null);
    expect(look.doneNodes(new Set(['n3']))?.nodes).toEqual(new Set(['n3']));
    const act = new GoalAfter(false, pageOf, new Map(), new Set(['feed']));
    act.acted(tap, taken('edge', edge('n4', 'n3', tap, true)), new Set(['n3']));
    act.acted(tap, taken('own-value'), null);
    expect(act.doneNodes(new Set(['n3']))).toBeNull();
  });

  it('an edit on the same page after the goal may undo it: nowhere else to judge', () => {
    const g = new GoalAfter(false, pageOf, new Map(), new Set(['list']));
    g.acted(tap, taken('edge', edge('n1', 'n2', tap, true)), new Set(['n2']));
    g.acted(tap, taken('edge', edge('n2', 'n1', tap)), null);
    expect(g.doneNodes(new Set(['n1']))).toBeNull();
  });

  it('a recorded way off the page pressed from another state of it, and a recorded choice on a page no goal is taken on, keep it', () => {
    const g = new GoalAfter(false, pageOf, new Map(), new Set(['list']));
    g.acted(tap, taken('edge', edge('n1', 'n2', tap, true)), new Set(['n2']));
    g.acted(tap, taken('page-exit', edge('n1', 'n3', tap)), null);
    g.acted(tap, taken('back'), null);
    g.acted(tap, taken('edge', edge('n4', 'n5', tap)), null);
    expect(g.doneNodes(new Set(['n5']))?.nodes).toEqual(new Set(['n2']));
  });

  it('a task that only looks: its look stands after moves that cannot act, as an act does, wherever the path ends', () => {
    const g = new GoalAfter(true, pageOf, new Map(), new Set(['list']));
    g.acted(tap, taken('edge', edge('n1', 'n3', tap, true)), new Set(['n3']));
    g.acted(tap, taken('back'), null);
    expect(g.doneNodes(new Set(['n1']))?.nodes).toEqual(new Set(['n3']));
    expect(g.doneNodes(new Set(['n3']))?.after).toMatch(/came back to it/);
    g.acted(tap, taken('excursion'), null);
    expect(g.doneNodes(new Set(['n1']))).toBeNull();
  });

  it("another task's page opened ahead keeps the goal; pressing anything there does not", () => {
    const g = new GoalAfter(false, pageOf, new Map(), new Set(['list']));
    g.acted(tap, taken('edge', edge('n1', 'n3', tap, true)), new Set(['n3']));
    g.acted(tap, taken('app-page'), null, true);
    expect(g.doneNodes(new Set())?.nodes).toEqual(new Set(['n3']));
    g.acted(tap, taken('app-page'), null, false);
    expect(g.doneNodes(new Set())).toBeNull();
  });

  it('a look may be taken again from the page Back returned to, or from a page no look was taken on', () => {
    const g = new GoalAfter(true, pageOf, new Map(), new Set(['list']));
    g.goalTaken('n1-n3', 'list');
    expect(g.mayLookAgain('n1-n3', 'list')).toBe(false);
    // Another demonstration's route to the look, from another page (the trip's card, then its row under 订单).
    expect(g.mayLookAgain('n4-n5', 'orders')).toBe(true);
    g.moved(back, taken('back'), 'list');
    expect(g.mayLookAgain('n1-n3', 'list')).toBe(true);
    g.moved(tap, taken('edge', edge('n1', 'n2', tap)), 'list');
    // The page a look was taken on, opened afresh: the look may have reordered it.
    expect(g.mayLookAgain('n1-n3', 'list')).toBe(false);
    expect(g.mayLookAgain('n4-n5', 'orders')).toBe(true);
    g.goalTaken('n4-n5', 'orders');
    g.moved(tap, taken('edge', edge('n1', 'n2', tap)), 'list');
    expect(g.mayLookAgain('n4-n5', 'orders')).toBe(false);
    const acts = new GoalAfter(false, pageOf, new Map(), new Set(['list']));
    acts.goalTaken('n1-n3', 'list');
    acts.moved(back, taken('back'), 'list');
    expect(acts.mayLookAgain('n1-n3', 'list')).toBe(false);
    expect(acts.mayLookAgain('n4-n5', 'orders')).toBe(false);
  });

  it('text typed after the goal into the box a goal action sent is a new text nothing sent: the goal stands, judged by what went out', () => {
    const box = 'list§text|EditText|box';
    const typing = {
      ...edge('n1', 'n1', { type: 'Type', text: '周日我回去' }),
      effects: [{ key: box, kind: 'text', value: '周日我回去', label: '短信' }],
    } as unknown as GraphEdge;
    const records = () => ({ dropped: new Map([[box, '周日我回去']]), kept: new Map([[box, '周六周日我回去']]) });
    const sends = new GoalAfter(false, pageOf, new Map(), new Set(['list']), new Set([box]));
    sends.acted(tap, taken('edge', edge('n1', 'n2', tap, true)), new Set(['n2']), false, records);
    // Judged before anything was typed since: nothing laid over the record.
    expect(sends.doneNodes(new Set())?.sent.dropped).toEqual(new Map());
    sends.acted({ type: 'Type', text: '好的' }, taken('retyped', typing), null);
    expect(sends.doneNodes(new Set())?.nodes).toEqual(new Set(['n2']));
    expect(sends.doneNodes(new Set())?.sent).toEqual({ dropped: new Map([[box, '周日我回去']]), kept: new Map([[box, '周六周日我回去']]) });
    // A field no goal action sends (a form's field, committed by a way off its page): typing there may act.
    const form = new GoalAfter(false, pageOf, new Map(), new Set(['list']), new Set());
    form.acted(tap, taken('edge', edge('n1', 'n2', tap, true)), new Set(['n2']), false, records);
    form.acted({ type: 'Type', text: '好的' }, taken('retyped', typing), null);
    expect(form.doneNodes(new Set())).toBeNull();
  });

  it('a recorded tap that focused a field after the goal sets nothing and keeps it; a recorded tap that set something there does not', () => {
    const field = { ...edge('n2', 'n2', tap), target: { className: 'android.widget.EditText', text: '短信' } } as unknown as GraphEdge;
    const g = new GoalAfter(false, pageOf, new Map(), new Set(['list']));
    g.acted(tap, taken('edge', edge('n1', 'n2', tap, true)), new Set(['n2']));
    g.acted(tap, taken('edge', field), null);
    expect(g.doneNodes(new Set(['n2']))?.nodes).toEqual(new Set(['n2']));
    const setting = {
      ...field,
      effects: [{ key: 'list§text|EditText|box', kind: 'text', value: '', label: '短信' }],
    } as unknown as GraphEdge;
    g.acted(tap, taken('edge', setting), null);
    expect(g.doneNodes(new Set(['n2']))).toBeNull();
  });
});
