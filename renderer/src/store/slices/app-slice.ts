import type { DataChanged, SystemInfo } from '../../../../shared/api/index.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

export type Status = 'loading' | 'ready' | 'error';

/** The window itself: whether the backend answered, what it is, and the one-line status messages. */
export interface AppSlice {
  status: Status;
  error: string | null;
  system: SystemInfo | null;
  /** One-line messages for the live region (saves, failures). */
  notice: { text: string; kind: 'info' | 'error' } | null;
  /** Loads what every screen needs and subscribes each slice to the backend's events. */
  init(): Promise<void>;
  notify(text: string, kind?: 'info' | 'error'): void;
  /** Another screen was opened: what the last one said is not about this one. */
  clearNotice(): void;
  /** Routes a `system.onDataChanged` to the slices whose server state it touches. */
  dataChanged(c: DataChanged): void;
}

export const createAppSlice =
  (transport: 'electron' | 'web'): Slice<AppSlice> =>
  (set, get, api) => ({
    status: 'loading',
    error: null,
    system: null,
    notice: null,

    async init() {
      try {
        const [system, settings, workspace, recentWorkspaces] = await Promise.all([
          api.system.info(),
          api.settings.get(),
          api.workspace.current(),
          api.workspace.recent(),
        ]);
        set({ system: { ...system, transport }, settings, workspace, recentWorkspaces, status: 'ready' });
        api.settings.onChanged((s) => set({ settings: s }));
        api.workspace.onChanged((w) => set({ workspace: w }));
        api.devices.onChanged((devices) => set({ devices }));
        api.recording.onStep((e) => get().stepRecorded(e));
        api.recording.onCapture((p) => get().captureProgressed(p));
        api.recording.onStepSaved((e) => get().stepSaved(e));
        api.runs.onProgress((p) => get().runProgressed(p));
        api.system.onDataChanged((c) => get().dataChanged(c));
        await Promise.all([get().loadTasks(), get().loadOverview(), get().loadRuns()]);
      } catch (e) {
        set({ status: 'error', error: errorMessage(e) });
      }
    },

    notify(text, kind = 'info') {
      set({ notice: { text, kind } });
    },

    clearNotice() {
      if (get().notice) set({ notice: null });
    },

    dataChanged(c) {
      if (c.table === 'workspace') {
        // Another folder: what was open (a run, a result, an analysis) belonged to the last one.
        get().forgetRuns();
        get().forgetReview();
        get().forgetAnalysis();
      }
      if (c.table === 'tasks' || c.table === 'workspace') void get().loadTasks();
      if (c.table === 'workspace') void get().refreshWorkspace();
      if (c.table === 'runs' || c.table === 'workspace') get().runsChanged();
      if (c.table === 'graphs') get().offGraphChanged();
      if (c.table === 'workspace') void get().openOffGraph(null);
      if (c.table !== 'settings') get().refreshOverviewSoon();
    },
  });
