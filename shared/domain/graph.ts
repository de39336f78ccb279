import type { Action } from './action.js';
import type { SignatureConfig } from './task-graph.js';

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
  /** The latest probe's totals and when it ran. */
  probe: (ProbeTotals & { at: string }) | null;
}

/** What a probe of a graph version found, in numbers. */
export interface ProbeTotals {
  kind: 'device' | 'structural';
  /** The device serial the variants were played on (device probes). */
  device: string | null;
  variants: number;
  falseAccepts: number;
  falseRejects: number;
  unplayable: number;
  /** Structural probe: variants an annotator should settle. */
  suspected: number;
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
export interface ProbeTaskResult extends ProbeTotals {
  taskId: string;
  graphVersion: number;
  results: ProbeVariantResult[];
}

/** What `graph probe --json` prints: totals, and per task the variants that did not agree. */
export interface ProbeSummary extends Omit<ProbeTotals, 'kind' | 'device'> {
  tasks: (Omit<ProbeTaskResult, 'results'> & { disagreements: ProbeVariantResult[] })[];
}

/** Thresholds of the offline action check; stored with every graph and run so results can be re-scored. */
export interface MatchOptions {
  /** The paper's rule: a tap within this many device pixels of the demonstrated point matches. */
  tapTolerancePx: number;
  /** Also accept a tap inside the bounds of the clickable element the person tapped. */
  acceptInsideTarget: boolean;
  /** The inside-element rule never applies to elements larger than this share of the screen (containers, WebViews). */
  maxInsideShare: number;
  /** Minimum normalized similarity (1 − edit distance / longer length) for typed text. */
  textThreshold: number;
}

export const DEFAULT_MATCH_OPTIONS: MatchOptions = {
  tapTolerancePx: 50,
  acceptInsideTarget: true,
  maxInsideShare: 0.25,
  textThreshold: 0.8,
};

/** Options stored with older graphs and runs lack newer fields; fill them with today's defaults. */
export const withMatchDefaults = (o: Partial<MatchOptions> | undefined): MatchOptions => ({ ...DEFAULT_MATCH_OPTIONS, ...(o ?? {}) });

/** How a graph version was built: stored with it, so it can be rebuilt or re-scored exactly. */
export interface GraphConfig {
  signature: SignatureConfig;
  match: MatchOptions;
}

/** One demonstration walked through a graph as the offline runner would walk an agent. */
export interface ReplayResult {
  demonstrationId: number;
  accepted: boolean;
  /** Steps matched before it stopped; equals the action count when accepted. */
  matchedSteps: number;
  reason: string;
  /**
   * Leave-one-out: why a graph built from the other demonstrations rejected this one. `other-route`: it
   * took a step no other demonstration took (another control, another page, another ending); `same-route`:
   * the others went that way too and the walk still rejected it (order, wording, back-and-forth, text
   * semantics) — a defect of the walk, not of the sample.
   */
  rejection?: { kind: 'other-route' | 'same-route'; why: string };
}

/** Leave-one-out over a set of graphs: each demonstration against a graph built from the others. */
export interface LeaveOneOutReport {
  tasks: {
    taskId: string;
    demonstrations: number;
    accepted: number;
    rejections: (ReplayResult & { rejection: NonNullable<ReplayResult['rejection']> })[];
  }[];
  /** Demonstrations of tasks with two or more, and how many of them a graph from the others accepted. */
  demonstrations: number;
  accepted: number;
  otherRoute: number;
  sameRoute: number;
}

/** A graph version's self-check, stored with it. */
export interface GraphValidation {
  /** Every demonstration replays from the start node to DONE through its own graph (must be 1). */
  selfConsistency: number;
  selfReplays: ReplayResult[];
  /** Share of demonstrations that a graph built from the *other* demonstrations accepts (null with < 2 demos). */
  leaveOneOut: number | null;
  leaveOneOutReplays: ReplayResult[];
  flaggedNodes: string[];
}
