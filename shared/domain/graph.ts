import type { Action } from './action.js';

/** What list views and the CLI show about a task graph. */
export interface GraphSummary {
  taskId: string;
  graphId: number;
  version: number;
  demonstrations: number;
  nodes: number;
  edges: number;
  doneNodes: number;
  /** Share of demonstrations that replay to DONE through the graph (must be 1). */
  selfConsistency: number;
  /** Share accepted by a graph built from the other demonstrations; null with fewer than two. */
  leaveOneOut: number | null;
  flaggedNodes: string[];
  createdAt: string;
  /** Whether offline verdicts on this version can be trusted, from its validation and its latest probe. */
  trust: GraphTrust;
}

/**
 * A graph version's standing: `valid` (every demonstration replays, the probe found no false accept),
 * `not valid` (a demonstration does not replay, or the probe accepted a wrong path), `suspect` (only the
 * structural probe ran and listed variants for an annotator to settle), `unprobed` (never probed).
 */
export interface GraphTrust {
  status: 'valid' | 'not valid' | 'suspect' | 'unprobed';
  /** Why, in words (shown under tables and in run warnings). */
  reason: string;
  probe: {
    kind: 'device' | 'structural';
    device: string | null;
    variants: number;
    falseAccepts: number;
    falseRejects: number;
    unplayable: number;
    suspected: number;
    at: string;
  } | null;
}

/** One variant the probe tried, with both verdicts (see core/graph/probe). */
export interface ProbeVariantResult {
  id: string;
  kind: 'demonstration' | 'crossover' | 'skip-content' | 'change-text' | 'sibling' | 'finish-early';
  intent: 'right' | 'wrong';
  description: string;
  actions: Action[];
  /** The graph's verdict: the walk accepted the path and Finish; `path` is the nodes it walked. */
  offline: { accepted: boolean; reason: string; path?: string[] };
  /** The phone's verdict (the task's checks after playing the path); null for the structural probe. */
  device: { pass: boolean | null; reason: string } | null;
  verdict: 'agree' | 'false-accept' | 'false-reject' | 'unplayable' | 'suspected-false-accept' | 'suspected-false-reject' | 'unjudged';
}

/** A probe of one graph version: on a device (ground truth) or structural (device-free). */
export interface ProbeTaskResult {
  taskId: string;
  graphVersion: number;
  kind: 'device' | 'structural';
  /** The device serial the variants were played on (device probes). */
  device: string | null;
  variants: number;
  falseAccepts: number;
  falseRejects: number;
  unplayable: number;
  /** Structural probe: variants an annotator should settle. */
  suspected: number;
  results: ProbeVariantResult[];
}

/** What `graph probe --json` prints: totals, and per task the variants that did not agree. */
export interface ProbeSummary {
  variants: number;
  falseAccepts: number;
  falseRejects: number;
  unplayable: number;
  suspected: number;
  tasks: (Omit<ProbeTaskResult, 'results'> & { disagreements: ProbeVariantResult[] })[];
}
