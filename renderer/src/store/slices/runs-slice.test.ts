import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi } from '../../test/fake-api.js';
import { answerInit, progress, report, runRow } from '../../test/fixtures.js';
import { createAppStore } from '../app-store.js';

const fake = createFakeApi();
let store: ReturnType<typeof createAppStore>;

/** A store after `init()`, listening to the fake backend's events, with the run `r1` open on the Runs screen. */
async function withOpenRun(r1 = runRow('r1', { status: 'running', active: true, results: 0 })): Promise<void> {
  answerInit(fake, [r1, runRow('r0')]);
  fake.answer('runs', 'report', ({ runId }) => report(runId));
  fake.answer('runs', 'charts', () => []);
  await store.getState().init();
  await store.getState().selectRun('r1');
}

describe('the runs slice', () => {
  beforeEach(() => {
    fake.reset();
    store = createAppStore(fake.api);
  });

  it('lists the runs once for every screen that shows them', async () => {
    await withOpenRun();
    expect(fake.calls('runs', 'list')).toHaveLength(1);
    expect(store.getState().runs.map((r) => r.id)).toEqual(['r1', 'r0']);
    // The Review screen reads the same list instead of fetching its own.
    fake.answer('review', 'tasks', () => []);
    fake.answer('review', 'summary', () => ({ failures: report('r1').tables[0]!, judgeAgreement: { n: 0, agreement: null, kappa: null } }));
    await store.getState().reviewOpened();
    expect(fake.calls('runs', 'list')).toHaveLength(1);
  });

  it("patches progress, the list row and the report's outcomes from progress events without re-fetching the report", async () => {
    await withOpenRun();
    expect(fake.calls('runs', 'report')).toHaveLength(1);
    for (let done = 1; done <= 3; done++) {
      fake.emit(
        'runs',
        'onProgress',
        progress('r1', {
          done,
          last: { taskId: `t${done}`, agent: 'replay', mode: 'offline', success: done !== 2, exit: done === 2 ? 'off_graph' : 'finished' },
        }),
      );
    }
    const s = store.getState();
    expect(fake.calls('runs', 'report')).toHaveLength(1);
    expect(fake.calls('runs', 'list')).toHaveLength(1);
    expect(s.runProgress.r1?.done).toBe(3);
    expect(s.runs.find((r) => r.id === 'r1')).toMatchObject({ results: 3, status: 'running', active: true });
    expect(s.runReport?.outcomes.map((o) => [o.taskId, o.success, o.exit])).toEqual([
      ['t1', true, 'finished'],
      ['t2', false, 'off_graph'],
      ['t3', true, 'finished'],
    ]);
    expect(s.runReportStale).toBe(true);
    // The same result reported again (a resumed task) replaces its row instead of adding one.
    fake.emit(
      'runs',
      'onProgress',
      progress('r1', { done: 3, last: { taskId: 't2', agent: 'replay', mode: 'offline', success: true, exit: 'finished' } }),
    );
    expect(store.getState().runReport?.outcomes).toHaveLength(3);
    expect(store.getState().runReport?.outcomes[1]?.success).toBe(true);
  });

  it('redraws the report and the charts once when the open run ends', async () => {
    await withOpenRun();
    fake.answer('runs', 'report', ({ runId }) =>
      report(runId, {
        status: 'finished',
        outcomes: [{ taskId: 't1', agent: 'replay', mode: 'offline', success: true, exit: 'finished', steps: 4 }],
      }),
    );
    fake.emit('runs', 'onProgress', progress('r1', { done: 3, ended: { status: 'finished', error: null } }));
    expect(store.getState().runs.find((r) => r.id === 'r1')).toMatchObject({ status: 'finished', active: false });
    expect(store.getState().runReportStale).toBe(true);
    await vi.waitFor(() => expect(store.getState().runReportStale).toBe(false));
    expect(fake.calls('runs', 'report')).toHaveLength(2);
    expect(fake.calls('runs', 'charts')).toHaveLength(2);
    expect(store.getState().runReport?.status).toBe('finished');
  });

  it('ignores progress of other runs for the open report, and lists once for a run it has not heard of', async () => {
    await withOpenRun();
    fake.emit(
      'runs',
      'onProgress',
      progress('r0', { done: 1, last: { taskId: 'x', agent: 'replay', mode: 'offline', success: true, exit: 'finished' } }),
    );
    expect(store.getState().runReport?.outcomes).toEqual([]);
    expect(store.getState().runReportStale).toBe(false);
    fake.emit('runs', 'onProgress', progress('elsewhere'));
    fake.emit('runs', 'onProgress', progress('elsewhere', { done: 1 }));
    await vi.waitFor(() => expect(fake.calls('runs', 'list')).toHaveLength(2));
    expect(store.getState().runProgress.elsewhere?.done).toBe(1);
  });

  it('starts a run with who answers questions and the variant, and opens it', async () => {
    await withOpenRun();
    fake.answer('runs', 'start', () => ({ runId: 'r2' }));
    const id = await store
      .getState()
      .startRun({ mode: 'online', agents: ['replay'], taskIds: ['t1'], user: 'simulated', userAgent: 'sim', variant: 'dark' });
    expect(id).toBe('r2');
    expect(fake.calls('runs', 'start')[0]?.[0]).toMatchObject({ user: 'simulated', userAgent: 'sim', variant: 'dark' });
    expect(store.getState().selectedRun).toBe('r2');
    expect(fake.calls('runs', 'report').at(-1)?.[0]).toEqual({ runId: 'r2' });
    expect(store.getState().notice?.text).toBe('Started r2');
  });

  it('says why the backend refused a run and opens nothing', async () => {
    await withOpenRun();
    fake.answer('runs', 'start', () => {
      throw new Error('--user simulated needs --user-agent NAME');
    });
    expect(await store.getState().startRun({ mode: 'offline', agents: ['replay'], taskIds: ['t1'], user: 'simulated' })).toBeNull();
    expect(store.getState().notice).toEqual({ text: 'Could not start: --user simulated needs --user-agent NAME', kind: 'error' });
    expect(store.getState().selectedRun).toBe('r1');
    expect(store.getState().runStarting).toBe(false);
  });

  it('keeps the report of the run chosen last when an older answer arrives late', async () => {
    await withOpenRun();
    let release: (() => void) | undefined;
    fake.answer('runs', 'report', ({ runId }) =>
      runId === 'r0' ? new Promise((ok) => (release = () => ok(report('r0')))) : report(runId),
    );
    const slow = store.getState().selectRun('r0');
    await store.getState().selectRun('r1');
    release?.();
    await slow;
    expect(store.getState().runReport?.runId).toBe('r1');
  });

  it("forgets the open run, its progress and the review's run when another workspace is opened", async () => {
    await withOpenRun();
    fake.emit('runs', 'onProgress', progress('r1', { done: 1 }));
    store.setState({ reviewRunId: 'r1', analysisView: { tables: [], charts: [], notes: ['old'] } });
    fake.answer('runs', 'list', () => [runRow('other-ws')]);
    fake.emit('system', 'onDataChanged', { table: 'workspace' });
    const s = store.getState();
    expect([s.selectedRun, s.runReport, s.runCharts, s.reviewRunId, s.analysisView]).toEqual([null, null, null, null, null]);
    expect(s.runProgress).toEqual({});
    await vi.waitFor(() => expect(store.getState().runs.map((r) => r.id)).toEqual(['other-ws']));
  });

  it('reloads the list when runs change in the database', async () => {
    await withOpenRun();
    fake.answer('runs', 'list', () => [runRow('r1'), runRow('r0'), runRow('r3')]);
    fake.emit('system', 'onDataChanged', { table: 'runs' });
    await vi.waitFor(() => expect(store.getState().runs).toHaveLength(3));
  });

  it('switches the open report to leave unresolved results out and back, and keeps the choice for the next report', async () => {
    await withOpenRun();
    fake.answer('runs', 'report', ({ runId, excludeUnresolved }) =>
      report(runId, { excludeUnresolved: excludeUnresolved === true, unresolved: 2 }),
    );
    await store.getState().setExcludeUnresolved(true);
    expect(fake.calls('runs', 'report').at(-1)?.[0]).toEqual({ runId: 'r1', excludeUnresolved: true });
    expect(store.getState().runReport?.excludeUnresolved).toBe(true);
    await store.getState().selectRun('r0');
    expect(fake.calls('runs', 'report').at(-1)?.[0]).toEqual({ runId: 'r0', excludeUnresolved: true });
    await store.getState().setExcludeUnresolved(false);
    expect(fake.calls('runs', 'report').at(-1)?.[0]).toEqual({ runId: 'r0' });
    expect(store.getState().runReport?.excludeUnresolved).toBe(false);
  });

  it('exports the open run as a bundle through runs.exportBundle and keeps the file it wrote; a refusal is said, not kept', async () => {
    await withOpenRun(runRow('r1'));
    const written = { runId: 'r1', file: '/ws/exports/r1.tar.gz', bytes: 2048, results: 4, steps: 9, images: 7, redactions: 0 };
    fake.answer('runs', 'exportBundle', () => written);
    await store.getState().exportRunBundle('r1');
    expect(fake.calls('runs', 'exportBundle')).toEqual([[{ runId: 'r1' }]]);
    expect(store.getState()).toMatchObject({ runBundle: written, runExporting: false });

    fake.answer('runs', 'exportBundle', () => {
      throw new Error('disk full');
    });
    await store.getState().exportRunBundle('r1');
    expect(store.getState().runBundle).toEqual(written);
    expect(store.getState().runExporting).toBe(false);
    expect(store.getState().notice).toMatchObject({
      kind: 'error',
      text: expect.stringContaining('Could not export r1: disk full') as unknown,
    });
  });
});
