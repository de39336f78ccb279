import { beforeEach, describe, expect, it } from 'vitest';
import type { CaptureProgress, DemonstrationView } from '../../../../shared/domain/recording.js';
import { useAppStore } from '../app-store.js';

const demo: DemonstrationView = { id: 5, taskId: 't', deviceSerial: 'vphone-1', status: 'recording', note: '', startedAt: '', finishedAt: null, steps: [] };
const progress = (captureId: number, phase: CaptureProgress['phase'], over: Partial<CaptureProgress> = {}): CaptureProgress => ({
  demonstrationId: 5, captureId, stepIdx: 0, kind: 'step', phase, parts: { screenshot: false, hierarchy: false, foreground: false }, elapsedMs: 0, ...over,
});

describe('capture progress in the recording slice', () => {
  beforeEach(() => useAppStore.setState({ demonstration: demo, capture: null, recordQueue: [] }));
  const phase = () => useAppStore.getState().capture?.phase;

  it('follows the open demonstration\'s capture and ignores other demonstrations', () => {
    useAppStore.getState().captureProgressed(progress(1, 'capturing'));
    expect(phase()).toBe('capturing');
    useAppStore.getState().captureProgressed(progress(9, 'capturing', { demonstrationId: 6 }));
    expect(useAppStore.getState().capture?.captureId).toBe(1);
  });

  it('does not let a late report restart a capture that already ended, but does start the next one at the same index', () => {
    useAppStore.getState().captureProgressed(progress(1, 'done'));
    useAppStore.getState().captureProgressed(progress(1, 'acting'));
    expect(phase()).toBe('done');
    // After an undo the next step has the same index, and a new capture id.
    useAppStore.getState().captureProgressed(progress(2, 'capturing'));
    expect(phase()).toBe('capturing');
  });

  it('walks the queue of chosen tasks: next task after the current one, none after the last', () => {
    useAppStore.setState({ recordQueue: ['a', 'b', 'c'], demonstration: { ...demo, taskId: 'b' } });
    expect(useAppStore.getState().nextQueuedTask()).toBe('c');
    useAppStore.setState({ demonstration: { ...demo, taskId: 'c' } });
    expect(useAppStore.getState().nextQueuedTask()).toBeNull();
    useAppStore.setState({ demonstration: null });
    expect(useAppStore.getState().nextQueuedTask()).toBe('a');
    useAppStore.getState().toggleQueued('b');
    expect(useAppStore.getState().recordQueue).toEqual(['a', 'c']);
    useAppStore.getState().setRecordQueue(['c', 'a', 'c']);
    expect(useAppStore.getState().recordQueue).toEqual(['c', 'a']);
  });
});
