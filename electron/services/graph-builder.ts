import type { Action } from '../../shared/domain/action.js';
import type { GraphSummary } from '../../shared/domain/graph.js';
import type { WorkspaceStore } from '../adapters/db/workspace-store.js';
import { averageHash } from '../adapters/observations/image-hash.js';
import { decodeXml } from '../adapters/observations/observation-sink.js';
import type { Demo, DemoStep, SignatureConfig, TaskGraph } from '../../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../shared/domain/task-graph.js';
import type { MatchOptions } from '../core/graph/match.js';
import { DEFAULT_MATCH_OPTIONS } from '../core/graph/match.js';
import { buildGraph } from '../core/graph/merge.js';
import { computeSignature } from '../core/graph/signature.js';
import type { GraphValidation } from '../core/graph/validate.js';
import { validateGraph } from '../core/graph/validate.js';
import { parseUiXml } from '../core/ui/parse-ui-xml.js';

export interface StoredGraphConfig {
  signature: SignatureConfig;
  match: MatchOptions;
}

/** Loads a task's finished demonstrations as the graph builder's input (signatures from the stored XML). */
export async function loadDemos(store: WorkspaceStore, taskId: string, cfg: SignatureConfig): Promise<Demo[]> {
  const demos: Demo[] = [];
  for (const d of store.demonstrations.listForTask(taskId)) {
    if (d.status !== 'finished') continue;
    const steps: DemoStep[] = [];
    for (const s of store.demonstrations.steps(d.id)) {
      if (!s.xmlBlob) throw new Error(`demonstration ${d.id} step ${s.idx} has no UI dump; re-record it`);
      const ui = parseUiXml(await decodeXml(await store.blobs.get(s.xmlBlob)));
      const fg = s.foregroundPackage ? { package: s.foregroundPackage, activity: s.foregroundActivity ?? '' } : null;
      let sig = computeSignature(ui, fg, cfg);
      if (cfg.useImageHash && sig.structure.length < 3 && s.screenshotBlob) {
        sig = computeSignature(ui, fg, cfg, await averageHash(await store.blobs.get(s.screenshotBlob)));
      }
      const screen = (s.actionPx?.screen as { width: number; height: number } | undefined) ?? { width: 1080, height: 2400 };
      steps.push({
        ref: { demonstrationId: d.id, idx: s.idx, screenshotBlob: s.screenshotBlob, xmlBlob: s.xmlBlob },
        signature: sig,
        action: s.action as Action | null,
        actionPx: s.actionPx,
        screen,
      });
    }
    // Screens of steps without a recorded screen inherit the demonstration's (the final step has no action).
    const screen = steps.find((s) => s.actionPx)?.screen;
    if (screen) for (const s of steps) if (!s.actionPx) s.screen = screen;
    demos.push({ id: d.id, steps });
  }
  return demos;
}

export function summarize(graphId: number, version: number, createdAt: string, g: TaskGraph, v: GraphValidation, demos: number): GraphSummary {
  return {
    taskId: g.taskId, graphId, version, demonstrations: demos, nodes: g.nodes.length, edges: g.edges.length,
    doneNodes: g.nodes.filter((n) => n.done).length, selfConsistency: v.selfConsistency, leaveOneOut: v.leaveOneOut,
    flaggedNodes: v.flaggedNodes, createdAt,
  };
}

/** Builds, validates and stores a new graph version for a task from its finished demonstrations. */
export async function buildAndStore(
  store: WorkspaceStore,
  taskId: string,
  config: StoredGraphConfig = { signature: DEFAULT_SIGNATURE_CONFIG, match: DEFAULT_MATCH_OPTIONS },
): Promise<GraphSummary> {
  if (!store.tasks.get(taskId)) throw new Error(`no task "${taskId}" in this workspace`);
  const demos = await loadDemos(store, taskId, config.signature);
  if (demos.length === 0) throw new Error(`task ${taskId} has no finished demonstrations; record one first (elderbench record)`);
  const graph = buildGraph(taskId, demos, config.signature, config.match);
  const validation = validateGraph(graph, demos, config.match);
  const prev = store.graphs.latest(taskId);
  const row = store.graphs.addVersion(taskId, { parentId: prev?.id ?? null, config, body: graph, validation });
  return summarize(row.id, row.version, row.createdAt, graph, validation, demos.length);
}
