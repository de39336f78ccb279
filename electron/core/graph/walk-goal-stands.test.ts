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
});
