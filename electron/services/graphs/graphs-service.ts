import type { ElderBenchHandlers, GraphDetail } from '../../../shared/api/index.js';
import { ApiError } from '../../../shared/api/index.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import type { GraphSummary } from '../../../shared/domain/graph.js';
import type { GraphVersion } from '../../adapters/db/repositories/graphs-repo.js';
import { applyEdit, GraphEditError } from '../../core/graph/edit.js';
import { validateGraph } from '../../core/graph/validate.js';
import { buildAndStore, goalHints, loadDemos, summarize } from './graph-builder.js';
import type { ServiceContext } from '../service-context.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { graphTrust, trustOf } from './graph-trust.js';
import type { DevicePort } from '../../core/device/device-port.js';
import { packagesOf, probeTask } from './graph-probe.js';
import { errorMessage } from '../../../shared/error-message.js';
import { requireConfirmation } from '../call-context.js';

function detail(store: WorkspaceStore, row: GraphVersion, versions: { version: number; createdAt: string }[]): GraphDetail {
  const graph = row.body;
  const validation = row.validation;
  const demos = new Set(graph.nodes.flatMap((n) => n.members.map((m) => m.demonstrationId))).size;
  const probe = store.graphProbes.latest(row.id);
  return {
    summary: summarize(row.id, row.version, row.createdAt, graph, validation, demos, graphTrust(validation.selfConsistency, probe)),
    graph,
    versions,
    probe: probe?.result ?? null,
  };
}

/**
 * The Graphs screen's service. `deviceOf` reaches a phone by serial for probes the user asked to play
 * on a device (after confirming that wrong variants may send, pay or delete on it).
 */
export function graphsService(ctx: ServiceContext, deviceOf: (serial: string) => DevicePort): ElderBenchHandlers['graphs'] {
  const find = (taskId: string, version?: number): GraphVersion => {
    const ws = ctx.store();
    const v = version === undefined ? ws.graphs.latest(taskId) : ws.graphs.versions(taskId).find((x) => x.version === version);
    const row = v && ws.graphs.get(v.id);
    if (!row) throw new ApiError('not_found', `task ${taskId} has no graph${version ? ` version ${version}` : ''}; build one first`);
    return row;
  };
  const changed = (): void => ctx.events.emit('system', 'onDataChanged', { table: 'graphs' });
  return {
    list: () => {
      const ws = ctx.store();
      return ws.tasks
        .list()
        .map((t) => ws.graphs.latest(t.id))
        .filter((g): g is GraphVersion => g !== undefined)
        .map((row) => detail(ws, row, []).summary);
    },
    get: ({ taskId, version }) => detail(ctx.store(), find(taskId, version), ctx.store().graphs.versions(taskId)),
    build: async ({ taskId }) => {
      try {
        const s = await buildAndStore(ctx.store(), taskId);
        // The window probes what it built without a device; a device probe is the user's explicit choice.
        await probeTask({ store: ctx.store(), settleMs: 0, deviceFor: async () => null }, taskId);
        changed();
        return { ...s, trust: trustOf(ctx.store(), s.graphId, s.selfConsistency) };
      } catch (e) {
        throw new ApiError('bad_request', errorMessage(e));
      }
    },
    markAlternatives: async ({ taskId, edge, alternatives }) => {
      const row = find(taskId);
      const e = row.body.edges.find((x) => x.id === edge);
      if (!e) throw new ApiError('not_found', `no edge ${edge} in the latest graph of ${taskId}`);
      if (e.action.type !== 'Tap')
        throw new ApiError(
          'bad_request',
          `edge ${edge} is a ${e.action.type}; only taps on an option of a group can stand for other options`,
        );
      const ws = ctx.store();
      const marked = e.uses.filter(([demo, idx]) => ws.demonstrations.setAlternatives(demo, idx, alternatives));
      if (marked.length === 0)
        throw new ApiError(
          'bad_request',
          `the demonstrations behind ${edge} are not in this workspace (an imported graph); record them here to mark their taps`,
        );
      try {
        const s = await buildAndStore(ws, taskId);
        await probeTask({ store: ws, settleMs: 0, deviceFor: async () => null }, taskId);
        changed();
        return { ...s, trust: trustOf(ws, s.graphId, s.selfConsistency) };
      } catch (err) {
        throw new ApiError('bad_request', errorMessage(err));
      }
    },
    probe: async ({ taskId, device, allowSideEffects }) => {
      find(taskId);
      if (device && !allowSideEffects) {
        throw new ApiError(
          'bad_request',
          `probing on ${device} plays wrong variants that may send messages, pay or delete there; confirm that it is a test phone`,
        );
      }
      const store = ctx.store();
      const phone = device ? deviceOf(device) : null;
      // The page's own flag is not enough on a real phone: the user confirms in the window's dialog.
      if (phone && device && !(await phone.info().catch(() => ({ emulator: false }))).emulator) {
        requireConfirmation({
          title: `Play wrong variants of ${taskId} on the real phone ${device}?`,
          detail:
            `A probe plays the task's setup and variants of its demonstrations that the graph calls wrong: on ${device} they may ` +
            'send messages, pay or delete. Confirm only on a test phone with nothing of value on it.',
          cli: `elderbench graph probe --task ${taskId} --device ${device} --allow-side-effects`,
        });
      }
      const has = phone
        ? await packagesOf(phone).catch((err: Error) => {
            throw new ApiError('unavailable', `${device}: ${err.message}`);
          })
        : new Set<string>();
      try {
        const r = await probeTask(
          { store, settleMs: 0, deviceFor: async (task) => (phone && has.has(task.package) ? phone : null) },
          taskId,
        );
        changed();
        return r;
      } catch (err) {
        throw new ApiError('bad_request', errorMessage(err));
      }
    },
    edit: async ({ taskId, version, edit }) => {
      const row = find(taskId, version);
      let graph: TaskGraph;
      try {
        graph = applyEdit(row.body, edit);
      } catch (e) {
        if (e instanceof GraphEditError) throw new ApiError('bad_request', e.message);
        throw e;
      }
      return saveVersion(row, graph);
    },
    restore: ({ taskId, version }) => {
      const latest = find(taskId);
      const row = find(taskId, version);
      if (row.id === latest.id) throw new ApiError('bad_request', `version ${version} is already the latest of ${taskId}`);
      return saveVersion(row, row.body);
    },
  };

  /** Saves `graph` as the task's next version (parent `row`), validated against the demonstrations still here. */
  async function saveVersion(row: GraphVersion, graph: TaskGraph): Promise<GraphSummary> {
    const taskId = row.taskId;
    const config = row.config;
    // Re-validate against the demonstrations still in this workspace (an imported graph may have none).
    const demos = await loadDemos(ctx.store(), taskId, config.signature).catch(() => []);
    const present = new Set(graph.nodes.flatMap((n) => n.members.map((m) => m.demonstrationId)));
    const validation = validateGraph(
      graph,
      demos.filter((d) => present.has(d.id)),
      config.match,
      goalHints(ctx.store(), taskId),
    );
    const next = ctx.store().graphs.addVersion(taskId, { parentId: row.id, config, body: graph, validation });
    changed();
    return summarize(
      next.id,
      next.version,
      next.createdAt,
      graph,
      validation,
      present.size,
      trustOf(ctx.store(), next.id, validation.selfConsistency),
    );
  }
}
