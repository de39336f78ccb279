import type { Action } from '../../../shared/domain/action.js';
import type { GraphSummary } from '../../../shared/domain/graph.js';
import type { GrowthDecision, NodeAnchor, OffGraphRef } from '../../../shared/domain/off-graph.js';
import type { DemonstrationView } from '../../../shared/domain/recording.js';
import type { GraphNode } from '../../../shared/domain/task-graph.js';
import { graphScreen } from '../../../shared/domain/task-graph.js';
import type { ScreenSize } from '../../../shared/domain/ui-node.js';
import type { TargetElement } from '../../../shared/domain/ui-tree.js';
import { errorMessage } from '../../../shared/error-message.js';
import type { GraphVersion } from '../../adapters/db/repositories/graphs-repo.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { decodeXml } from '../../adapters/observations/observation-sink.js';
import { samePage } from '../../core/graph/compare.js';
import { attachKnownWrong } from '../../core/graph/growth/known-wrong.js';
import { choosePrefix, leftTheGraph } from '../../core/graph/growth/off-graph-actions.js';
import { summarize } from '../graphs/graph-builder.js';
import { trustOf } from '../graphs/graph-trust.js';
import { computeSignature } from '../../core/graph/signature.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import type { RecordingSessions } from '../recording/recording-service.js';
import { stepView } from '../recording/recording-service.js';
import { scoredVersion } from './off-graph-listing.js';
import { nodeScreens } from './node-screens.js';

/** Where an off-graph action was taken, and how to stand there again on a phone. */
export interface LocatedAction {
  ref: OffGraphRef;
  action: Action;
  /** The graph version that scored the result, and the node the agent stood on in it. */
  graph: GraphVersion;
  node: GraphNode;
  /** The demonstration observation replayed up to, and the actions that get there from the task's setup. */
  anchor: NodeAnchor;
  prefix: Action[];
  /** The element the action landed on in the node's screen, and that screen's size. */
  target: TargetElement | null;
  screen: ScreenSize;
}

/** Finds a run step that left the graph, and the demonstration prefix that leads to where it stood. */
export async function locateAction(store: WorkspaceStore, ref: OffGraphRef): Promise<LocatedAction> {
  const run = store.runs.get(ref.runId);
  if (!run) throw new Error(`no run ${ref.runId} in ${store.path}; list runs with: elderbench report --list`);
  const key = { runId: ref.runId, taskId: ref.taskId, agent: ref.agent, mode: 'offline' as const };
  const result = store.runs.results(ref.runId).find((r) => r.taskId === ref.taskId && r.agent === ref.agent && r.mode === 'offline');
  const steps = store.runs.steps(key);
  const step = steps.find((s) => s.idx === ref.step);
  if (!step)
    throw new Error(
      `run ${ref.runId} has no offline step ${ref.step} of ${ref.agent} on ${ref.taskId}; see: elderbench graph offgraph ${ref.runId}`,
    );
  if (!leftTheGraph(step))
    throw new Error(
      `step ${ref.step} of ${ref.agent} on ${ref.taskId} did not leave the graph; see: elderbench graph offgraph ${ref.runId}`,
    );
  const version = scoredVersion(result?.details ?? {}, run.manifest.graphVersions[ref.taskId]);
  const graph = version === null ? store.graphs.latest(ref.taskId) : store.graphs.atVersion(ref.taskId, version);
  if (!graph) throw new Error(`the graph version that scored ${ref.taskId} (v${version}) is not in this workspace`);
  const node = graph.body.nodes.find((n) => n.id === step.details.node);
  if (!node) throw new Error(`node ${step.details.node} is not in version ${graph.version} of the graph of ${ref.taskId}`);
  const taken = steps
    .filter((s) => s.idx < ref.step && s.details.match?.matched && s.details.match.edge !== undefined)
    .map((s) => String(s.details.match!.edge));
  const anchor = choosePrefix(graph.body, node.id, taken);
  if (!anchor) throw new Error(`node ${node.id} of ${ref.taskId} v${graph.version} has no recorded observation to replay to`);
  const demoSteps = store.demonstrations.steps(anchor.demonstrationId);
  const prefix = demoSteps.slice(0, anchor.idx).map((s) => s.action);
  if (demoSteps.length < anchor.idx || prefix.some((a) => a === null))
    throw new Error(
      `demonstration ${anchor.demonstrationId} is no longer complete in this workspace, so its way to ${node.id} cannot be replayed`,
    );
  return {
    ref,
    action: step.action,
    graph,
    node,
    anchor,
    prefix: prefix as Action[],
    target: await nodeScreens(store).targetOf(graph.body, node, step.action),
    screen: graphScreen(graph.body),
  };
}

/** A branch being recorded: the demonstration (open in the recorder), and whether the phone stood where the agent did. */
export interface BranchStart {
  demonstration: DemonstrationView;
  decision: GrowthDecision;
  /** Demonstration actions replayed before the agent's. */
  replayed: number;
  /** The screen before the agent's action, against the node the agent stood on. */
  arrived: { same: boolean; reason: string };
}

/**
 * Replays the demonstration's prefix on a phone through the recorder (from the task's setup, every step
 * captured as a person's would be), applies the agent's action, and leaves the demonstration open: the
 * annotator continues recording from the screen the action led to (a new branch), or gives it up.
 */
export async function startBranch(
  store: WorkspaceStore,
  sessions: RecordingSessions,
  ref: OffGraphRef,
  serial: string,
): Promise<BranchStart> {
  const at = await locateAction(store, ref);
  const rec = await sessions.start(ref.taskId, serial);
  const id = rec.demonstrationId;
  const decision = store.offGraph.add({
    kind: 'branch',
    taskId: ref.taskId,
    source: { runId: ref.runId, agent: ref.agent, step: ref.step },
    anchor: at.anchor,
    action: at.action,
    target: at.target,
    screen: at.screen,
    demonstrationId: id,
    note: '',
  });
  let beforeIdx: number | null = null;
  const all = [...at.prefix, at.action];
  for (const [i, a] of all.entries()) {
    try {
      const s = await sessions.capture(id, 'step', (r) => r.act(a));
      if (i === at.prefix.length) beforeIdx = s.idx;
      sessions.emit(id, stepView(s));
    } catch (e) {
      await sessions
        .recorder(id)
        .discard()
        .catch(() => undefined);
      sessions.close(id);
      sessions.emit(id, null);
      const what = i < at.prefix.length ? `step ${i + 1} of demonstration ${at.anchor.demonstrationId}` : "the agent's action";
      throw new Error(`replaying ${what} on ${serial} failed: ${errorMessage(e)}; the branch was discarded`, { cause: e });
    }
  }
  // The screens are stored after the steps commit: the one before the agent's action is read once it is there.
  await sessions.settled(id);
  const before = beforeIdx === null ? null : (store.demonstrations.steps(id).find((s) => s.idx === beforeIdx) ?? null);
  return { demonstration: sessions.view(id), decision, replayed: at.prefix.length, arrived: await arrivedAt(store, at, before) };
}

/** Whether the screen the phone showed before the agent's action is the page of the node the agent stood on. */
async function arrivedAt(
  store: WorkspaceStore,
  at: LocatedAction,
  before: { xmlBlob: string | null; foregroundPackage: string | null; foregroundActivity: string | null } | null,
): Promise<{ same: boolean; reason: string }> {
  if (!before?.xmlBlob) return { same: false, reason: 'the screen before the action was not captured' };
  const ui = parseUiXml(await decodeXml(await store.blobs.get(before.xmlBlob)));
  const fg = before.foregroundPackage ? { package: before.foregroundPackage, activity: before.foregroundActivity ?? '' } : null;
  const sig = computeSignature(ui, fg, at.graph.config.signature);
  return samePage(at.node.signature, sig, at.graph.config.signature)
    ? { same: true, reason: `the phone showed the page of ${at.node.id} before the agent's action` }
    : {
        same: false,
        reason: `the phone did not show the page of ${at.node.id} before the agent's action (it showed ${sig.title ?? sig.activity}); it is not set up as when the demonstration was recorded, so the branch may not join the graph there`,
      };
}

/**
 * Marks an off-graph action wrong at its node: stored with the decisions (every rebuild keeps it) and
 * saved at once as a new graph version whose node carries the mark, so walks and reports say "known
 * wrong". A branch of the same action still being recorded is given up.
 */
export async function markWrong(
  store: WorkspaceStore,
  sessions: RecordingSessions,
  ref: OffGraphRef,
  note: string,
): Promise<{ decision: GrowthDecision; summary: GraphSummary; attached: boolean }> {
  const at = await locateAction(store, ref);
  for (const d of store.offGraph.forTask(ref.taskId)) {
    const open = d.demonstrationId !== null && sessions.active.get(d.demonstrationId)?.state === 'recording';
    if (d.kind === 'branch' && open && d.source?.runId === ref.runId && d.source.agent === ref.agent && d.source.step === ref.step) {
      await sessions.recorder(d.demonstrationId!).discard();
      sessions.close(d.demonstrationId!);
      sessions.emit(d.demonstrationId!, null);
    }
  }
  const decision = store.offGraph.add({
    kind: 'wrong',
    taskId: ref.taskId,
    source: { runId: ref.runId, agent: ref.agent, step: ref.step },
    anchor: at.anchor,
    action: at.action,
    target: at.target,
    screen: at.screen,
    demonstrationId: null,
    note,
  });
  const { summary, attached } = saveMarks(store, ref.taskId, decision.id);
  return { decision, summary, attached };
}

/**
 * A new version of the task's latest graph carrying every mark. Marks change no edge, so the walk accepts
 * and rejects exactly what the parent did: the parent's latest probe holds for it and is kept with it.
 */
export function saveMarks(store: WorkspaceStore, taskId: string, markId: number): { summary: GraphSummary; attached: boolean } {
  const latest = store.graphs.latest(taskId);
  if (!latest) throw new Error(`task ${taskId} has no graph; build one with: elderbench graph build --task ${taskId}`);
  const body = attachKnownWrong(latest.body, store.offGraph.forTask(taskId));
  const next = store.graphs.addVersion(taskId, { parentId: latest.id, config: latest.config, body, validation: latest.validation });
  const probe = store.graphProbes.latest(latest.id);
  if (probe) store.graphProbes.add(next.id, { ...probe.result, graphVersion: next.version });
  const demos = new Set(body.nodes.flatMap((n) => n.members.map((m) => m.demonstrationId))).size;
  return {
    summary: summarize(
      next.id,
      next.version,
      next.createdAt,
      body,
      next.validation,
      demos,
      trustOf(store, next.id, next.validation.selfConsistency),
    ),
    attached: body.nodes.some((n) => n.knownWrong?.some((k) => k.id === markId)),
  };
}
