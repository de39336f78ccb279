import type { LabelDto, ReviewSummary, ReviewTaskRow, RunComparisonRow, Trajectory } from '../../../../shared/domain/review.js';
import type { RunChartDto } from '../../../../shared/domain/run.js';
import type { ReviewFilters } from './review-filters.js';
import { filterRows, NO_FILTERS, rowKey } from './review-filters.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

/**
 * The Review screen: the run, its result rows and the filters over them, the open trajectory
 * and step, the summary (Table 4, judge agreement), the exit chart and a comparison with a
 * second run. State lives here so it survives leaving the screen and coming back.
 */
export interface ReviewSlice {
  reviewRunId: string | null;
  reviewRows: ReviewTaskRow[];
  reviewFilters: ReviewFilters;
  /** `reviewRows` under `reviewFilters`, kept with them (the list and the keys read it). */
  reviewVisible: ReviewTaskRow[];
  /** `rowKey` of the chosen result. */
  reviewSelectedKey: string | null;
  reviewTrajectory: Trajectory | null;
  reviewStep: number;
  reviewSummary: ReviewSummary | null;
  reviewExitChart: { runId: string; chart: RunChartDto | null } | null;
  reviewCompareWith: string | null;
  reviewComparison: RunComparisonRow[] | null;
  reviewSaving: boolean;
  /** True while the Review screen is shown (it then follows the runs list for a first run to open). */
  reviewShown: boolean;
  /** The screen opened: open the chosen run, or the first with results. */
  reviewOpened(): Promise<void>;
  reviewClosed(): void;
  openReviewRun(runId: string | null): Promise<void>;
  setReviewFilters(f: ReviewFilters): void;
  /** Chooses the i-th visible result (clamped) and opens its trajectory. */
  selectReviewIndex(i: number): void;
  moveReviewTask(delta: number): void;
  setReviewStep(i: number): void;
  moveReviewStep(delta: number): void;
  saveReviewLabel(label: LabelDto): Promise<void>;
  compareReviewWith(runId: string | null): Promise<void>;
  /** Runs or labels changed in the database: reload the open run's rows and summary (`listed`: the runs list reloading). */
  reviewRunChanged(listed: Promise<void>): Promise<void>;
  /** Another workspace was opened: its runs are not this one's. */
  forgetReview(): void;
}

/** Index of the selected row among the visible ones (-1 when it is filtered out or none is chosen). */
export const reviewSelectedIndex = (s: { reviewVisible: ReviewTaskRow[]; reviewSelectedKey: string | null }): number =>
  s.reviewSelectedKey === null ? -1 : s.reviewVisible.findIndex((r) => rowKey(r) === s.reviewSelectedKey);

/** What the Review screen holds when no run is open (the filters stay). */
const NO_RUN_OPEN = {
  reviewRunId: null,
  reviewRows: [],
  reviewVisible: [],
  reviewSelectedKey: null,
  reviewTrajectory: null,
  reviewStep: 0,
  reviewSummary: null,
  reviewExitChart: null,
  reviewCompareWith: null,
  reviewComparison: null,
} satisfies Partial<ReviewSlice>;

export const createReviewSlice: Slice<ReviewSlice> = (set, get, api) => {
  // A newer request wins over a slower older one.
  let trajectoryRequest = 0;
  let comparisonRequest = 0;

  const loadRun = async (runId: string): Promise<void> => {
    try {
      const [rows, summary] = await Promise.all([api.review.tasks({ runId }), api.review.summary({ runId })]);
      if (get().reviewRunId !== runId) return;
      set({ reviewRows: rows, reviewVisible: filterRows(rows, get().reviewFilters), reviewSummary: summary });
    } catch (e) {
      get().notify(`Could not load run ${runId}: ${errorMessage(e)}`, 'error');
    }
  };
  const loadExitChart = async (runId: string): Promise<void> => {
    const cached = get().runCharts;
    const charts = cached?.runId === runId ? cached.charts : await api.runs.charts({ runId }).catch(() => []);
    if (get().reviewRunId === runId) set({ reviewExitChart: { runId, chart: charts.find((c) => c.id === 'run-exits') ?? null } });
  };
  const loadComparison = async (): Promise<void> => {
    const { reviewRunId: runA, reviewCompareWith: runB } = get();
    const n = ++comparisonRequest;
    set({ reviewComparison: null });
    if (!runA || !runB) return;
    try {
      const rows = await api.review.compare({ runA, runB });
      if (n === comparisonRequest) set({ reviewComparison: rows });
    } catch (e) {
      get().notify(`Could not compare: ${errorMessage(e)}`, 'error');
    }
  };
  const openTrajectory = async (row: ReviewTaskRow): Promise<void> => {
    const runId = get().reviewRunId;
    if (!runId) return;
    const n = ++trajectoryRequest;
    try {
      const t = await api.review.trajectory({ runId, taskId: row.taskId, agent: row.agent, mode: row.mode });
      if (n !== trajectoryRequest || get().reviewRunId !== runId) return;
      set({ reviewTrajectory: t, reviewStep: 0 });
    } catch (e) {
      get().notify(`Could not open ${row.taskId}: ${errorMessage(e)}`, 'error');
    }
  };
  /** With no run chosen, the first run that has results. */
  const openFirst = async (): Promise<void> => {
    const first = get().runs.find((r) => r.results > 0)?.id ?? null;
    if (first && get().reviewRunId === null) await get().openReviewRun(first);
  };
  const stepCount = (): number => get().reviewTrajectory?.steps.length ?? 0;

  return {
    ...NO_RUN_OPEN,
    reviewFilters: NO_FILTERS,
    reviewSaving: false,
    reviewShown: false,

    async reviewOpened() {
      set({ reviewShown: true });
      const id = get().reviewRunId;
      if (id) {
        if (get().reviewSummary === null) await Promise.all([loadRun(id), loadExitChart(id)]);
        return;
      }
      if (get().runs.length === 0) await get().loadRuns();
      await openFirst();
    },
    reviewClosed() {
      set({ reviewShown: false });
    },
    async openReviewRun(runId) {
      trajectoryRequest++;
      set({
        reviewRunId: runId,
        reviewRows: [],
        reviewVisible: [],
        reviewSummary: null,
        reviewSelectedKey: null,
        reviewTrajectory: null,
        reviewStep: 0,
        reviewExitChart: null,
      });
      await Promise.all([runId ? loadRun(runId) : null, runId ? loadExitChart(runId) : null, loadComparison()]);
    },
    setReviewFilters(f) {
      set({ reviewFilters: f, reviewVisible: filterRows(get().reviewRows, f) });
    },
    selectReviewIndex(i) {
      const visible = get().reviewVisible;
      const row = visible[Math.max(0, Math.min(visible.length - 1, i))];
      if (!row) return;
      const key = rowKey(row);
      if (key === get().reviewSelectedKey) return;
      set({ reviewSelectedKey: key });
      void openTrajectory(row);
    },
    moveReviewTask(delta) {
      const i = reviewSelectedIndex(get());
      get().selectReviewIndex(i < 0 ? 0 : i + delta);
    },
    setReviewStep(i) {
      const n = stepCount();
      set({ reviewStep: Math.max(0, Math.min(n - 1, i)) });
    },
    moveReviewStep(delta) {
      get().setReviewStep(get().reviewStep + delta);
    },
    async saveReviewLabel(label) {
      const { reviewRunId: runId, reviewTrajectory: t } = get();
      if (!runId || !t) return;
      const { taskId, agent, mode } = t.key;
      const key = rowKey(t.key);
      set({ reviewSaving: true });
      try {
        await api.review.label({ runId, taskId, agent, mode, ...label });
        const rows = get().reviewRows.map((r) => (rowKey(r) === key ? { ...r, label } : r));
        const open = get().reviewTrajectory;
        set({
          reviewRows: rows,
          reviewVisible: filterRows(rows, get().reviewFilters),
          reviewTrajectory: open && rowKey(open.key) === key ? { ...open, row: { ...open.row, label } } : open,
        });
        const summary = await api.review.summary({ runId });
        if (get().reviewRunId === runId) set({ reviewSummary: summary });
        get().notify(`Label saved for ${taskId} · ${agent}`);
      } catch (e) {
        get().notify(`Could not save the label: ${errorMessage(e)}`, 'error');
      } finally {
        set({ reviewSaving: false });
      }
    },
    async compareReviewWith(runId) {
      set({ reviewCompareWith: runId });
      await loadComparison();
    },
    async reviewRunChanged(listed) {
      const id = get().reviewRunId;
      if (id) return loadRun(id);
      if (!get().reviewShown) return;
      await listed;
      await openFirst();
    },
    forgetReview() {
      trajectoryRequest++;
      comparisonRequest++;
      set(NO_RUN_OPEN);
    },
  };
};
