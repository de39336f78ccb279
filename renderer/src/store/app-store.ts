import { create } from 'zustand';
import type { SystemInfo, TaskFilter, WorkspaceInfo } from '../../../shared/api/index.js';
import type { Settings, SettingsPatch } from '../../../shared/schemas/settings.js';
import type { TaskSummary } from '../../../shared/schemas/task.js';
import { api, transport } from '../platform/api.js';
import type { DevicesSlice } from './slices/devices-slice.js';
import { createDevicesSlice } from './slices/devices-slice.js';
import type { GraphsSlice } from './slices/graphs-slice.js';
import { createGraphsSlice } from './slices/graphs-slice.js';
import type { OverviewSlice } from './slices/overview-slice.js';
import { createOverviewSlice } from './slices/overview-slice.js';
import type { RecordingSlice } from './slices/recording-slice.js';
import { createRecordingSlice } from './slices/recording-slice.js';

export type Status = 'loading' | 'ready' | 'error';

interface AppSlice {
  status: Status;
  error: string | null;
  system: SystemInfo | null;
  /** One-line messages for the live region (saves, failures). */
  notice: { text: string; kind: 'info' | 'error' } | null;
  init(): Promise<void>;
  notify(text: string, kind?: 'info' | 'error'): void;
}

interface SettingsSlice {
  settings: Settings | null;
  updateSettings(patch: SettingsPatch): Promise<void>;
}

interface WorkspaceSlice {
  workspace: WorkspaceInfo | null;
  recentWorkspaces: string[];
  openWorkspace(path: string): Promise<boolean>;
  refreshWorkspace(): Promise<void>;
}

interface TasksSlice {
  tasks: TaskSummary[];
  taskFilter: TaskFilter;
  loadTasks(filter?: TaskFilter): Promise<void>;
}

export type AppState = AppSlice & SettingsSlice & WorkspaceSlice & TasksSlice & DevicesSlice & RecordingSlice & OverviewSlice & GraphsSlice;

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** One store for the window, built from slices; API calls live in actions, never in components. */
export const useAppStore = create<AppState>()((set, get, store) => ({
  ...createDevicesSlice(set, get, store),
  ...createRecordingSlice(set, get, store),
  ...createOverviewSlice(set, get, store),
  ...createGraphsSlice(set, get, store),
  status: 'loading',
  error: null,
  system: null,
  notice: null,
  settings: null,
  workspace: null,
  recentWorkspaces: [],
  tasks: [],
  taskFilter: {},

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
      api.recording.onStep((e) => {
        const d = get().demonstration;
        if (d && d.id === e.demonstrationId && e.status !== d.status) set({ demonstration: { ...d, status: e.status } });
      });
      api.recording.onCapture((p) => get().captureProgressed(p));
      api.system.onDataChanged((c) => {
        if (c.table === 'tasks' || c.table === 'workspace') void get().loadTasks();
        if (c.table === 'workspace') void get().refreshWorkspace();
        if (c.table !== 'settings') get().refreshOverviewSoon();
      });
      await Promise.all([get().loadTasks(), get().loadOverview()]);
    } catch (e) {
      set({ status: 'error', error: message(e) });
    }
  },

  notify(text, kind = 'info') {
    set({ notice: { text, kind } });
  },

  async updateSettings(patch) {
    try {
      const settings = await api.settings.update(patch);
      set({ settings });
      get().notify('Settings saved');
    } catch (e) {
      get().notify(`Could not save: ${message(e)}`, 'error');
    }
  },

  async openWorkspace(path) {
    try {
      const workspace = await api.workspace.open({ path });
      const [settings, recentWorkspaces, system] = await Promise.all([
        api.settings.get(),
        api.workspace.recent(),
        api.system.info(),
      ]);
      set({ workspace, settings, recentWorkspaces, system: { ...system, transport } });
      await Promise.all([get().loadTasks(), get().loadOverview()]);
      get().notify(`Opened workspace ${workspace.path}`);
      return true;
    } catch (e) {
      get().notify(message(e), 'error');
      return false;
    }
  },

  async refreshWorkspace() {
    const [workspace, recentWorkspaces] = await Promise.all([api.workspace.current(), api.workspace.recent()]);
    set({ workspace, recentWorkspaces });
  },

  async loadTasks(filter) {
    const taskFilter = filter ?? get().taskFilter;
    try {
      set({ tasks: await api.tasks.list(taskFilter), taskFilter });
    } catch (e) {
      get().notify(`Could not load tasks: ${message(e)}`, 'error');
    }
  },
}));
