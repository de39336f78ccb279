import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewSummary, ReviewTaskRow } from '../../../../shared/domain/review.js';
import { NO_FILTERS } from './review-filters.js';
import { createFakeApi } from '../../test/fake-api.js';
import { answerInit, report, reviewRow, runRow, trajectory } from '../../test/fixtures.js';
import { createAppStore } from '../app-store.js';
import { reviewSelectedIndex } from './review-slice.js';

const fake = createFakeApi();
let store: ReturnType<typeof createAppStore>;
const summary = (n: number): ReviewSummary => ({ failures: report('r').tables[0]!, judgeAgreement: { n, agreement: null, kappa: null } });
const ROWS: ReviewTaskRow[] = [
  reviewRow('a', { steps: 3 }),
  reviewRow('b', { steps: 5, success: true, exit: 'finished' }),
  reviewRow('c', { steps: 2, agent: 'other' }),
];

/** A store after `init()` whose workspace has an empty run and `r1` with the three rows above. */
async function opened(): Promise<void> {
  answerInit(fake, [runRow('r0', { results: 0 }), runRow('r1')]);
  fake.answer('review', 'tasks', () => ROWS);
  fake.answer('review', 'summary', () => summary(0));
  fake.answer('review', 'trajectory', (k) =>
    trajectory(
      k.runId,
      ROWS.find((r) => r.taskId === k.taskId)!,
    ),
  );
  fake.answer('runs', 'charts', () => [{ id: 'run-exits', title: 'Exits', svg: '<svg/>', description: 'd' }]);
  await store.getState().init();
  await store.getState().reviewOpened();
}
const state = () => store.getState();
const shownTask = () => state().reviewTrajectory?.key.taskId;

describe('the review slice', () => {
  beforeEach(() => {
    fake.reset();
    store = createAppStore(fake.api);
  });

  it('opens the first run that has results, with its rows, summary and exit chart', async () => {
    await opened();
    expect(state().reviewRunId).toBe('r1');
    expect(state().reviewRows).toEqual(ROWS);
    expect(state().reviewVisible).toEqual(ROWS);
    expect(state().reviewSummary?.judgeAgreement.n).toBe(0);
    expect(state().reviewExitChart?.chart?.id).toBe('run-exits');
    expect(fake.calls('review', 'tasks')).toEqual([[{ runId: 'r1' }]]);
  });

  it('moves between tasks and steps within bounds, each task opening at its first step', async () => {
    await opened();
    state().moveReviewTask(1); // nothing chosen yet: the first
    await vi.waitFor(() => expect(shownTask()).toBe('a'));
    state().moveReviewStep(1);
    state().moveReviewStep(1);
    state().moveReviewStep(1);
    expect(state().reviewStep).toBe(2); // a has three steps
    state().moveReviewStep(-5);
    expect(state().reviewStep).toBe(0);
    state().moveReviewStep(2);
    state().moveReviewTask(1);
    await vi.waitFor(() => expect(shownTask()).toBe('b'));
    expect(state().reviewStep).toBe(0);
    state().moveReviewTask(5);
    await vi.waitFor(() => expect(shownTask()).toBe('c'));
    state().moveReviewTask(-1);
    await vi.waitFor(() => expect(shownTask()).toBe('b'));
    expect(fake.calls('review', 'trajectory').map(([k]) => k.taskId)).toEqual(['a', 'b', 'c', 'b']);
  });

  it('shows the task chosen last when an earlier trajectory answers late', async () => {
    await opened();
    let release: (() => void) | undefined;
    fake.answer('review', 'trajectory', (k) => {
      const t = trajectory(
        k.runId,
        ROWS.find((r) => r.taskId === k.taskId)!,
      );
      return k.taskId === 'a' ? new Promise((ok) => (release = () => ok(t))) : t;
    });
    state().selectReviewIndex(0);
    state().selectReviewIndex(1);
    await vi.waitFor(() => expect(shownTask()).toBe('b'));
    release?.();
    // A macrotask runs after every promise continuation queued by the late answer.
    await new Promise((done) => setTimeout(done, 0));
    expect(shownTask()).toBe('b');
  });

  it('filters the rows; a chosen row filtered out is no longer selected, and ↓ then takes the first shown', async () => {
    await opened();
    state().selectReviewIndex(2);
    await vi.waitFor(() => expect(shownTask()).toBe('c'));
    state().setReviewFilters({ ...NO_FILTERS, agent: 'replay' });
    expect(state().reviewVisible.map((r) => r.taskId)).toEqual(['a', 'b']);
    expect(reviewSelectedIndex(state())).toBe(-1);
    state().moveReviewTask(1);
    await vi.waitFor(() => expect(shownTask()).toBe('a'));
    state().setReviewFilters({ ...NO_FILTERS, success: 'success' });
    expect(state().reviewVisible.map((r) => r.taskId)).toEqual(['b']);
  });

  it('saves a label with a verdict override: the row, the open result and the summary follow', async () => {
    await opened();
    state().selectReviewIndex(0);
    await vi.waitFor(() => expect(shownTask()).toBe('a'));
    fake.answer('review', 'label', () => null);
    fake.answer('review', 'summary', () => summary(1));
    const label = { failureCategory: null, humanVerdict: 'success' as const, notes: 'it did reach the goal' };
    await state().saveReviewLabel(label);
    expect(fake.calls('review', 'label')[0]?.[0]).toEqual({ runId: 'r1', taskId: 'a', agent: 'replay', mode: 'offline', ...label });
    expect(state().reviewRows[0]?.label).toEqual(label);
    expect(state().reviewTrajectory?.row.label).toEqual(label);
    expect(state().reviewSummary?.judgeAgreement.n).toBe(1);
    // The override counts as success for the filter too.
    state().setReviewFilters({ ...NO_FILTERS, success: 'success' });
    expect(state().reviewVisible.map((r) => r.taskId)).toEqual(['a', 'b']);
    expect(state().reviewSaving).toBe(false);
  });

  it('keeps the rows as they were when the backend refuses a label, and says so', async () => {
    await opened();
    state().selectReviewIndex(0);
    await vi.waitFor(() => expect(shownTask()).toBe('a'));
    fake.answer('review', 'label', () => {
      throw new Error('the workspace is read-only');
    });
    await state().saveReviewLabel({ failureCategory: 'Planning/State Tracking', humanVerdict: null, notes: '' });
    expect(state().reviewRows[0]?.label).toBeNull();
    expect(state().notice).toEqual({ text: 'Could not save the label: the workspace is read-only', kind: 'error' });
  });

  it('reloads the open run when runs change in the database, and switching runs starts clean', async () => {
    await opened();
    state().selectReviewIndex(1);
    await vi.waitFor(() => expect(shownTask()).toBe('b'));
    fake.answer('review', 'tasks', () => [ROWS[0]!]);
    fake.emit('system', 'onDataChanged', { table: 'runs' });
    await vi.waitFor(() => expect(state().reviewRows).toHaveLength(1));
    fake.answer('review', 'tasks', ({ runId }) => (runId === 'r0' ? [] : ROWS));
    await state().openReviewRun('r0');
    expect(state().reviewRunId).toBe('r0');
    expect(state().reviewTrajectory).toBeNull();
    expect(state().reviewSelectedKey).toBeNull();
    expect(state().reviewRows).toEqual([]);
  });

  it('compares with a second run and drops the comparison when that choice is cleared', async () => {
    await opened();
    fake.answer('review', 'compare', ({ runA, runB }) => [
      { taskId: 'a', agent: 'replay', mode: 'offline', a: runA === 'r1', b: runB === 'r1' },
    ]);
    await state().compareReviewWith('r0');
    expect(fake.calls('review', 'compare')[0]?.[0]).toEqual({ runA: 'r1', runB: 'r0' });
    expect(state().reviewComparison).toEqual([{ taskId: 'a', agent: 'replay', mode: 'offline', a: true, b: false }]);
    await state().compareReviewWith(null);
    expect(state().reviewComparison).toBeNull();
  });

  it('opens a run chosen on the overview', async () => {
    await opened();
    fake.answer('review', 'tasks', () => []);
    state().focusRun('r0', 'review');
    await vi.waitFor(() => expect(state().reviewRunId).toBe('r0'));
  });
});
