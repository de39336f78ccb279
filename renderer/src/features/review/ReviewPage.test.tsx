import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewSummary, ReviewTaskRow } from '../../../../shared/domain/review.js';
import { useAppStore } from '../../store/app-store.js';
import { fake } from '../../test/fake-api.js';
import { report, reviewRow, reviewStep, runRow, trajectory } from '../../test/fixtures.js';
import { freshApp } from '../../test/render-app.js';
import { ReviewPage } from './ReviewPage.js';

vi.mock('../../platform/api.js', () => import('../../test/platform-mock.js'));

const ROWS: ReviewTaskRow[] = [
  reviewRow('call-daughter', { steps: 3 }),
  reviewRow('font-bigger', { steps: 2, success: true, exit: 'finished' }),
];
const summary = (n: number): ReviewSummary => ({
  failures: report('r1').tables[0]!,
  judgeAgreement: { n, agreement: n ? 1 : null, kappa: null },
});
/** The first task's agent asked its user once, at step 2. */
const asking = trajectory('r1', ROWS[0]!, 3, {
  steps: [
    reviewStep(0),
    reviewStep(1, {
      action: { type: 'AskUser', message: 'Who is she?' },
      details: { user: { question: 'Who is she?', answer: 'My daughter Liu Fang', source: 'scripted' } },
    }),
    reviewStep(2),
  ],
});

const press = (key: string, target: Element | Window = window): void => {
  act(() => {
    fireEvent.keyDown(target, { key });
  });
};
const counter = () => screen.getByTestId('step-counter').textContent;

describe('the Review screen', () => {
  beforeEach(() =>
    freshApp([[runRow('r1')]], () => {
      fake.answer('review', 'tasks', () => ROWS);
      fake.answer('review', 'summary', () => summary(0));
      fake.answer('runs', 'charts', () => []);
      fake.answer('review', 'trajectory', (k) => (k.taskId === 'call-daughter' ? asking : trajectory('r1', ROWS[1]!)));
    }),
  );
  afterEach(cleanup);

  it('opens the run with results and pages tasks with ↑/↓ and steps with ←/→', async () => {
    render(<ReviewPage />);
    await screen.findByText('2 of 2 result(s)');
    expect(screen.getByText(/Choose a result on the left/)).toBeTruthy();
    press('ArrowDown');
    await screen.findByTestId('trajectory');
    expect(counter()).toBe('Step 1 of 3');
    press('ArrowRight');
    press('ArrowRight');
    expect(counter()).toBe('Step 3 of 3');
    press('ArrowRight');
    expect(counter()).toBe('Step 3 of 3');
    press('ArrowLeft');
    expect(counter()).toBe('Step 2 of 3');
    expect(screen.getByTestId('step-action').textContent).toContain('Who is she?');
    press('ArrowDown');
    await vi.waitFor(() => expect(counter()).toBe('Step 1 of 2'));
    expect(screen.getByRole('heading', { level: 2, name: /font-bigger/ })).toBeTruthy();
    const selected = within(screen.getByTestId('review-tasks')).getByRole('option', { selected: true });
    expect(selected.textContent).toContain('font-bigger');
    press('ArrowUp');
    await vi.waitFor(() => expect(counter()).toBe('Step 1 of 3'));
  });

  it('takes ↓ on a focused filter as the next result, not as another filter value', async () => {
    render(<ReviewPage />);
    await screen.findByText('2 of 2 result(s)');
    const agent = screen.getByTestId('filter-agent') as HTMLSelectElement;
    agent.focus();
    const before = agent.value;
    let prevented = false;
    act(() => {
      prevented = !fireEvent.keyDown(agent, { key: 'ArrowDown' });
    });
    expect(prevented).toBe(true); // the browser does not step the select
    expect(agent.value).toBe(before);
    await screen.findByTestId('trajectory');
    expect(counter()).toBe('Step 1 of 3');
  });

  it('leaves the arrow keys to a text field while typing in it, and to the browser with a modifier', async () => {
    render(<ReviewPage />);
    await screen.findByText('2 of 2 result(s)');
    press('ArrowDown');
    await screen.findByTestId('trajectory');
    press('ArrowRight', screen.getByTestId('label-notes'));
    expect(counter()).toBe('Step 1 of 3');
    act(() => {
      fireEvent.keyDown(window, { key: 'ArrowRight', altKey: true });
    });
    expect(counter()).toBe('Step 1 of 3');
  });

  it('shows the conversation, and a question takes the viewer to its step', async () => {
    render(<ReviewPage />);
    await screen.findByText('2 of 2 result(s)');
    press('ArrowDown');
    const conversation = await screen.findByTestId('review-conversation');
    expect(conversation.textContent).toContain('Older adult (scripted): My daughter Liu Fang');
    fireEvent.click(within(conversation).getByRole('button', { name: /Go to step 2/ }));
    expect(counter()).toBe('Step 2 of 3');
  });

  it("overrides the automatic verdict: saved, shown on the task's row, and the summary redrawn", async () => {
    fake.answer('review', 'label', () => null);
    render(<ReviewPage />);
    await screen.findByText('2 of 2 result(s)');
    press('ArrowDown');
    await screen.findByTestId('label-form');
    expect(screen.getByText(/the automatic one says: failure/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('verdict-success'));
    fireEvent.change(screen.getByLabelText('Failure category'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'the call did go through' } });
    fake.answer('review', 'summary', () => summary(1));
    await act(async () => fireEvent.click(screen.getByTestId('label-save')));
    expect(fake.calls('review', 'label')[0]?.[0]).toEqual({
      runId: 'r1',
      taskId: 'call-daughter',
      agent: 'replay',
      mode: 'offline',
      failureCategory: null,
      humanVerdict: 'success',
      notes: 'the call did go through',
    });
    const row = within(screen.getByTestId('review-tasks')).getByRole('option', { selected: true });
    expect(row.textContent).toContain('✓ Success');
    expect(row.textContent).toContain('reviewed: success');
    expect(fake.calls('review', 'summary')).toHaveLength(2);
    expect(useAppStore.getState().notice?.text).toBe('Label saved for call-daughter · replay');
  });

  it('filters the list and says how many results are shown', async () => {
    render(<ReviewPage />);
    await screen.findByText('2 of 2 result(s)');
    const select = screen.getByLabelText(/^Result/) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'success' } });
    expect(screen.getByTestId('review-count').textContent).toBe('1 of 2 result(s)');
    expect(screen.getAllByTestId('review-task').map((r) => r.dataset.key)).toEqual(['font-bigger|replay|offline']);
  });

  it('marks an infrastructure failure as unresolved and an invalid task as outside N, not as the agent failing', async () => {
    fake.answer('review', 'tasks', () => [
      reviewRow('call-daughter', { exit: 'infra_error', status: 'unresolved' }),
      reviewRow('font-bigger', { exit: 'invalid_task', status: 'invalid', mode: 'online' }),
      reviewRow('font-smaller', { exit: 'off_graph', status: 'failure' }),
    ]);
    render(<ReviewPage />);
    await screen.findByText('3 of 3 result(s)');
    const rows = screen.getAllByTestId('review-task').map((r) => r.textContent ?? '');
    expect(rows[0]).toContain('⚠ Unresolved');
    expect(rows[0]).not.toContain('✗ Failed');
    expect(rows[1]).toContain('⊘ Invalid (not in N)');
    expect(rows[2]).toContain('✗ Failed');
  });
});
