import type { BranchStartDto } from '../../../../shared/api/index.js';
import type {
  OffGraphGroup,
  OffGraphNode,
  OffGraphOccurrence,
  ProposedRoute,
  OffGraphReport,
  RescoreSummary,
} from '../../../../shared/domain/off-graph.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

/** Which group of a report is open: its task, node and key. */
export interface OffGraphPick {
  taskId: string;
  node: string;
  key: string;
}

/**
 * The Graphs screen's off-graph view: a run's off-graph actions, the group being looked at, and the
 * branch being replayed. A replayed branch becomes the recording slice's open demonstration, so the
 * Record screen continues it where the agent's action left the phone.
 */
export interface OffGraphSlice {
  offGraphRunId: string | null;
  offGraph: OffGraphReport | null;
  offGraphPick: OffGraphPick | null;
  offGraphBusy: boolean;
  /** The branch just replayed on a phone (its demonstration is open in the recorder). */
  branch: BranchStartDto | null;
  /** The last re-scoring of the open run. */
  rescored: RescoreSummary | null;
  openOffGraph(runId: string | null): Promise<void>;
  pickOffGraph(pick: OffGraphPick | null): void;
  /** Which of the Graphs screen's views is shown: the task graphs, or a run's off-graph actions. */
  offGraphView: boolean;
  showOffGraph(on: boolean): void;
  /** Replays the demonstration's way to the node and the agent's action on `serial` (a confirmed test phone). */
  replayOffGraph(o: OffGraphOccurrence, serial: string): Promise<void>;
  markOffGraphWrong(o: OffGraphOccurrence, note: string): Promise<void>;
  rescoreOffGraphRun(): Promise<void>;
  /** Routes proposed for a task (exploration found the task's checks passing at their end), to accept in bulk. */
  proposedRoutes: { taskId: string; proposer: string; routes: ProposedRoute[] } | null;
  proposeRoutes(taskId: string): Promise<void>;
  /** Records the chosen routes on `serial` (a confirmed test phone); the graph grows by one version per task. */
  acceptRoutes(routes: ProposedRoute[], serial: string): Promise<void>;
  /** Graphs changed (a branch grew one, a mark was saved): the open report is read again. */
  offGraphChanged(): void;
}

/** The open group and its node, found in the current report. */
export function openGroup(r: OffGraphReport | null, p: OffGraphPick | null): { node: OffGraphNode; group: OffGraphGroup } | null {
  const node = r?.tasks.find((t) => t.taskId === p?.taskId)?.nodes.find((n) => n.node === p?.node);
  const group = node?.groups.find((g) => g.key === p?.key);
  return node && group ? { node, group } : null;
}

const refOf = (o: OffGraphOccurrence) => ({ runId: o.runId, taskId: o.taskId, agent: o.agent, step: o.step });

export const createOffGraphSlice: Slice<OffGraphSlice> = (set, get, api) => {
  let request = 0;
  const load = async (runId: string): Promise<void> => {
    const n = ++request;
    try {
      const report = await api.offGraph.list({ runId });
      if (n === request && get().offGraphRunId === runId) set({ offGraph: report });
    } catch (e) {
      get().notify(`Could not list the off-graph actions of ${runId}: ${errorMessage(e)}`, 'error');
    }
  };
  const busy = async (what: string, f: () => Promise<void>): Promise<void> => {
    if (get().offGraphBusy) return;
    set({ offGraphBusy: true });
    try {
      await f();
    } catch (e) {
      get().notify(`${what}: ${errorMessage(e)}`, 'error');
    } finally {
      set({ offGraphBusy: false });
    }
  };
  return {
    offGraphRunId: null,
    offGraph: null,
    offGraphPick: null,
    offGraphBusy: false,
    branch: null,
    rescored: null,
    async openOffGraph(runId) {
      set({ offGraphRunId: runId, offGraph: null, offGraphPick: null, branch: null, rescored: null });
      if (runId) await load(runId);
    },
    pickOffGraph(pick) {
      set({ offGraphPick: pick, branch: null });
    },
    offGraphView: false,
    showOffGraph(on) {
      set({ offGraphView: on });
    },
    replayOffGraph: (o, serial) =>
      busy('Replay failed', async () => {
        const b = await api.offGraph.replay({ ...refOf(o), serial, allowSideEffects: true });
        // The recorder holds the branch now: the Record screen shows and continues it.
        set({ branch: b, demonstration: b.demonstration, capture: null });
        get().notify(
          `Replayed ${b.replayed} demonstration step(s) and the agent's action on ${serial}${b.arrived.same ? '' : ` — ${b.arrived.reason}`}`,
          b.arrived.same ? 'info' : 'error',
        );
      }),
    markOffGraphWrong: (o, note) =>
      busy('Not marked', async () => {
        const r = await api.offGraph.markWrong({ ...refOf(o), note });
        set({ branch: null });
        get().notify(
          `Marked wrong: graph ${o.taskId} version ${r.summary.version}${r.attached ? '' : ' (its node is not in the latest version yet)'}`,
        );
        await load(o.runId);
        await get().loadGraphs();
      }),
    rescoreOffGraphRun: () =>
      busy('Re-scoring failed', async () => {
        const runId = get().offGraphRunId;
        if (!runId) return;
        const s = await api.offGraph.rescore({ runId });
        set({ rescored: s });
        get().notify(
          `Re-scored ${s.rescored.length} result(s) of ${runId}: ${s.flipped} changed${s.skipped.length ? `, ${s.skipped.length} skipped` : ''}`,
        );
        await load(runId);
      }),
    proposedRoutes: null,
    proposeRoutes: (taskId) =>
      busy('No routes', async () => {
        set({ proposedRoutes: null });
        const r = await api.offGraph.proposeRoutes({ taskId });
        set({ proposedRoutes: { taskId, ...r } });
        get().notify(`${r.proposer}: ${r.routes.length} route(s) the graph of ${taskId} does not know`);
      }),
    acceptRoutes: (routes, serial) =>
      busy('Routes not accepted', async () => {
        const r = await api.offGraph.acceptRoutes({ serial, allowSideEffects: true, routes });
        const accepted = new Set(r.recorded.map((x) => x.routeId));
        const p = get().proposedRoutes;
        if (p) set({ proposedRoutes: { ...p, routes: p.routes.filter((x) => !accepted.has(x.id)) } });
        get().notify(
          `Recorded ${r.recorded.length} of ${routes.length} route(s)${r.versions.length ? `; ${r.versions.map((v) => `${v.taskId} is now v${v.version}${v.trust === 'not valid' ? ` (not valid: ${v.reason})` : ''}`).join(', ')}` : ''}${r.refused.length ? `; refused: ${r.refused.map((x) => `${x.routeId} (${x.reason})`).join('; ')}` : ''}`,
          r.refused.length && !r.recorded.length ? 'error' : 'info',
        );
        const d = get().graphDetail;
        if (d && r.versions.some((v) => v.taskId === d.summary.taskId)) await get().openGraph(d.summary.taskId);
        await get().loadGraphs();
      }),
    offGraphChanged() {
      const runId = get().offGraphRunId;
      if (runId) void load(runId);
    },
  };
};
