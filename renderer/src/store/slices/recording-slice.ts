import type { Action } from '../../../../shared/domain/action.js';
import type { DemonstrationView } from '../../../../shared/domain/recording.js';
import { api } from '../../platform/api.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

export interface RecordingSlice {
  demonstration: DemonstrationView | null;
  recordTaskId: string | null;
  /** True while a step is being captured and performed; the UI waits for it. */
  recordingBusy: boolean;
  setRecordTask(id: string | null): void;
  startRecording(serial: string): Promise<void>;
  recordAction(action: Action): Promise<void>;
  undoStep(): Promise<void>;
  finishRecording(): Promise<void>;
  discardRecording(): Promise<void>;
  saveNote(note: string): Promise<void>;
}

export const createRecordingSlice: Slice<RecordingSlice> = (set, get) => {
  const guarded = async (what: string, f: () => Promise<DemonstrationView | null | void>): Promise<void> => {
    set({ recordingBusy: true });
    try {
      const v = await f();
      if (v) set({ demonstration: v });
    } catch (e) {
      get().notify(`${what}: ${errorMessage(e)}`, 'error');
      const d = get().demonstration;
      if (d) set({ demonstration: await api.recording.get({ demonstrationId: d.id }).catch(() => d) });
    } finally {
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
    recordTaskId: null,
    recordingBusy: false,
    setRecordTask(id) {
      set({ recordTaskId: id });
    },
    startRecording: (serial) =>
      guarded('Could not start', async () => {
        const taskId = get().recordTaskId;
        if (!taskId) throw new Error('choose a task first');
        const v = await api.recording.start({ taskId, serial });
        get().notify(`Recording demonstration ${v.id}`);
        return v;
      }),
    recordAction: (action) =>
      guarded('Step failed', async () => {
        const id = current();
        await api.recording.act({ demonstrationId: id, action });
        return api.recording.get({ demonstrationId: id });
      }),
    undoStep: () => guarded('Undo failed', async () => api.recording.undo({ demonstrationId: current() })),
    finishRecording: () =>
      guarded('Finish failed', async () => {
        const v = await api.recording.finish({ demonstrationId: current() });
        get().notify(`Demonstration ${v.id} saved with ${v.steps.length} steps`);
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
      }),
  };
};
