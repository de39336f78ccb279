import type { GraphDetail } from '../../../../shared/api/index.js';
import type { GraphSummary, ProbeVariantResult } from '../../../../shared/domain/graph.js';
import type { GraphEditInput } from '../../../../shared/schemas/graph-edit.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

/** The Graphs screen's server state: the list, the open version, the variant being looked at. */
export interface GraphsSlice {
  graphList: GraphSummary[];
  graphDetail: GraphDetail | null;
  /** A probe variant opened from the probe panel (its actions and the nodes the walk went through). */
  openVariant: ProbeVariantResult | null;
  graphBusy: boolean;
  loadGraphs(): Promise<void>;
  openGraph(taskId: string, version?: number): Promise<void>;
  /** Applies one edit to the open version; the result opens as the new version. */
  editGraph(edit: GraphEditInput): Promise<void>;
  /** Marks the taps behind an edge as standing for other options of their group too (or not); rebuilds. */
  markAlternatives(edge: string, alternatives: 'any' | string[] | null): Promise<void>;
  /** Probes the open graph: on a device the user confirmed for side effects, or structurally. */
  probeGraph(device: string | null): Promise<void>;
  showVariant(v: ProbeVariantResult | null): void;
  /** Makes the open (earlier) version the latest again, as a new version. */
  restoreGraphVersion(): Promise<void>;
  /** A batch of graphs being built or probed (buttons on the Graphs screen and the Overview), with its progress. */
  graphJob: GraphJob | null;
  /** Builds (or rebuilds) the graphs of these tasks one by one; each is probed structurally as it is built. */
  buildGraphs(taskIds: string[]): Promise<void>;
  /** Probes the latest graphs of these tasks without a device (structural probe). */
  probeGraphs(taskIds: string[]): Promise<void>;
  /** Stops the batch after the graph in hand. */
  stopGraphJob(): void;
}

export interface GraphJob {
  kind: 'build' | 'probe';
  total: number;
  done: number;
  /** The task being worked on now. */
  current: string | null;
  failed: { taskId: string; message: string }[];
  stopping: boolean;
}

export const createGraphsSlice: Slice<GraphsSlice> = (set, get, api) => {
  /** Runs a change that makes a new version, then shows that version and the refreshed list. */
  const change = async (
    what: string,
    f: (taskId: string) => Promise<{ version: number; taskId: string; trust: { status: string } }>,
  ): Promise<void> => {
    const d = get().graphDetail;
    if (!d) return;
    set({ graphBusy: true });
    try {
      const s = await f(d.summary.taskId);
      get().notify(`${what}: saved as version ${s.version} (${s.trust.status})`);
      await get().openGraph(s.taskId);
      await get().loadGraphs();
    } catch (e) {
      get().notify(`${what} refused: ${errorMessage(e)}`, 'error');
    } finally {
      set({ graphBusy: false });
    }
  };
  return {
    graphList: [],
    graphDetail: null,
    openVariant: null,
    graphBusy: false,
    async loadGraphs() {
      try {
        set({ graphList: await api.graphs.list() });
      } catch (e) {
        get().notify(`Could not load the graphs: ${errorMessage(e)}`, 'error');
      }
    },
    async openGraph(taskId, version) {
      try {
        set({ graphDetail: await api.graphs.get(version ? { taskId, version } : { taskId }), openVariant: null });
      } catch (e) {
        get().notify(`Could not open the graph of ${taskId}: ${errorMessage(e)}`, 'error');
      }
    },
    editGraph: (edit) => change('Edit', (taskId) => api.graphs.edit({ taskId, version: get().graphDetail!.summary.version, edit })),
    markAlternatives: (edge, alternatives) =>
      change('Free choice', (taskId) => api.graphs.markAlternatives({ taskId, edge, alternatives })),
    async probeGraph(device) {
      const d = get().graphDetail;
      if (!d) return;
      set({ graphBusy: true });
      try {
        const r = await api.graphs.probe({ taskId: d.summary.taskId, ...(device ? { device, allowSideEffects: true } : {}) });
        get().notify(
          `Probe (${r.kind}): ${r.variants} variants, ${r.falseAccepts} false accepts, ${r.falseRejects} false rejects, ${r.unplayable} unplayable, ${r.suspected} to settle`,
        );
        await get().openGraph(d.summary.taskId, d.summary.version);
        await get().loadGraphs();
      } catch (e) {
        get().notify(`Probe failed: ${errorMessage(e)}`, 'error');
      } finally {
        set({ graphBusy: false });
      }
    },
    showVariant(v) {
      set({ openVariant: v });
    },
    async restoreGraphVersion() {
      const d = get().graphDetail;
      if (!d) return;
      const from = d.summary.version;
      await change(`Version ${from} restored`, (taskId) => api.graphs.restore({ taskId, version: from }));
    },
    graphJob: null,
    buildGraphs: (taskIds) => batch('build', taskIds, (taskId) => api.graphs.build({ taskId })),
    probeGraphs: (taskIds) => batch('probe', taskIds, (taskId) => api.graphs.probe({ taskId, allowSideEffects: false })),
    stopGraphJob() {
      const j = get().graphJob;
      if (j) set({ graphJob: { ...j, stopping: true } });
    },
  };

  /** Works through the tasks one at a time, reporting each; one failing does not stop the others. */
  async function batch(kind: GraphJob['kind'], taskIds: string[], one: (taskId: string) => Promise<unknown>): Promise<void> {
    if (get().graphJob || taskIds.length === 0) return;
    let job: GraphJob = { kind, total: taskIds.length, done: 0, current: null, failed: [], stopping: false };
    set({ graphJob: job });
    for (const taskId of taskIds) {
      if (get().graphJob?.stopping) break;
      job = { ...get().graphJob!, current: taskId };
      set({ graphJob: job });
      try {
        await one(taskId);
      } catch (e) {
        job = { ...job, failed: [...job.failed, { taskId, message: errorMessage(e) }] };
      }
      job = { ...job, done: job.done + 1, stopping: get().graphJob?.stopping ?? false };
      set({ graphJob: job });
    }
    const verb = kind === 'build' ? 'Built' : 'Probed';
    const failed = job.failed.length
      ? `; ${job.failed.length} failed: ${job.failed.map((f) => `${f.taskId} (${f.message})`).join('; ')}`
      : '';
    get().notify(`${verb} ${job.done - job.failed.length} of ${job.total} graphs${failed}`, job.failed.length ? 'error' : 'info');
    set({ graphJob: null });
    await get().loadGraphs();
    const open = get().graphDetail;
    if (open && taskIds.includes(open.summary.taskId)) await get().openGraph(open.summary.taskId);
    void get().loadOverview();
  }
};
