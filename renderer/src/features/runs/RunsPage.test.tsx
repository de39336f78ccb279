import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fake } from '../../test/fake-api.js';
import { progress, report, runRow, task } from '../../test/fixtures.js';
import { freshApp } from '../../test/render-app.js';
import { RunsPage } from './RunsPage.js';

vi.mock('../../platform/api.js', () => import('../../test/platform-mock.js'));

const AGENTS = [
  { name: 'replay', adapter: 'replay', description: 'oracle', ready: true, problem: null, approval: null },
  { name: 'sim', adapter: 'openai', description: 'plays the user', ready: true, problem: null, approval: null },
  {
    name: 'far',
    adapter: 'openai',
    description: '',
    ready: false,
    problem: 'needs your approval',
    approval: { variable: 'KEY', origin: 'https://example.org' },
  },
];

describe('the Runs screen', () => {
  beforeEach(() =>
    freshApp([[runRow('r1', { status: 'running', active: true, results: 0 })], [task('t1'), task('t2', { mode: 'online' })]], () => {
      fake.answer('runs', 'agents', () => AGENTS);
      fake.answer('devices', 'list', () => ({ server: '127.0.0.1:5037', reachable: true, problem: null, devices: [] }));
      fake.answer('runs', 'report', ({ runId }) => report(runId));
      fake.answer('runs', 'charts', () => []);
    }),
  );
  afterEach(cleanup);

  it('labels every control of the New run form, including who answers and the variant', async () => {
    render(<RunsPage />);
    await screen.findByTestId('agent-sim');
    for (const name of ['Mode', 'Judge (online)', "Who answers the agent's questions", 'Robustness variant (online)']) {
      expect(screen.getByLabelText(name).tagName).toBe('SELECT');
    }
    expect(screen.queryByLabelText('Simulator agent')).toBeNull();
    expect((screen.getByTestId('agent-far') as HTMLInputElement).disabled).toBe(true);
  });

  it('starts a run with a simulated older adult and a variant; it cannot start until the simulator is chosen', async () => {
    fake.answer('runs', 'start', () => ({ runId: 'r2' }));
    render(<RunsPage />);
    await screen.findByTestId('agent-sim');
    fireEvent.click(screen.getByTestId('select-visible'));
    fireEvent.change(screen.getByLabelText("Who answers the agent's questions"), { target: { value: 'simulated' } });
    const start = screen.getByTestId('run-start') as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    expect(screen.getByTestId('run-needs-simulator').textContent).toContain('Choose the simulator agent');
    const simulator = screen.getByLabelText('Simulator agent');
    expect(within(simulator).queryByText('replay')).toBeNull(); // the oracle cannot play a person
    fireEvent.change(simulator, { target: { value: 'sim' } });
    fireEvent.change(screen.getByLabelText('Robustness variant (online)'), { target: { value: 'high-contrast' } });
    expect(start.disabled).toBe(false);
    await act(async () => fireEvent.click(start));
    expect(fake.calls('runs', 'start')[0]?.[0]).toEqual({
      mode: 'both',
      agents: ['replay'],
      taskIds: ['t1', 't2'],
      devices: [],
      judge: 'rule',
      user: 'simulated',
      userAgent: 'sim',
      variant: 'high-contrast',
    });
  });

  it('sends no variant and no simulator for a plain run', async () => {
    fake.answer('runs', 'start', () => ({ runId: 'r2' }));
    render(<RunsPage />);
    await screen.findByTestId('agent-sim');
    fireEvent.click(screen.getByTestId('select-visible'));
    fireEvent.change(screen.getByLabelText("Who answers the agent's questions"), { target: { value: 'scripted' } });
    await act(async () => fireEvent.click(screen.getByTestId('run-start')));
    const input = fake.calls('runs', 'start')[0]?.[0];
    expect(input).toMatchObject({ user: 'scripted' });
    expect(input).not.toHaveProperty('variant');
    expect(input).not.toHaveProperty('userAgent');
  });

  it('follows a run from its progress events: count, last result, results so far, and tables redrawn at the end', async () => {
    render(<RunsPage />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'r1' })));
    await screen.findByTestId('table-table2-results');
    act(() =>
      fake.emit(
        'runs',
        'onProgress',
        progress('r1', { done: 1, last: { taskId: 't1', agent: 'replay', mode: 'offline', success: false, exit: 'off_graph' } }),
      ),
    );
    expect(screen.getByTestId('run-progress').textContent).toBe('1/3');
    expect(screen.getByTestId('run-last').textContent).toBe('Last result: t1 · replay · offline: ✗ off_graph');
    expect(screen.getByTestId('run-results-r1').textContent).toBe('1');
    expect(screen.getByTestId('run-report-stale').textContent).toContain('Results so far: 1, 0 successful');
    expect(screen.getByTestId('run-detail').dataset.report).toBe('stale');
    expect(fake.calls('runs', 'report')).toHaveLength(1);

    fake.answer('runs', 'report', ({ runId }) =>
      report(runId, {
        tables: [
          {
            id: 'table2-results',
            title: 'Table 2 final',
            columns: [{ key: 'agent', header: 'Agent' }],
            rows: [{ agent: 'replay' }],
            notes: [],
          },
        ],
      }),
    );
    act(() => fake.emit('runs', 'onProgress', progress('r1', { done: 3, ended: { status: 'finished', error: null } })));
    expect(screen.getByTestId('run-status-r1').textContent).toBe('finished');
    await screen.findByText('Table 2 final');
    expect(screen.getByTestId('run-detail').dataset.report).toBe('current');
    expect(screen.queryByTestId('run-report-stale')).toBeNull();
  });

  it('redraws the tables on request while the run goes on', async () => {
    render(<RunsPage />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'r1' })));
    act(() =>
      fake.emit(
        'runs',
        'onProgress',
        progress('r1', { done: 1, last: { taskId: 't1', agent: 'replay', mode: 'offline', success: true, exit: 'finished' } }),
      ),
    );
    await act(async () => fireEvent.click(screen.getByTestId('run-report-refresh')));
    expect(fake.calls('runs', 'report')).toHaveLength(2);
    expect(screen.getByTestId('run-detail').dataset.report).toBe('current');
  });

  it('offers to leave unresolved results out only when there are some, and redraws the tables that way', async () => {
    render(<RunsPage />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'r1' })));
    await screen.findByTestId('table-table2-results');
    expect(screen.queryByTestId('run-exclude-unresolved')).toBeNull();

    fake.answer('runs', 'report', ({ runId, excludeUnresolved }) =>
      report(runId, { unresolved: 2, excludeUnresolved: excludeUnresolved === true }),
    );
    act(() => fake.emit('runs', 'onProgress', progress('r1', { done: 3, ended: { status: 'finished', error: null } })));
    const box = (await screen.findByTestId('run-exclude-unresolved')) as HTMLInputElement;
    expect(screen.getByTestId('run-exclude-unresolved-label').textContent).toContain('2 unresolved results out of SR');
    expect(box.checked).toBe(false);
    await act(async () => fireEvent.click(box));
    expect(fake.calls('runs', 'report').at(-1)?.[0]).toEqual({ runId: 'r1', excludeUnresolved: true });
    expect(box.checked).toBe(true);
  });
});
