import type { ElderBenchApi, RunBundleExportDto } from '../../../../shared/api/index.js';
import type { StartRunSchema } from '../../../../shared/api/index.js';
import type { RunChartDto, RunProgressDto, RunReportDto, RunSummaryDto } from '../../../../shared/domain/run.js';
import type { z } from 'zod';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

export type AgentInfo = Awaited<ReturnType<ElderBenchApi['runs']['agents']>>[number];
export type StartRunInput = z.input<typeof StartRunSchema>;

/**
 * Runs: the workspace's list (the one copy the Runs, Review and Analysis screens read), the
 * agents that can run, live progress, and the chosen run's report and charts. Progress events
 * patch the list, the progress and the report's outcome rows; the report's tables and the
 * charts (each a backend render) are fetched when a run is opened and when it ends.
 */
export interface RunsSlice {
  runs: RunSummaryDto[];
  runAgents: AgentInfo[];
  /** The latest progress of each run this window has heard of, by run id. */
  runProgress: Record<string, RunProgressDto>;
  /** The run open on the Runs screen. */
  selectedRun: string | null;
  runReport: RunReportDto | null;
  /** True when results arrived after the open report's tables were drawn (they are redrawn at the end). */
  runReportStale: boolean;
  runCharts: { runId: string; charts: RunChartDto[] } | null;
  /** The open report leaves unresolved results out of each agent's SR (a view, not the comparable default). */
  runReportExcludeUnresolved: boolean;
  runStarting: boolean;
  /** The last bundle this window exported (the Runs screen names its file), and whether one is being written. */
  runBundle: RunBundleExportDto | null;
  runExporting: boolean;
  loadRuns(): Promise<void>;
  loadRunAgents(): Promise<void>;
  approveAgent(name: string): Promise<void>;
  /** Starts a run; returns its id (and opens it), or null when the backend refused. */
  startRun(input: StartRunInput): Promise<string | null>;
  cancelRun(runId: string): Promise<void>;
  /** Writes the run as a bundle into the workspace's exports/ folder (docs/run-bundle.md). */
  exportRunBundle(runId: string): Promise<void>;
  resumeRun(runId: string): Promise<void>;
  /** Opens a run on the Runs screen: its report and charts. */
  selectRun(runId: string | null): Promise<void>;
  /** Re-reads the open run's report tables (they are otherwise refreshed when the run ends). */
  refreshRunReport(): Promise<void>;
  /** Switches the report between SR over N (default) and SR over each agent's resolved results. */
  setExcludeUnresolved(on: boolean): Promise<void>;
  runProgressed(p: RunProgressDto): void;
  /** A run's rows changed in the database (a run ended, a label was saved): reload the list and what is open. */
  runsChanged(): void;
  /** Another workspace was opened: nothing of this one stays open. */
  forgetRuns(): void;
}

const sameKey = (a: { taskId: string; agent: string; mode: string }, b: { taskId: string; agent: string; mode: string }): boolean =>
  a.taskId === b.taskId && a.agent === b.agent && a.mode === b.mode;

export const createRunsSlice: Slice<RunsSlice> = (set, get, api) => {
  let listingUnknown = false;
  let reportRequest = 0;
  const loadReport = async (runId: string): Promise<void> => {
    const n = ++reportRequest;
    try {
      const excludeUnresolved = get().runReportExcludeUnresolved;
      const report = await api.runs.report(excludeUnresolved ? { runId, excludeUnresolved } : { runId });
      if (n === reportRequest && get().selectedRun === runId) set({ runReport: report, runReportStale: false });
    } catch (e) {
      get().notify(`No report for ${runId}: ${errorMessage(e)}`, 'error');
    }
  };
  const loadCharts = async (runId: string): Promise<void> => {
    try {
      const charts = await api.runs.charts({ runId });
      if (get().selectedRun === runId) set({ runCharts: { runId, charts } });
    } catch (e) {
      get().notify(`No charts for ${runId}: ${errorMessage(e)}`, 'error');
    }
  };
  return {
    runs: [],
    runAgents: [],
    runProgress: {},
    selectedRun: null,
    runReport: null,
    runReportStale: false,
    runCharts: null,
    runReportExcludeUnresolved: false,
    runStarting: false,
    runBundle: null,
    runExporting: false,

    async loadRuns() {
      try {
        set({ runs: await api.runs.list() });
      } catch (e) {
        get().notify(`Could not list runs: ${errorMessage(e)}`, 'error');
      }
    },
    async loadRunAgents() {
      try {
        set({ runAgents: await api.runs.agents() });
      } catch (e) {
        get().notify(`Could not list agents: ${errorMessage(e)}`, 'error');
      }
    },
    async approveAgent(name) {
      try {
        const r = await api.runs.approveAgent({ name });
        get().notify(`Approved: ${r.agent} may send ${r.variable} to ${r.origin}`);
        await get().loadRunAgents();
      } catch (e) {
        get().notify(`Could not approve: ${errorMessage(e)}`, 'error');
      }
    },
    async startRun(input) {
      set({ runStarting: true });
      try {
        const { runId } = await api.runs.start(input);
        get().notify(`Started ${runId}`);
        await Promise.all([get().loadRuns(), get().selectRun(runId)]);
        return runId;
      } catch (e) {
        get().notify(`Could not start: ${errorMessage(e)}`, 'error');
        return null;
      } finally {
        set({ runStarting: false });
      }
    },
    async cancelRun(runId) {
      try {
        await api.runs.cancel({ runId });
        get().notify('Stopping after the tasks in progress');
      } catch (e) {
        get().notify(`Could not cancel: ${errorMessage(e)}`, 'error');
      }
    },
    async exportRunBundle(runId) {
      set({ runExporting: true });
      try {
        const bundle = await api.runs.exportBundle({ runId });
        set({ runBundle: bundle });
        get().notify(`Bundle written: ${bundle.file}`);
      } catch (e) {
        get().notify(`Could not export ${runId}: ${errorMessage(e)}`, 'error');
      } finally {
        set({ runExporting: false });
      }
    },
    async resumeRun(runId) {
      try {
        await api.runs.resume({ runId });
        get().notify(`Resuming ${runId}`);
        await get().loadRuns();
      } catch (e) {
        get().notify(`Could not resume: ${errorMessage(e)}`, 'error');
      }
    },
    async selectRun(runId) {
      if (runId === get().selectedRun && (runId === null || get().runReport?.runId === runId)) return;
      set({ selectedRun: runId, runReport: null, runReportStale: false, runCharts: null });
      if (runId) await Promise.all([loadReport(runId), loadCharts(runId)]);
    },
    async refreshRunReport() {
      const id = get().selectedRun;
      if (id) await loadReport(id);
    },
    async setExcludeUnresolved(on) {
      set({ runReportExcludeUnresolved: on });
      const id = get().selectedRun;
      if (id) await loadReport(id);
    },
    runProgressed(p) {
      const { runs, runReport, selectedRun } = get();
      const patch: Partial<RunsSlice> = { runProgress: { ...get().runProgress, [p.runId]: p } };
      const row = runs.find((r) => r.id === p.runId);
      if (row) {
        const status = p.ended?.status ?? 'running';
        const results = p.last ? Math.max(row.results, p.done) : row.results;
        if (row.status !== status || row.active !== !p.ended || row.results !== results) {
          patch.runs = runs.map((r) => (r.id === p.runId ? { ...r, status, active: !p.ended, results } : r));
        }
      }
      // The newest result joins the open report's outcome rows; its tables wait for the end of the run.
      if (p.last && runReport?.runId === p.runId) {
        const last = p.last;
        const old = runReport.outcomes.find((o) => sameKey(o, last));
        const outcome = {
          taskId: last.taskId,
          agent: last.agent,
          mode: last.mode,
          success: last.success,
          exit: last.exit,
          steps: old?.steps ?? 0,
        };
        patch.runReport = {
          ...runReport,
          outcomes: old ? runReport.outcomes.map((o) => (o === old ? outcome : o)) : [...runReport.outcomes, outcome],
        };
        patch.runReportStale = true;
      }
      if (p.ended && selectedRun === p.runId) patch.runReportStale = true; // redrawn just below
      set(patch);
      if (!row && !listingUnknown) {
        // A run this list does not hold yet (started by another window): list once.
        listingUnknown = true;
        void get()
          .loadRuns()
          .finally(() => (listingUnknown = false));
      }
      if (p.ended && selectedRun === p.runId) void Promise.all([loadReport(p.runId), loadCharts(p.runId)]);
    },
    runsChanged() {
      void get().reviewRunChanged(get().loadRuns());
    },
    forgetRuns() {
      reportRequest++;
      set({ runs: [], runProgress: {}, selectedRun: null, runReport: null, runReportStale: false, runCharts: null, runBundle: null });
    },
  };
};
