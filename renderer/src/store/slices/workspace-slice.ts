import type { WorkspaceInfo } from '../../../../shared/api/index.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

/** The open workspace folder and the recently opened ones. */
export interface WorkspaceSlice {
  workspace: WorkspaceInfo | null;
  recentWorkspaces: string[];
  openWorkspace(path: string): Promise<boolean>;
  refreshWorkspace(): Promise<void>;
}

export const createWorkspaceSlice =
  (transport: 'electron' | 'web'): Slice<WorkspaceSlice> =>
  (set, get, api) => ({
    workspace: null,
    recentWorkspaces: [],
    async openWorkspace(path) {
      try {
        const workspace = await api.workspace.open({ path });
        const [settings, recentWorkspaces, system] = await Promise.all([api.settings.get(), api.workspace.recent(), api.system.info()]);
        set({ workspace, settings, recentWorkspaces, system: { ...system, transport } });
        await Promise.all([get().loadTasks(), get().loadOverview(), get().loadRuns()]);
        get().notify(`Opened workspace ${workspace.path}`);
        return true;
      } catch (e) {
        get().notify(errorMessage(e), 'error');
        return false;
      }
    },
    async refreshWorkspace() {
      const [workspace, recentWorkspaces] = await Promise.all([api.workspace.current(), api.workspace.recent()]);
      set({ workspace, recentWorkspaces });
    },
  });
