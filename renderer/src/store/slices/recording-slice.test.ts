import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptureProgress } from '../../../../shared/domain/recording.js';
import { createFakeApi } from '../../test/fake-api.js';
import { answerInit, demonstration, stepView } from '../../test/fixtures.js';
import { createAppStore } from '../app-store.js';
import { withStep } from './recording-slice.js';

const fake = createFakeApi();
let store: ReturnType<typeof createAppStore>;
const state = () => store.getState();
const demo = demonstration();
const progress = (captureId: number, phase: CaptureProgress['phase'], over: Partial<CaptureProgress> = {}): CaptureProgress => ({
  demonstrationId: 5,
  captureId,
  stepIdx: 0,
  kind: 'step',
  phase,
  parts: { screenshot: false, hierarchy: false, foreground: false },
  elapsedMs: 0,
  ...over,
});

describe('the recording slice', () => {
  beforeEach(async () => {
    fake.reset();
    store = createAppStore(fake.api);
    answerInit(fake);
    await state().init();
    store.setState({ demonstration: demo, capture: null, recordQueue: [] });
  });
  const phase = () => state().capture?.phase;
  const steps = () => state().demonstration?.steps.map((s) => s.idx);

  it("follows the open demonstration's capture and ignores other demonstrations", () => {
    fake.emit('recording', 'onCapture', progress(1, 'capturing'));
    expect(phase()).toBe('capturing');
    fake.emit('recording', 'onCapture', progress(9, 'capturing', { demonstrationId: 6 }));
    expect(state().capture?.captureId).toBe(1);
  });

  it('does not let a late report restart a capture that already ended, but does start the next one at the same index', () => {
    state().captureProgressed(progress(1, 'done'));
    state().captureProgressed(progress(1, 'acting'));
    expect(phase()).toBe('done');
    // After an undo the next step has the same index, and a new capture id.
    state().captureProgressed(progress(2, 'capturing'));
    expect(phase()).toBe('capturing');
  });

  it('walks the queue of chosen tasks: next task after the current one, none after the last', () => {
    store.setState({ recordQueue: ['a', 'b', 'c'], demonstration: { ...demo, taskId: 'b' } });
    expect(state().nextQueuedTask()).toBe('c');
    store.setState({ demonstration: { ...demo, taskId: 'c' } });
    expect(state().nextQueuedTask()).toBeNull();
    store.setState({ demonstration: null });
    expect(state().nextQueuedTask()).toBe('a');
    state().toggleQueued('b');
    expect(state().recordQueue).toEqual(['a', 'c']);
    state().setRecordQueue(['c', 'a', 'c']);
    expect(state().recordQueue).toEqual(['c', 'a']);
  });

  it('appends the step the act call returns, without reading the demonstration again', async () => {
    fake.answer('recording', 'act', ({ action }) => stepView(0, { action }));
    await state().recordAction({ type: 'Back' });
    expect(state().demonstration?.steps).toEqual([stepView(0, { action: { type: 'Back' } })]);
    expect(fake.calls('recording', 'get')).toHaveLength(0);
    expect(state().recordingBusy).toBe(false);
  });

  it('appends the step an onStep event carries, once, whichever of the event and the answer comes first', async () => {
    const s0 = stepView(0);
    fake.emit('recording', 'onStep', { demonstrationId: 5, step: s0, status: 'recording', stepCount: 1 });
    expect(steps()).toEqual([0]);
    const before = state().demonstration;
    fake.answer('recording', 'act', () => s0);
    await state().recordAction({ type: 'Back' });
    expect(steps()).toEqual([0]);
    expect(state().demonstration).toBe(before); // nothing changed, nothing redrawn
    fake.emit('recording', 'onStep', { demonstrationId: 5, step: stepView(1), status: 'recording', stepCount: 2 });
    fake.emit('recording', 'onStep', { demonstrationId: 6, step: stepView(7), status: 'recording', stepCount: 8 });
    expect(steps()).toEqual([0, 1]);
    expect(fake.calls('recording', 'get')).toHaveLength(0);
  });

  it('drops the undone step and follows the status the event reports', () => {
    store.setState({ demonstration: { ...demo, steps: [stepView(0), stepView(1)] } });
    fake.emit('recording', 'onStep', { demonstrationId: 5, step: null, status: 'recording', stepCount: 1 });
    expect(steps()).toEqual([0]);
    fake.emit('recording', 'onStep', { demonstrationId: 5, step: stepView(1, { action: null }), status: 'finished', stepCount: 2 });
    expect(steps()).toEqual([0, 1]);
    expect(state().demonstration?.status).toBe('finished');
  });

  it('reads the demonstration once when an event shows steps this window never heard of', async () => {
    fake.answer('recording', 'get', () => ({ ...demo, steps: [stepView(0), stepView(1), stepView(2)] }));
    fake.emit('recording', 'onStep', { demonstrationId: 5, step: stepView(2), status: 'recording', stepCount: 3 });
    await vi.waitFor(() => expect(steps()).toEqual([0, 1, 2]));
    expect(fake.calls('recording', 'get')).toHaveLength(1);
  });

  it('says why a step failed and reads the demonstration back, so the list shows what the backend kept', async () => {
    fake.answer('recording', 'act', () => {
      throw new Error('the device went away');
    });
    fake.answer('recording', 'get', () => demo);
    await state().recordAction({ type: 'Home' });
    expect(state().notice).toEqual({ text: 'Step failed: the device went away', kind: 'error' });
    expect(state().recordingBusy).toBe(false);
  });

  it('shows a step thumbnail once its screenshot is stored, and ignores a saved step it does not show', () => {
    store.setState({ demonstration: { ...demo, steps: [stepView(0, { screenshotBlob: null, thumbnailBlob: null })] } });
    fake.emit('recording', 'onStepSaved', { demonstrationId: 5, step: stepView(0, { thumbnailBlob: 'thumb-0' }) });
    expect(state().demonstration?.steps.map((s) => s.thumbnailBlob)).toEqual(['thumb-0']);
    // An undone step saved late, or another demonstration's, does not come back.
    fake.emit('recording', 'onStepSaved', { demonstrationId: 5, step: stepView(1) });
    fake.emit('recording', 'onStepSaved', { demonstrationId: 6, step: stepView(0, { thumbnailBlob: 'x' }) });
    expect(state().demonstration?.steps.map((s) => s.thumbnailBlob)).toEqual(['thumb-0']);
  });

  it("keeps a stored thumbnail when the step's answer or event arrives after it (a race CI lost once)", async () => {
    const bare = { screenshotBlob: null, thumbnailBlob: null };
    store.setState({ demonstration: { ...demo, steps: [stepView(0)] } });
    fake.answer('recording', 'act', () => {
      // The screenshot is stored, and said so, before the act's answer reaches the window.
      fake.emit('recording', 'onStep', { demonstrationId: 5, step: stepView(1, bare), status: 'recording', stepCount: 2 });
      fake.emit('recording', 'onStepSaved', { demonstrationId: 5, step: stepView(1) });
      return stepView(1, bare);
    });
    await state().recordAction({ type: 'Tap', at: { x: 10, y: 20 } });
    expect(state().demonstration?.steps.map((s) => s.thumbnailBlob)).toEqual(['thumb-0', 'thumb-1']);
    fake.emit('recording', 'onStep', { demonstrationId: 5, step: stepView(1, bare), status: 'recording', stepCount: 2 });
    expect(state().demonstration?.steps.map((s) => s.thumbnailBlob)).toEqual(['thumb-0', 'thumb-1']);
    // Another action at that index (after an undo) is another step: its blobs are its own.
    expect(withStep([stepView(0)], stepView(0, { ...bare, action: { type: 'Back' } }))[0]!.thumbnailBlob).toBeNull();
  });

  it('reads the demonstration when a step is stored before this window heard of it', async () => {
    store.setState({ demonstration: { ...demo, steps: [stepView(0)] } });
    fake.answer('recording', 'get', () => ({ ...demo, steps: [stepView(0), stepView(1)] }));
    fake.emit('recording', 'onStepSaved', { demonstrationId: 5, step: stepView(1) });
    await vi.waitFor(() => expect(state().demonstration?.steps.map((s) => s.thumbnailBlob)).toEqual(['thumb-0', 'thumb-1']));
  });

  it('puts a step in its place by index', () => {
    const list = [stepView(0), stepView(1)];
    expect(withStep(list, stepView(1))).toBe(list);
    expect(withStep(list, stepView(1, { screenshotBlob: 'other' })).map((s) => s.screenshotBlob)).toEqual(['shot-0', 'other']);
    expect(withStep(list, stepView(2)).map((s) => s.idx)).toEqual([0, 1, 2]);
  });
});
