import type { GraphConfig, GraphValidation } from '../../../../shared/domain/graph.js';
import { withMatchDefaults } from '../../../../shared/domain/graph.js';
import type { TaskGraph } from '../../../../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../../shared/domain/task-graph.js';
import { TaskGraphSchema } from '../../../../shared/schemas/task-graph.js';

/**
 * Readers of a graph version's JSON columns and of graph files from colleagues. The body is checked field by field
 * (shared/schemas/task-graph.ts): parts that versions written earlier lack are filled with today's defaults, and a
 * field of the wrong type is refused, naming the graph and the field.
 */

export class StoredGraphError extends Error {
  override readonly name = 'StoredGraphError';
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A stored graph body; `where` names it in the error ("task X, version 3", "its graph"). */
export function parseTaskGraph(v: unknown, where: string): TaskGraph {
  if (!isObject(v) || !('taskId' in v) || !('startNode' in v) || !('nodes' in v) || !('edges' in v)) {
    throw new StoredGraphError(`${where}: the stored graph is not one this app wrote; rebuild it with: elderbench graph build`);
  }
  const r = TaskGraphSchema.safeParse(v);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new StoredGraphError(`${where}: field ${i.path.join('.') || '(the graph)'}: ${i.message}`);
  }
  return r.data;
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
