import type { Action } from '../../../../shared/domain/action.js';
import { OPERATIONAL_ACTIONS } from '../../../../shared/domain/action.js';
import { describeAction } from '../../../../shared/domain/describe-action.js';
import type { GrowthDecisionView, NodeAnchor, OffGraphGroup, OffGraphOccurrence } from '../../../../shared/domain/off-graph.js';
import type { RunStepDetails } from '../../../../shared/domain/run-records.js';
import type { TaskGraph } from '../../../../shared/domain/task-graph.js';
import type { TargetElement } from '../../../../shared/domain/ui-tree.js';
import type { MatchOptions } from '../match.js';
import { normalizeText, swipeDirection } from '../match.js';
import { repeatsAction } from './known-wrong.js';

/** A stored offline step as the listing reads it. */
export interface OfflineStep {
  idx: number;
  action: Action;
  observationBlob: string | null;
  details: RunStepDetails;
}

/**
 * Whether a stored offline step left the graph: its action matched no edge, or it was a tap to a page the graph does
 * not know (the walk lets Back return from such an excursion, or follows another task's recording of that page, but
 * the page it opened is where this graph could grow).
 * Wait and Noop keep the screen and never leave it. An action taken on such an unknown page is not listed: it did not
 * happen at a node of the graph (the tap that led there is).
 */
export function leftTheGraph(s: { action: Action; details: RunStepDetails }): boolean {
  const m = s.details.match;
  const onUnknownPage = s.details.nodes !== undefined && s.details.nodes.length === 0;
  return (
    !!m &&
    (!m.matched || m.how === 'excursion' || m.how === 'app-page') &&
    !onUnknownPage &&
    OPERATIONAL_ACTIONS.includes(s.action.type) &&
    !!s.details.node
  );
}

/** The actions of one offline result that left the graph (see leftTheGraph). */
export function offGraphOccurrences(
  key: { runId: string; taskId: string; agent: string },
  result: { success: boolean; exit: string; graphVersion: number | null },
  steps: readonly OfflineStep[],
): OffGraphOccurrence[] {
  return steps.flatMap((s): OffGraphOccurrence[] => {
    const m = s.details.match;
    const node = s.details.node;
    if (!m || !node || !leftTheGraph(s)) return [];
    return [
      {
        ...key,
        step: s.idx,
        action: s.action,
        node,
        graphVersion: result.graphVersion,
        observationBlob: s.observationBlob,
        nearest: {
          edge: m.nearestEdge === undefined || m.nearestEdge === null ? null : String(m.nearestEdge),
          reason: m.reason ?? '',
          distancePx: m.distancePx ?? null,
          similarity: m.similarity ?? null,
        },
        result: { success: result.success, exit: result.exit },
      },
    ];
  });
}

/**
 * What an action did, as a key: the control a tap landed on (its id, class, label and place), the text
 * typed (normalized), a swipe's direction, the key or app. Actions with one key did the same thing.
 */
export function actionKey(action: Action, target: TargetElement | null): string {
  switch (action.type) {
    case 'Tap':
    case 'DoubleTap':
    case 'LongPress': {
      if (target) {
        const b = target.bounds;
        return `${action.type}|${target.resourceId}|${target.className}|${target.text}|${b.left},${b.top},${b.right},${b.bottom}`;
      }
      // No screen to look at: taps within the tap tolerance's grid cell count as one.
      return `${action.type}|@${Math.round(action.at.x / 25)},${Math.round(action.at.y / 25)}`;
    }
    case 'Type':
      return `Type|${normalizeText(action.text)}`;
    case 'Swipe':
      return `Swipe|${swipeDirection(action.from, action.to)}`;
    case 'Key':
      return `Key|${action.key}`;
    case 'LaunchApp':
      return `LaunchApp|${normalizeText(action.app)}`;
    default:
      return action.type;
  }
}

/** The decisions that still stand: a branch whose recording was discarded or cut off decided nothing. */
export const standingDecisions = (ds: readonly GrowthDecisionView[]): GrowthDecisionView[] =>
  ds.filter(
    (d) =>
      d.kind !== 'route' && !(d.kind === 'branch' && (d.demonstrationStatus === 'discarded' || d.demonstrationStatus === 'interrupted')),
  );

/**
 * The latest decision that covers an occurrence: one made on this very step, or one made at the same
 * node (its anchor observation is a member of the node) about an action this one repeats.
 */
export function decisionFor(
  decisions: readonly GrowthDecisionView[],
  o: OffGraphOccurrence,
  graph: Pick<TaskGraph, 'nodes'> | null,
  opts: MatchOptions,
): GrowthDecisionView | null {
  const node = graph?.nodes.find((n) => n.id === o.node) ?? null;
  const members = new Set(node?.members.map((m) => `${m.demonstrationId}:${m.idx}`) ?? []);
  const covering = standingDecisions(decisions).filter((d) => {
    if (d.source && d.source.runId === o.runId && d.source.agent === o.agent && d.source.step === o.step && d.taskId === o.taskId)
      return true;
    if (!d.anchor || !d.action || !members.has(`${d.anchor.demonstrationId}:${d.anchor.idx}`)) return false;
    return repeatsAction(
      o.node,
      { id: d.id, action: d.action, target: d.target, screen: d.screen ?? { width: 1080, height: 2400 } },
      o.action,
      opts,
    );
  });
  return covering.at(-1) ?? null;
}

/** Groups one node's off-graph actions by what they did; the largest group first. */
export function groupAtNode(
  occurrences: readonly { occurrence: OffGraphOccurrence; target: TargetElement | null }[],
  decide: (o: OffGraphOccurrence) => GrowthDecisionView | null,
): OffGraphGroup[] {
  const groups = new Map<string, OffGraphGroup>();
  for (const { occurrence: o, target } of occurrences) {
    const key = actionKey(o.action, target);
    const g = groups.get(key) ?? {
      key,
      description: describeAction(o.action, target?.text),
      target,
      occurrences: [],
      agents: [],
      decision: null,
    };
    g.occurrences.push(o);
    if (!g.agents.includes(o.agent)) g.agents.push(o.agent);
    const d = decide(o);
    if (d && (!g.decision || d.id > g.decision.id)) g.decision = d;
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => b.occurrences.length - a.occurrences.length || a.key.localeCompare(b.key));
}

/**
 * The demonstration observation to replay up to, to stand where an agent stood: among the node's
 * members, the one whose demonstration shares most of the edges the agent took on its way (so the
 * replay goes the agent's way where a demonstration did), then the shortest prefix.
 */
export function choosePrefix(graph: Pick<TaskGraph, 'nodes' | 'edges'>, nodeId: string, takenEdges: readonly string[]): NodeAnchor | null {
  const node = graph.nodes.find((n) => n.id === nodeId);
  if (!node || node.members.length === 0) return null;
  const edges = new Map(graph.edges.map((e) => [e.id, e]));
  const score = (m: NodeAnchor): number =>
    takenEdges.filter((id) => edges.get(id)?.uses.some(([d, i]) => d === m.demonstrationId && i < m.idx)).length;
  const best = [...node.members].sort((a, b) => score(b) - score(a) || a.idx - b.idx || a.demonstrationId - b.demonstrationId)[0]!;
  return { demonstrationId: best.demonstrationId, idx: best.idx };
}
