import type { ElderBenchHandlers, GraphDetail } from '../../shared/api/index.js';
import { ApiError } from '../../shared/api/index.js';
import type { TaskGraph } from '../../shared/domain/task-graph.js';
import type { GraphVersion } from '../adapters/db/repositories/graphs-repo.js';
import { applyEdit, GraphEditError } from '../core/graph/edit.js';
import type { GraphValidation } from '../core/graph/validate.js';
import { validateGraph } from '../core/graph/validate.js';
import type { StoredGraphConfig } from './graph-builder.js';
import { buildAndStore, loadDemos, summarize } from './graph-builder.js';
import type { ServiceContext } from './service-context.js';
import type { WorkspaceStore } from '../adapters/db/workspace-store.js';
import { graphTrust, trustOf } from './graph-trust.js';

function detail(store: WorkspaceStore, row: GraphVersion, versions: { version: number; createdAt: string }[]): GraphDetail {
  const graph = row.body as TaskGraph;
  const validation = row.validation as GraphValidation;
  const demos = new Set(graph.nodes.flatMap((n) => n.members.map((m) => m.demonstrationId))).size;
  const probe = store.graphProbes.latest(row.id);
  return {
    summary: summarize(row.id, row.version, row.createdAt, graph, validation, demos, graphTrust(validation.selfConsistency, probe)),
    graph, versions, probe: probe?.result ?? null,
  };
}

export function graphsService(ctx: ServiceContext): ElderBenchHandlers['graphs'] {
  const find = (taskId: string, version?: number): GraphVersion => {
    const ws = ctx.store();
    const v = version === undefined ? ws.graphs.latest(taskId) : ws.graphs.versions(taskId).find((x) => x.version === version);
    const row = v && ws.graphs.get(v.id);
    if (!row) throw new ApiError('not_found', `task ${taskId} has no graph${version ? ` version ${version}` : ''}; build one first`);
    return row;
  };
  const changed = (): void => ctx.events.emit('system.onDataChanged', { table: 'graphs' });
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
        changed();
        return s;
      } catch (e) {
        throw new ApiError('bad_request', (e as Error).message);
      }
    },
    edit: async ({ taskId, version, edit }) => {
      const row = find(taskId, version);
      let graph: TaskGraph;
      try {
        graph = applyEdit(row.body as TaskGraph, edit);
      } catch (e) {
        if (e instanceof GraphEditError) throw new ApiError('bad_request', e.message);
        throw e;
      }
      const config = row.config as StoredGraphConfig;
      // Re-validate against the demonstrations still in this workspace (an imported graph may have none).
      const demos = await loadDemos(ctx.store(), taskId, config.signature).catch(() => []);
      const present = new Set(graph.nodes.flatMap((n) => n.members.map((m) => m.demonstrationId)));
      const validation = validateGraph(graph, demos.filter((d) => present.has(d.id)), config.match);
      const next = ctx.store().graphs.addVersion(taskId, { parentId: row.id, config, body: graph, validation });
      changed();
      return summarize(next.id, next.version, next.createdAt, graph, validation, present.size, trustOf(ctx.store(), next.id, validation.selfConsistency));
    },
  };
}
