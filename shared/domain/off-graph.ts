import type { Action } from './action.js';
import type { DemonstrationStatus } from './recording.js';
import type { ScreenSize } from './ui-node.js';
import type { TargetElement } from './ui-tree.js';

/**
 * Graphs that grow where agents go: the off-graph actions of a run, what an annotator decided
 * about them (a branch recorded from there, or the action marked wrong), routes proposed by
 * exploration, and re-scoring a run against the graph versions that came of it.
 */

/** Where in a graph an action was taken: a recorded observation of a node (stable across rebuilds). */
export interface NodeAnchor {
  demonstrationId: number;
  idx: number;
}

/**
 * An annotator's decision about an agent's action at a node: `branch` — the action is a right way on,
 * recorded from there as a new demonstration; `wrong` — the action is wrong here (the walk and the report
 * say "known wrong"); `route` — a route proposed by exploration, accepted and recorded as a demonstration.
 */
export type GrowthKind = 'branch' | 'wrong' | 'route';

/** A decision as stored (one row of `off_graph_decisions`). */
export interface GrowthDecision {
  id: number;
  kind: GrowthKind;
  taskId: string;
  /** The run step it came from (null for accepted routes). */
  source: { runId: string; agent: string; step: number } | null;
  /** The observation the action was taken on (null for accepted routes, which start at the task's setup). */
  anchor: NodeAnchor | null;
  /** The agent's action (null for accepted routes). */
  action: Action | null;
  /** The element the action landed on in the node's screen, and that screen's size: how the mark is matched. */
  target: TargetElement | null;
  screen: ScreenSize | null;
  /** The demonstration recorded for a branch or a route. */
  demonstrationId: number | null;
  note: string;
  createdAt: string;
}

/** A decision as the listing shows it: with the branch demonstration's state and the version it entered. */
export interface GrowthDecisionView extends GrowthDecision {
  demonstrationStatus: DemonstrationStatus | null;
  /** The first graph version that holds the branch (or the mark); null while it is not in a graph yet. */
  inGraphVersion: number | null;
}

/** A known-wrong mark as a graph node carries it (attached at every build from the stored decisions). */
export interface KnownWrongAction {
  /** The decision's id. */
  id: number;
  action: Action;
  target: TargetElement | null;
  screen: ScreenSize;
  note: string;
}

/** One action of a run that matched no edge out of where the walk stood. */
export interface OffGraphOccurrence {
  runId: string;
  taskId: string;
  agent: string;
  /** The run step's index. */
  step: number;
  action: Action;
  /** The node the agent stood on, in the graph version that scored the result. */
  node: string;
  graphVersion: number | null;
  /** The screen the agent saw (a blob id). */
  observationBlob: string | null;
  /** How far the action was from the nearest edge. */
  nearest: { edge: string | null; reason: string; distancePx: number | null; similarity: number | null };
  /** The result it ended in. */
  result: { success: boolean; exit: string };
}

/** Off-graph actions at one node that did the same thing ("Tap "Accessibility"", "Back"). */
export interface OffGraphGroup {
  /** Stable within the node: the kind of action and what it landed on or said. */
  key: string;
  description: string;
  /** The element a tap landed on in the node's screen; null for other actions or an unknown screen. */
  target: TargetElement | null;
  occurrences: OffGraphOccurrence[];
  agents: string[];
  /** The latest decision that covers this action (a branch still being recorded counts), or null. */
  decision: GrowthDecisionView | null;
}

/** A node where agents left the graph. */
export interface OffGraphNode {
  node: string;
  /** The node's page, in words (its activity and title). */
  page: string;
  screenshotBlob: string | null;
  /** The screen the graph's demonstrations were recorded on (the screenshot's size). */
  screen: ScreenSize;
  /** The demonstration observation the node is replayed to. */
  anchor: NodeAnchor | null;
  groups: OffGraphGroup[];
}

export interface OffGraphTask {
  taskId: string;
  instruction: string;
  /** The graph version(s) that scored the task's results, and the newest one. */
  scoredVersions: number[];
  latestVersion: number | null;
  occurrences: number;
  nodes: OffGraphNode[];
}

/** What `elderbench graph offgraph RUN` prints and the Graphs screen lists. */
export interface OffGraphReport {
  runId: string;
  /** Off-graph actions in the run's offline results. */
  total: number;
  /** Of them, covered by an annotator's decision (branch in a graph, or known wrong). */
  decided: number;
  tasks: OffGraphTask[];
}

/** A run step named from outside (CLI, API): which action of which result. */
export interface OffGraphRef {
  runId: string;
  taskId: string;
  agent: string;
  step: number;
}

/**
 * A route an explorer proposes for a task (see `graph explore`): the actions from the task's setup, and
 * the state they reach. Only routes whose state passes the task's checks are offered to become branches.
 */
export interface ProposedRoute {
  /** Stable for the proposer (e.g. the explored path's key). */
  id: string;
  taskId: string;
  actions: Action[];
  /** The state reached: whether the task's checks pass there, and the app state in words. */
  reaches: { checksPass: boolean; state: string };
  description: string;
}

/** What accepting routes in bulk did: demonstrations recorded, graph versions built, routes that failed. */
export interface AcceptRoutesResult {
  recorded: { routeId: string; taskId: string; demonstrationId: number }[];
  refused: { routeId: string; taskId: string; reason: string }[];
  /** Each grown graph's new version and its trust, with why where it is not valid (a recorded route it does not replay). */
  versions: { taskId: string; version: number; trust: string; reason: string }[];
}

/** How one result was re-scored. */
export interface RescoredResult {
  taskId: string;
  agent: string;
  fromVersion: number | null;
  toVersion: number;
  before: { success: boolean; exit: string };
  after: { success: boolean; exit: string };
  /**
   * re-walked: the stored actions decided it on the new version, no model call; continued: the stored
   * replies up to where the new version shows the agent something new, then the agent went on;
   * re-run: a model-free agent played the task again.
   */
  how: 're-walked' | 'continued' | 're-run';
  /** Model calls made for it (0 when re-walked). */
  modelCalls: number;
}

/** What `elderbench run rescore RUN` prints. */
export interface RescoreSummary {
  runId: string;
  rescored: RescoredResult[];
  /** Results whose verdict changed. */
  flipped: number;
  /** Offline results left as they were: their task's graph has no newer version. */
  unchanged: number;
  /**
   * Results not re-scored, and why: unresolved (resume the run first), invalid for the run, or an error
   * (the agent changed since the run, its endpoint could not be reached) — those keep their old verdict.
   */
  skipped: { taskId: string; agent: string; kind: 'unresolved' | 'invalid' | 'error'; reason: string }[];
}

/** One re-scoring of a task's results, kept in the run's manifest (append-only). */
export interface RescoreRecord {
  at: string;
  taskId: string;
  fromVersions: (number | null)[];
  toVersion: number;
  results: { agent: string; before: { success: boolean; exit: string }; after: { success: boolean; exit: string }; how: string }[];
}
