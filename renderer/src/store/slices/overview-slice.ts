import type { WorkspaceOverview } from '../../../../shared/domain/overview.js';
import { api } from '../../platform/api.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

/** The workspace overview (first screen, and the per-task demonstration counts of the Record picker). */
export interface OverviewSlice {
  overview: WorkspaceOverview | null;
  /** A run chosen elsewhere (the overview's run list) for the Runs and Review screens to open. */
  focusRunId: string | null;
  loadOverview(): Promise<void>;
  /** Reloads once after a burst of changes (a recording emits one per step). */
  refreshOverviewSoon(): void;
  focusRun(runId: string | null): void;
}

const COALESCE_MS = 400;

export const createOverviewSlice: Slice<OverviewSlice> = (set, get) => {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    overview: null,
    focusRunId: null,
    async loadOverview() {
      try {
        set({ overview: await api.workspace.overview() });
      } catch (e) {
        get().notify(`Could not load the overview: ${errorMessage(e)}`, 'error');
      }
    },
    refreshOverviewSoon() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void get().loadOverview();
      }, COALESCE_MS);
    },
    focusRun(runId) {
      set({ focusRunId: runId });
    },
  };
};
