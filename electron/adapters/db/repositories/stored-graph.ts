import { parseActionPx, DEFAULT_SCREEN, TargetElementSchema } from '../../../../shared/domain/action-px.js';
import { ActionSchema } from '../../../../shared/domain/action.js';
import type { KnownWrongAction } from '../../../../shared/domain/off-graph.js';
import type { GraphConfig, GraphValidation } from '../../../../shared/domain/graph.js';
import { withMatchDefaults } from '../../../../shared/domain/graph.js';
import type { GraphEdge, GraphNode, StateSignature, TaskGraph } from '../../../../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../../shared/domain/task-graph.js';
import type { ScreenSize } from '../../../../shared/domain/ui-node.js';
import type { TargetElement } from '../../../../shared/domain/ui-tree.js';

/**
 * Readers of a graph version's JSON columns. The builder wrote them, so they are checked where the
 * code depends on them (ids, arrays, the edge's action and screen) and filled with today's defaults
 * where versions written earlier lack a part; a body that is not a graph at all is refused, naming it.
 */

export class StoredGraphError extends Error {
  override readonly name = 'StoredGraphError';
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const isScreen = (v: unknown): v is ScreenSize =>
  isObject(v) && typeof v.width === 'number' && typeof v.height === 'number' && v.width > 0 && v.height > 0;

function edgeOf(e: unknown, where: string): GraphEdge {
  if (
    !isObject(e) ||
    typeof e.id !== 'string' ||
    typeof e.from !== 'string' ||
    typeof e.to !== 'string' ||
    !isObject(e.action) ||
    typeof e.action.type !== 'string'
  ) {
    throw new StoredGraphError(`${where}: an edge lacks its id, ends or action`);
  }
  return {
    ...(e as unknown as GraphEdge),
    actionPx: parseActionPx(e.actionPx),
    target: isObject(e.target) ? (e.target as unknown as TargetElement) : null,
    screen: isScreen(e.screen) ? e.screen : { ...DEFAULT_SCREEN },
    demonstrations: Array.isArray(e.demonstrations) ? (e.demonstrations as number[]) : [],
    uses: Array.isArray(e.uses) ? (e.uses as [number, number][]) : [],
  };
}

/** The signature of a node stored without one (a hand-made graph file): it resembles no page. */
const EMPTY_SIGNATURE: StateSignature = { activity: '', structure: [], structureKey: '', anchors: [], widgetState: [], imageHash: null };

/** A node's known-wrong marks; one that is no shape this app wrote is dropped (it would match nothing reliably). */
function knownWrongOf(v: unknown): KnownWrongAction[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.flatMap((k): KnownWrongAction[] => {
    if (!isObject(k) || typeof k.id !== 'number') return [];
    const action = ActionSchema.safeParse(k.action);
    if (!action.success) return [];
    const target = TargetElementSchema.safeParse(k.target);
    return [
      {
        id: k.id,
        action: action.data,
        target: target.success ? target.data : null,
        screen: isScreen(k.screen) ? k.screen : { ...DEFAULT_SCREEN },
        note: typeof k.note === 'string' ? k.note : '',
      },
    ];
  });
}

function nodeOf(n: unknown, where: string): GraphNode {
  if (!isObject(n) || typeof n.id !== 'string') throw new StoredGraphError(`${where}: a node lacks its id`);
  const knownWrong = knownWrongOf(n.knownWrong);
  const { knownWrong: _stored, ...rest } = n as unknown as GraphNode;
  return {
    ...rest,
    signature: isObject(n.signature) ? (n.signature as unknown as StateSignature) : EMPTY_SIGNATURE,
    members: Array.isArray(n.members) ? (n.members as GraphNode['members']) : [],
    done: n.done === true,
    flag: typeof n.flag === 'string' ? n.flag : null,
    ...(knownWrong?.length ? { knownWrong } : {}),
  };
}

/** A stored graph body; `where` names it in the error ("task X, version 3"). */
export function parseTaskGraph(v: unknown, where: string): TaskGraph {
  if (
    !isObject(v) ||
    typeof v.taskId !== 'string' ||
    typeof v.startNode !== 'string' ||
    !Array.isArray(v.nodes) ||
    !Array.isArray(v.edges)
  ) {
    throw new StoredGraphError(`${where}: the stored graph is not one this app wrote; rebuild it with: elderbench graph build`);
  }
  return {
    ...(v as unknown as TaskGraph),
    config: { ...DEFAULT_SIGNATURE_CONFIG, ...(isObject(v.config) ? v.config : {}) },
    nodes: v.nodes.map((n) => nodeOf(n, where)),
    edges: v.edges.map((e) => edgeOf(e, where)),
  };
}

/** A stored build configuration: the signature and matching thresholds, today's defaults for parts it lacks. */
export function parseGraphConfig(v: unknown): GraphConfig {
  const c = isObject(v) ? v : {};
  return {
    signature: { ...DEFAULT_SIGNATURE_CONFIG, ...(isObject(c.signature) ? c.signature : {}) },
    match: withMatchDefaults(isObject(c.match) ? c.match : undefined),
  };
}

/** A stored validation; a version saved without one reads as not self-consistent (nothing was checked). */
export function parseGraphValidation(v: unknown): GraphValidation {
  const c = isObject(v) ? v : {};
  return {
    selfConsistency: typeof c.selfConsistency === 'number' ? c.selfConsistency : 0,
    selfReplays: Array.isArray(c.selfReplays) ? (c.selfReplays as GraphValidation['selfReplays']) : [],
    leaveOneOut: typeof c.leaveOneOut === 'number' ? c.leaveOneOut : null,
    leaveOneOutReplays: Array.isArray(c.leaveOneOutReplays) ? (c.leaveOneOutReplays as GraphValidation['leaveOneOutReplays']) : [],
    flaggedNodes: Array.isArray(c.flaggedNodes) ? (c.flaggedNodes as string[]) : [],
  };
}
