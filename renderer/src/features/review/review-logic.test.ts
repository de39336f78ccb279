import { describe, expect, it } from 'vitest';
import type { ReviewTaskRow } from '../../../../shared/domain/review.js';
import { describeAction, describeMatch } from './describe-action.js';
import { effectiveSuccess, filterRows, LABELLED, NO_FILTERS, optionsOf, UNLABELLED } from '../../store/slices/review-filters.js';
import { windowRange } from './use-window.js';

const row = (over: Partial<ReviewTaskRow>): ReviewTaskRow => ({
  taskId: 't1',
  agent: 'a',
  mode: 'online',
  success: false,
  exit: 'finished',
  steps: 3,
  instruction: 'x',
  translation: null,
  lang: 'zh',
  app: 'Settings',
  semantic: 'Clear and Explicit',
  syntactic: 'Canonical',
  scenario: 'System Settings',
  judgePass: false,
  label: null,
  ...over,
});

describe('review filters', () => {
  const rows = [
    row({ taskId: 't1' }),
    row({ taskId: 't2', agent: 'b', success: true, judgePass: true, label: { failureCategory: null, humanVerdict: 'failure', notes: '' } }),
    row({
      taskId: 't3',
      mode: 'offline',
      app: 'Clock',
      label: { failureCategory: 'Environment Awareness', humanVerdict: null, notes: '' },
    }),
    row({ taskId: 't4', success: true, exit: 'finished', scenario: 'Travel' }),
  ];
  const ids = (f: Partial<typeof NO_FILTERS>) => filterRows(rows, { ...NO_FILTERS, ...f }).map((r) => r.taskId);

  it('filters on every column, combining them', () => {
    expect(ids({})).toEqual(['t1', 't2', 't3', 't4']);
    expect(ids({ agent: 'b' })).toEqual(['t2']);
    expect(ids({ mode: 'offline' })).toEqual(['t3']);
    expect(ids({ app: 'Clock' })).toEqual(['t3']);
    expect(ids({ scenario: 'Travel' })).toEqual(['t4']);
    expect(ids({ agent: 'a', mode: 'online' })).toEqual(['t1', 't4']);
  });

  it('uses the human verdict over the automatic one for success', () => {
    expect(effectiveSuccess(rows[1]!)).toBe(false);
    expect(ids({ success: 'failure' })).toEqual(['t1', 't2', 't3']);
    expect(ids({ success: 'success' })).toEqual(['t4']);
  });

  it("keeps results the run could not score apart from the agent's failures", () => {
    const mixed = [
      ...rows,
      row({ taskId: 't5', exit: 'infra_error', status: 'unresolved' }),
      row({ taskId: 't6', exit: 'invalid_task', status: 'invalid' }),
    ];
    const pick = (success: typeof NO_FILTERS.success) => filterRows(mixed, { ...NO_FILTERS, success }).map((r) => r.taskId);
    expect(pick('failure')).toEqual(['t1', 't2', 't3']);
    expect(pick('unresolved')).toEqual(['t5']);
    expect(pick('invalid')).toEqual(['t6']);
    expect(pick('')).toHaveLength(6);
  });

  it('filters on labels: none, any, or one category', () => {
    expect(ids({ label: UNLABELLED })).toEqual(['t1', 't4']);
    expect(ids({ label: LABELLED })).toEqual(['t2', 't3']);
    expect(ids({ label: 'Environment Awareness' })).toEqual(['t3']);
  });

  it("offers each column's distinct values", () => {
    expect(optionsOf(rows, 'agent')).toEqual(['a', 'b']);
    expect(optionsOf(rows, 'scenario')).toEqual(['System Settings', 'Travel']);
  });
});

describe('action and match descriptions', () => {
  it('reads actions in canonical coordinates', () => {
    expect(describeAction({ type: 'Tap', at: { x: 120.4, y: 880 } })).toBe('Tap (120, 880)');
    expect(describeAction({ type: 'Swipe', from: { x: 500, y: 800 }, to: { x: 500, y: 200 } })).toBe('Swipe up: (500, 800) → (500, 200)');
    expect(describeAction({ type: 'Finish', status: 'failure', message: 'cannot find it' })).toBe('Finish (failure): cannot find it');
    expect(describeAction({ type: 'Type', text: 'hello', submit: true })).toBe('Type "hello" and submit');
    expect(describeAction(null)).toBe('Final screen (DONE)');
  });

  it('says which edge matched, or how far off the graph the action was', () => {
    expect(describeMatch({ match: { matched: true, edge: 'e3', to: 'n4' } })).toBe('Matched edge e3 → node n4');
    expect(describeMatch({ match: { matched: false, reason: 'too far', distancePx: 181.6, nearestEdge: 'e1', similarity: null } })).toBe(
      'Off the graph (too far), 182 px from the nearest edge e1',
    );
    expect(describeMatch({ foreground: 'x' })).toBeNull();
    // The screen shown was another task's recording of the page (the walk looked there): the reviewer is told whose.
    expect(describeMatch({ match: { matched: true, how: 'app-page' }, view: 'app-page', recordedBy: 'messages-party-day' })).toBe(
      "Taken without an edge (app-page) (shown: the page messages-party-day's demonstrations recorded)",
    );
  });
});

describe('list windowing', () => {
  it('renders only the rows in view plus overscan', () => {
    expect(windowRange(10_000, 50, 0, 500, 5)).toEqual([0, 15]);
    expect(windowRange(10_000, 50, 250_000, 500, 5)).toEqual([4995, 5015]);
    expect(windowRange(10_000, 50, 499_500, 500, 5)).toEqual([9985, 10_000]);
    expect(windowRange(3, 50, 0, 500, 5)).toEqual([0, 3]);
  });
});
