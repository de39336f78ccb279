import type { WorkspaceOverview } from '../../../../shared/domain/overview.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

/** The workspace overview (first screen, and the per-task demonstration counts of the Record picker). */
export interface OverviewSlice {
  overview: WorkspaceOverview | null;
  loadOverview(): Promise<void>;
  /** Reloads once after a burst of changes (a recording emits one per step). */
  refreshOverviewSoon(): void;
  /** Opens a run chosen elsewhere (the overview's run list) on the Runs or the Review screen. */
  focusRun(runId: string, where: 'runs' | 'review'): void;
}

const COALESCE_MS = 400;

export const createOverviewSlice: Slice<OverviewSlice> = (set, get, api) => {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    overview: null,
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
    focusRun(runId, where) {
      void (where === 'runs' ? get().selectRun(runId) : get().openReviewRun(runId));
    },
  };
};
