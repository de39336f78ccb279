import type { Action } from '../../../../shared/domain/action.js';
import type { CaptureProgress, DemonstrationView, StepRecorded, StepSaved, StepView } from '../../../../shared/domain/recording.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';
import { counted } from '../../components/plural.js';

export interface RecordingSlice {
  demonstration: DemonstrationView | null;
  /** The tasks chosen for this session, in the order they are recorded. */
  recordQueue: string[];
  /** True while a step is being captured and performed; the UI waits for it. */
  recordingBusy: boolean;
  /** The step being captured right now (or the last one captured), as the backend reports it. */
  capture: CaptureProgress | null;
  /** When the last capture report arrived (performance.now()), so the window's clock can tick on. */
  captureAt: number;
  /** The next demonstration is recorded from the phone in hand (the annotator uses the phone itself). */
  recordFromDevice: boolean;
  /** The open demonstration's id when it is recorded from the phone in hand; its steps come from the phone. */
  handRecording: number | null;
  setRecordFromDevice(on: boolean): void;
  setRecordQueue(ids: string[]): void;
  toggleQueued(id: string): void;
  /** The task recorded after the current one (same device), or null at the end of the queue. */
  nextQueuedTask(): string | null;
  startRecording(serial: string, taskId?: string): Promise<void>;
  /** Starts the next chosen task on the device just used. */
  recordNext(): Promise<void>;
  /** Records the same task again (another path for its graph) on the same device. */
  recordAgain(): Promise<void>;
  recordAction(action: Action): Promise<void>;
  undoStep(): Promise<void>;
  finishRecording(): Promise<void>;
  discardRecording(): Promise<void>;
  saveNote(note: string): Promise<void>;
  captureProgressed(p: CaptureProgress): void;
  /** A `recording.onStep` event: the recorded step joins the open demonstration (an undo drops the last). */
  stepRecorded(e: StepRecorded): void;
  /** A `recording.onStepSaved` event: a step's screenshot and thumbnail were stored after it was recorded. */
  stepSaved(e: StepSaved): void;
}

/**
 * The steps with `step` put in its place (replacing a step of the same index). The same array
 * when it is already there (the act's answer and the event both carry it).
 */
export function withStep(steps: StepView[], incoming: StepView): StepView[] {
  const same = steps.find((s) => s.idx === incoming.idx);
  // The step's answer or its event can arrive after its screenshot was stored (onStepSaved): a view
  // of the same step without blobs must not take the thumbnail away again.
  const step =
    same && JSON.stringify(same.action) === JSON.stringify(incoming.action)
      ? {
          ...incoming,
          screenshotBlob: incoming.screenshotBlob ?? same.screenshotBlob,
          thumbnailBlob: incoming.thumbnailBlob ?? same.thumbnailBlob,
        }
      : incoming;
  if (
    same &&
    same.screenshotBlob === step.screenshotBlob &&
    same.thumbnailBlob === step.thumbnailBlob &&
    same.action?.type === step.action?.type
  )
    return steps;
  const last = steps.at(-1);
  if (!last || last.idx < step.idx) return [...steps, step];
  return [...steps.filter((s) => s.idx !== step.idx), step].sort((a, b) => a.idx - b.idx);
}

export const createRecordingSlice: Slice<RecordingSlice> = (set, get, api) => {
  const guarded = async (what: string, f: () => Promise<DemonstrationView | null | void>): Promise<void> => {
    if (get().recordingBusy) return; // one thing at a time: the phone is still busy with the last one
    set({ recordingBusy: true });
    let ok = false;
    try {
      const v = await f();
      if (v) set({ demonstration: v });
      ok = true;
    } catch (e) {
      get().notify(`${what}: ${errorMessage(e)}`, 'error');
      const d = get().demonstration;
      if (d) set({ demonstration: await api.recording.get({ demonstrationId: d.id }).catch(() => d) });
    } finally {
      // The answer can overtake the last progress event; a capture never reported ended must not block input.
      const c = get().capture;
      if (c && c.phase !== 'done' && c.phase !== 'failed') set({ capture: { ...c, phase: ok ? 'done' : 'failed' } });
      set({ recordingBusy: false });
    }
  };
  const current = (): number => {
    const d = get().demonstration;
    if (!d) throw new Error('no demonstration is open');
    return d.id;
  };
  return {
    demonstration: null,
    recordQueue: [],
    recordingBusy: false,
    capture: null,
    captureAt: 0,
    recordFromDevice: false,
    handRecording: null,
    setRecordFromDevice(on) {
      set({ recordFromDevice: on });
    },
    setRecordQueue(ids) {
      set({ recordQueue: [...new Set(ids)] });
    },
    toggleQueued(id) {
      const q = get().recordQueue;
      set({ recordQueue: q.includes(id) ? q.filter((x) => x !== id) : [...q, id] });
    },
    nextQueuedTask() {
      const { recordQueue: q, demonstration: d } = get();
      if (!d) return q[0] ?? null;
      const i = q.indexOf(d.taskId);
      return q[i + 1] ?? null;
    },
    startRecording: (serial, taskId) =>
      guarded('Could not start', async () => {
        const id = taskId ?? get().recordQueue[0];
        if (!id) throw new Error('choose a task first');
        set({ capture: null });
        const fromDevice = get().recordFromDevice;
        const v = await api.recording.start({ taskId: id, serial, ...(fromDevice ? { fromDevice } : {}) });
        set({ handRecording: fromDevice ? v.id : null });
        get().notify(`Recording demonstration ${v.id} of ${id}${fromDevice ? ' from the phone in hand' : ''}`);
        return v;
      }),
    recordNext: async () => {
      const d = get().demonstration;
      const next = get().nextQueuedTask();
      if (!d || !next) return;
      await get().startRecording(d.deviceSerial, next);
    },
    recordAgain: async () => {
      const d = get().demonstration;
      if (d) await get().startRecording(d.deviceSerial, d.taskId);
    },
    recordAction: (action) =>
      guarded('Step failed', async () => {
        const id = current();
        const step = await api.recording.act({ demonstrationId: id, action });
        const d = get().demonstration;
        const steps = d?.id === id ? withStep(d.steps, step) : null;
        if (d && steps && steps !== d.steps) set({ demonstration: { ...d, steps } });
      }),
    undoStep: () =>
      guarded('Undo failed', async () => {
        const v = await api.recording.undo({ demonstrationId: current() });
        // The status box spoke of the step just undone; it is gone, and the phone is ready for the next.
        set({ capture: null });
        get().notify(`Step ${v.steps.length + 1} undone: the phone keeps what it did, go back on the phone if needed`);
        return v;
      }),
    finishRecording: () =>
      guarded('Finish failed', async () => {
        const v = await api.recording.finish({ demonstrationId: current() });
        // A branch whose end the task's checks reject on the phone is not kept (the note says why).
        if (v.status === 'discarded') get().notify(`Demonstration ${v.id} was not kept: ${v.note}`, 'error');
        else get().notify(`Demonstration ${v.id} saved with ${counted(v.steps.length, 'step')}`);
        return v;
      }),
    discardRecording: () =>
      guarded('Discard failed', async () => {
        const v = await api.recording.discard({ demonstrationId: current() });
        get().notify(`Demonstration ${v.id} discarded`);
        return v;
      }),
    saveNote: (note) =>
      guarded('Note not saved', async () => {
        await api.recording.note({ demonstrationId: current(), note });
        get().notify('Note saved');
      }),
    captureProgressed(p) {
      if (get().demonstration?.id !== p.demonstrationId) return;
      const c = get().capture;
      const ended = (x: CaptureProgress): boolean => x.phase === 'done' || x.phase === 'failed';
      // A late report of a step already ended here must not start it again.
      if (c && c.captureId === p.captureId && ended(c) && !ended(p)) return;
      set({ capture: p, captureAt: performance.now() });
    },
    stepSaved(e) {
      const d = get().demonstration;
      if (!d || d.id !== e.demonstrationId) return;
      if (!d.steps.some((s) => s.idx === e.step.idx)) {
        // Stored before this window heard of the step (its answer and event still on the way), or an
        // undone step stored late: the backend's demonstration says which.
        if (e.step.idx >= d.steps.length && d.status === 'recording') {
          void api.recording.get({ demonstrationId: d.id }).then(
            (v) => get().demonstration?.id === v.id && set({ demonstration: v }),
            () => undefined,
          );
        }
        return;
      }
      const steps = withStep(d.steps, e.step);
      if (steps !== d.steps) set({ demonstration: { ...d, steps } });
    },
    stepRecorded(e) {
      const d = get().demonstration;
      if (!d || d.id !== e.demonstrationId) return;
      let steps = e.step ? withStep(d.steps, e.step) : d.steps;
      if (steps.length > e.stepCount) steps = steps.slice(0, e.stepCount); // an undo
      if (steps !== d.steps || e.status !== d.status) set({ demonstration: { ...d, steps, status: e.status } });
      // A step this window never heard of (events missed while it was busy): read the demonstration once.
      if (steps.length < e.stepCount) {
        void api.recording.get({ demonstrationId: d.id }).then(
          (v) => get().demonstration?.id === v.id && set({ demonstration: v }),
          () => undefined,
        );
      }
    },
  };
};
