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

  it('a look may be taken again only from the page Back returned to, with nothing else moved', () => {
    const g = new GoalAfter(true, pageOf, new Map(), new Set(['list']));
    g.goalTaken('n1-n3', 'list');
    expect(g.lookAgain).toBeNull();
    g.moved(back, taken('back'), 'list');
    expect(g.lookAgain).toBe('n1-n3');
    g.moved(tap, taken('edge', edge('n1', 'n2', tap)), 'list');
    expect(g.lookAgain).toBeNull();
    const acts = new GoalAfter(false, pageOf, new Map(), new Set(['list']));
    acts.goalTaken('n1-n3', 'list');
    acts.moved(back, taken('back'), 'list');
    expect(acts.lookAgain).toBeNull();
  });
});
