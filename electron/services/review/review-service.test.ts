import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/index.js';
import { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { REPO_ROOT } from '../../../test/support/fixtures.js';
import { useTempDirs } from '../../../test/support/temp-dir.js';
import { EventBus } from '../event-bus.js';
import { importTaskFile } from '../workspace/tasks-service.js';
import { reviewService } from './review-service.js';
import { NO_USAGE, testManifest } from '../../../test/support/run-manifest.js';

async function workspace(dir: string) {
  const store = WorkspaceStore.open(dir);
  await importTaskFile(store, { file: `${REPO_ROOT}test/fixtures/tasks/settings-runs.json` });
  const events = new EventBus();
  const emitted: unknown[] = [];
  events.subscribe((e) => emitted.push(e));
  const review = reviewService({ store: () => store, events, log: () => {}, appVersion: 'test' });
  return { store, review, emitted };
}

function seedRun(store: WorkspaceStore, id: string, verdicts: Record<string, boolean>) {
  store.runs.create(id, 'both', testManifest({ mode: 'both', agents: ['random'], taskIds: Object.keys(verdicts) }));
  for (const [taskId, success] of Object.entries(verdicts)) {
    const mode = taskId.startsWith('on-') ? 'online' : 'offline';
    for (let idx = 0; idx < 3; idx++) {
      store.runs.addStep({
        runId: id,
        taskId,
        agent: 'random',
        mode,
        idx,
        observationBlob: null,
        rawOutput: `raw ${idx}`,
        action: { type: 'Tap', at: { x: 100 * idx, y: 500 } },
        details:
          mode === 'offline'
            ? { node: 'n0', done: false, match: { matched: false, reason: 'off-graph', distancePx: 42, similarity: 0.1 } }
            : { foreground: 'com.android.settings', pixels: 0 },
        timings: { reasoning_ms: 5, parsing_ms: 1 },
        usage: NO_USAGE,
      });
    }
    store.runs.putResult({
      runId: id,
      taskId,
      agent: 'random',
      mode,
      success,
      exitCategory: success ? 'finished' : 'step_limit',
      details:
        mode === 'online'
          ? { steps: 3, judge: { judge: 'rule', pass: success, reason: 'font scale is 1.0', tokens: null, ms: 3 } }
          : { steps: 3, path: ['n0'], finalNode: 'n0', finalDone: false },
    });
  }
}

describe('review service', () => {
  const tmp = useTempDirs();

  it("lists a run's results with the task annotations, labels and judge verdicts", async () => {
    const { store, review } = await workspace(tmp());
    seedRun(store, 'r1', { 'on-dark': false, 'off-display': true });
    const rows = await review.tasks({ runId: 'r1' });
    expect(rows.map((r) => [r.taskId, r.mode, r.success, r.steps, r.judgePass])).toEqual([
      ['off-display', 'offline', true, 3, null],
      ['on-dark', 'online', false, 3, false],
    ]);
    expect(rows[1]!.instruction.length).toBeGreaterThan(0);
    expect(rows[1]!.semantic.length).toBeGreaterThan(0);
    expect(rows[1]!.label).toBeNull();
    await expect(async () => review.tasks({ runId: 'nope' })).rejects.toThrow(ApiError);
    store.close();
  });

  it('returns a trajectory with every step, the result details and the screen', async () => {
    const { store, review } = await workspace(tmp());
    seedRun(store, 'r1', { 'off-display': false });
    const t = await review.trajectory({ runId: 'r1', taskId: 'off-display', agent: 'random', mode: 'offline' });
    expect(t.steps.map((s) => s.raw)).toEqual(['raw 0', 'raw 1', 'raw 2']);
    expect((t.steps[0]!.details.match as { distancePx: number }).distancePx).toBe(42);
    expect(t.result.finalNode).toBe('n0');
    expect(t.human).toBeNull();
    expect(t.screen.width).toBeGreaterThan(0);
    await expect(async () =>
      review.trajectory({ runId: 'r1', taskId: 'off-sound', agent: 'random', mode: 'offline' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    store.close();
  });

  it('saves labels (latest wins), recomputes Table 4 and judge agreement, and announces the change', async () => {
    const { store, review, emitted } = await workspace(tmp());
    seedRun(store, 'r1', { 'on-dark': false, 'on-display': false, 'on-sound': true, 'off-display': false });
    const k = (taskId: string, mode: 'online' | 'offline') => ({ runId: 'r1', taskId, agent: 'random', mode });
    let s = await review.summary({ runId: 'r1' });
    expect(s.judgeAgreement).toEqual({ n: 0, agreement: null, kappa: null });
    expect(s.failures.rows.find((r) => r.category === 'Total')!.count).toBe(0);
    expect(s.failures.notes.join(' ')).toMatch(/3 failed result/);

    await review.label({ ...k('on-dark', 'online'), failureCategory: 'Planning/State Tracking', humanVerdict: 'failure', notes: 'looped' });
    await review.label({ ...k('on-display', 'online'), failureCategory: 'Visual/Action Execution', humanVerdict: null, notes: '' });
    await review.label({ ...k('off-display', 'offline'), failureCategory: 'Menus hidden', humanVerdict: null, notes: '' });
    await review.label({
      ...k('off-display', 'offline'),
      failureCategory: 'Planning/State Tracking',
      humanVerdict: null,
      notes: 'second thought',
    });
    // The reviewer overrides the judge: this "success" was not one.
    await review.label({ ...k('on-sound', 'online'), failureCategory: 'Environment Awareness', humanVerdict: 'failure', notes: '' });
    expect(emitted).toContainEqual({ channel: 'system.onDataChanged', payload: { table: 'runs' } });

    s = await review.summary({ runId: 'r1' });
    const counts = Object.fromEntries(s.failures.rows.map((r) => [r.category, r.count]));
    expect(counts).toMatchObject({
      'Planning/State Tracking': 2,
      'Visual/Action Execution': 1,
      'Environment Awareness': 1,
      'Intent/Capability Boundary': 0,
      Total: 4,
    });
    expect(counts['Menus hidden']).toBeUndefined();
    expect(s.judgeAgreement.n).toBe(2);
    expect(s.judgeAgreement.agreement).toBe(0.5);

    const rows = await review.tasks({ runId: 'r1' });
    expect(rows.find((r) => r.taskId === 'off-display')!.label).toEqual({
      failureCategory: 'Planning/State Tracking',
      humanVerdict: null,
      notes: 'second thought',
    });
    await expect(async () =>
      review.label({ ...k('off-sound', 'offline'), failureCategory: null, humanVerdict: null, notes: '' }),
    ).rejects.toMatchObject({ code: 'not_found' });
    store.close();
  });

  it('compares two runs task by task', async () => {
    const { store, review } = await workspace(tmp());
    seedRun(store, 'a', { 'on-dark': true, 'on-display': false });
    seedRun(store, 'b', { 'on-dark': false, 'on-sound': true });
    expect(await review.compare({ runA: 'a', runB: 'b' })).toEqual([
      { taskId: 'on-dark', agent: 'random', mode: 'online', a: true, b: false },
      { taskId: 'on-display', agent: 'random', mode: 'online', a: false, b: null },
      { taskId: 'on-sound', agent: 'random', mode: 'online', a: null, b: true },
    ]);
    store.close();
  });
});
