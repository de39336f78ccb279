import type { GraphConfig, GraphSummary, GraphTrust, GraphValidation } from '../../../shared/domain/graph.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { DEFAULT_SCREEN } from '../../../shared/domain/action-px.js';
import { trustOf } from './graph-trust.js';
import type { Step } from '../../adapters/db/repositories/demonstrations-repo.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { ScreenSize, UiHierarchy } from '../../../shared/domain/ui-node.js';
import type { Foreground } from '../../core/device/device-port.js';
import { averageHash } from '../../adapters/observations/image-hash.js';
import { loadUiDump } from '../../adapters/observations/observation-sink.js';
import type { Demo, DemoStep, SignatureConfig, TaskGraph } from '../../../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../shared/domain/task-graph.js';
import { buildGraph } from '../../core/graph/merge.js';
import { computeSignature } from '../../core/graph/signature.js';
import { toDemoStep } from '../../core/graph/demo-step.js';
import { typedThenEnter } from '../../core/graph/typed-then-enter.js';
import type { Action } from '../../../shared/domain/action.js';
import { enteredTextsOf } from '../../core/graph/content.js';
import { validateGraph } from '../../core/graph/validate.js';
import { attachKnownWrong } from '../../core/graph/growth/known-wrong.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import type { GoalHints } from '../../core/graph/text-slots.js';
import type { TaskBound } from '../../core/graph/task-bounds.js';
import { taskBounds, taskDirection } from '../../core/graph/task-bounds.js';
import { JiebaTokenizer } from '../../adapters/nlp/jieba-tokenizer.js';

/** A recorded step with its parsed UI dump: what the builder and the probe read. */
export interface ReadStep {
  row: Step;
  ui: UiHierarchy;
  foreground: Foreground | null;
  screen: ScreenSize;
}

/** A finished demonstration with every step's UI parsed, and the screen it was recorded on. */
export interface ReadDemonstration {
  id: number;
  screen: ScreenSize;
  steps: ReadStep[];
}

/** A task's finished demonstrations, read for the builder and the probe (optionally only some demonstrations). */
export async function readDemonstrations(store: WorkspaceStore, taskId: string, only?: ReadonlySet<number>): Promise<ReadDemonstration[]> {
  const out: ReadDemonstration[] = [];
  for (const d of store.demonstrations.listForTask(taskId)) {
    if (d.status !== 'finished' || (only && !only.has(d.id))) continue;
    const steps: (Omit<ReadStep, 'screen'> & { screen: ScreenSize | null })[] = [];
    for (const s of store.demonstrations.steps(d.id)) {
      if (!s.xmlBlob) throw new Error(`demonstration ${d.id} step ${s.idx} has no UI dump; re-record it`);
      const ui = parseUiXml(await loadUiDump(store.blobs, s.xmlBlob));
      const foreground = s.foregroundPackage ? { package: s.foregroundPackage, activity: s.foregroundActivity ?? '' } : null;
      steps.push({ row: s, ui, foreground, screen: s.actionPx?.screen ?? null });
    }
    // Steps without a recorded screen (the final one has no action) take the demonstration's.
    const screen = steps.find((s) => s.screen)?.screen ?? { ...DEFAULT_SCREEN };
    out.push({ id: d.id, screen, steps: steps.map((s) => ({ ...s, screen: s.screen ?? screen })) });
  }
  return out;
}

/** The builder's input for one read step; the screenshot's hash only for screens with almost no structure. */
async function toBuilderStep(
  store: WorkspaceStore,
  demoId: number,
  s: ReadStep,
  cfg: SignatureConfig,
  bounds: readonly TaskBound[],
): Promise<DemoStep> {
  const tiny = cfg.useImageHash && s.row.screenshotBlob && computeSignature(s.ui, s.foreground, cfg).structure.length < 3;
  return toDemoStep(
    {
      ref: { demonstrationId: demoId, idx: s.row.idx, screenshotBlob: s.row.screenshotBlob, xmlBlob: s.row.xmlBlob },
      ui: s.ui,
      foreground: s.foreground,
      action: s.row.action,
      actionPx: s.row.actionPx,
      screen: s.screen,
      alternatives: s.row.alternatives,
      bounds,
      imageHash: tiny ? await averageHash(await store.blobs.get(s.row.screenshotBlob!)) : null,
    },
    cfg,
  );
}

/** Loads a task's finished demonstrations as the graph builder's input (signatures from the stored XML). */
export async function loadDemos(store: WorkspaceStore, taskId: string, cfg: SignatureConfig): Promise<Demo[]> {
  return demosFrom(store, taskId, await readDemonstrations(store, taskId), cfg);
}

/** The bounds the task's words put on a value ("150% 或更大"), from its instruction and its normalized rewrite. */
export function boundsOfTask(store: WorkspaceStore, taskId: string): TaskBound[] {
  const task = store.tasks.get(taskId);
  return task ? taskBounds([task.instruction, task.normalized]) : [];
}

async function demosFrom(store: WorkspaceStore, taskId: string, read: readonly ReadDemonstration[], cfg: SignatureConfig): Promise<Demo[]> {
  const demos: Demo[] = [];
  const bounds = boundsOfTask(store, taskId);
  for (const d of read) {
    const steps: DemoStep[] = [];
    for (const s of d.steps) {
      // A Type that submits (the hand recorder's): the text typed, then Enter, as two steps of the graph.
      const split = typedThenEnter(s.ui, s.row.action);
      if (!split) {
        steps.push(await toBuilderStep(store, d.id, s, cfg, bounds));
        continue;
      }
      const row = (action: Action): Step => ({ ...s.row, action, actionPx: { type: action.type as 'Type' | 'Enter', screen: s.screen } });
      steps.push(await toBuilderStep(store, d.id, { ...s, row: row(split.typed) }, cfg, bounds));
      steps.push(await toBuilderStep(store, d.id, { ...s, ui: split.after, row: row({ type: 'Enter' }) }, cfg, bounds));
    }
    demos.push({ id: d.id, steps });
  }
  return demos;
}

export function summarize(
  graphId: number,
  version: number,
  createdAt: string,
  g: TaskGraph,
  v: GraphValidation,
  demos: number,
  trust: GraphTrust,
): GraphSummary {
  return {
    taskId: g.taskId,
    graphId,
    version,
    demonstrations: demos,
    nodes: g.nodes.length,
    edges: g.edges.length,
    doneNodes: g.nodes.filter((n) => n.done).length,
    selfConsistency: v.selfConsistency,
    leaveOneOut: v.leaveOneOut,
    flaggedNodes: v.flaggedNodes,
    createdAt,
    trust,
  };
}

/**
 * What a task's graph build knows beyond its demonstrations: the instruction (what free text must say,
 * what the person corrected away), a word segmenter for it, and the key terms its own checks ask of a message.
 */
export function goalHints(store: WorkspaceStore, taskId: string): GoalHints {
  const task = store.tasks.get(taskId);
  const tokenizer = new JiebaTokenizer();
  // The key terms of the task's own text checks (what a message it sends must say): the slots of the field typed into.
  const terms = (task?.success_checks ?? []).flatMap((c) => (c.expect.terms ? [c.expect.terms] : []));
  const direction = task ? taskDirection([task.instruction, task.normalized]) : null;
  return {
    ...(task ? { instruction: task.instruction } : {}),
    ...(direction ? { direction } : {}),
    tokenize: (s) => tokenizer.cut(s),
    ...(terms.length > 0 ? { terms } : {}),
  };
}

/** Builds, validates and stores a new graph version for a task from its finished demonstrations. */
export async function buildAndStore(
  store: WorkspaceStore,
  taskId: string,
  config: GraphConfig = { signature: DEFAULT_SIGNATURE_CONFIG, match: DEFAULT_MATCH_OPTIONS },
): Promise<GraphSummary> {
  if (!store.tasks.get(taskId)) throw new Error(`no task "${taskId}" in this workspace`);
  const read = await readDemonstrations(store, taskId);
  if (read.length === 0) throw new Error(`task ${taskId} has no finished demonstrations; record one first (elderbench record)`);
  // What the demonstrations typed, so a page that later shows it (the sent message) is a state of its own.
  const typed = read.flatMap((d) => d.steps.flatMap((s) => (s.row.action?.type === 'Type' ? [s.row.action.text] : [])));
  config = { ...config, signature: { ...config.signature, enteredTexts: enteredTextsOf(typed) } };
  const demos = await demosFrom(store, taskId, read, config.signature);
  const hints = goalHints(store, taskId);
  // Actions an annotator marked wrong at a node ride along with every rebuild (they live with the decisions).
  const graph = attachKnownWrong(
    buildGraph(taskId, demos, config.signature, config.match, 'reduce', hints),
    store.offGraph.forTask(taskId),
  );
  const validation = validateGraph(graph, demos, config.match, hints);
  const prev = store.graphs.latest(taskId);
  const row = store.graphs.addVersion(taskId, { parentId: prev?.id ?? null, config, body: graph, validation });
  return summarize(row.id, row.version, row.createdAt, graph, validation, demos.length, trustOf(store, row.id, validation.selfConsistency));
}
