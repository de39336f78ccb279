import type { Action } from './action.js';

/**
 * `graph explore`: ground truth by exploration. The task's app is explored on a phone from the task's
 * setup; the task's checks say which explored paths do the task; each path is then walked offline as an
 * agent's action sequence. These are the shapes of what it reports (see docs/graphs.md).
 */

/**
 * How a right path relates to the demonstrations, judged on the phone's true states (not on the graph):
 * - `demonstrated`: the states a demonstration passed through, in its order, by its decisions;
 * - `other-control`: a demonstration's states reached with other controls (the Up arrow for Back, a preset for typed digits);
 * - `back-and-forth`: a demonstration's states with a detour to other pages and back;
 * - `overshoot-and-correct`: a detour on one page (a stepper pressed past the value and back, an option chosen and changed back);
 * - `no-effect`: a demonstration's states with actions that changed nothing in between (a confirm the app refused);
 * - `field-order`: the decisions of a demonstration, in another order;
 * - `text-semantics`: a demonstration's decisions with other typed text (other words, another search query);
 * - `side-effect`: a demonstration's changes plus others left in place (a song liked on the way, the photo also shared):
 *   right by the task's checks, though the path did more than the task asked;
 * - `other-route`: a route no demonstration took.
 */
export const RIGHT_PATH_KINDS = [
  'demonstrated',
  'other-control',
  'back-and-forth',
  'overshoot-and-correct',
  'no-effect',
  'field-order',
  'text-semantics',
  'side-effect',
  'other-route',
] as const;
export type RightPathKind = (typeof RIGHT_PATH_KINDS)[number];

/** The right-path kinds a graph must never reject (the same route, judged the same). */
export const SAME_ROUTE_KINDS: readonly RightPathKind[] = [
  'demonstrated',
  'other-control',
  'back-and-forth',
  'overshoot-and-correct',
  'field-order',
  'text-semantics',
];

/**
 * How a near-miss wrong path differs from a right one, by one decision:
 * another option tapped at one step (`sibling`), another text typed (`other-value`), one step left out
 * (`step-missing`), or the path stopped one step before its end (`finish-early`). `as-agent` is a
 * demonstration that cleared a field (or pressed a hardware key) redone as a `vlm` agent can: its typing
 * appends to what the field holds, and it has no keys. `act-then-correct`: another option of the group taken first,
 * then (Back, where it opened a page) the path's own decision — right when nothing it did stays done.
 */
export const NEAR_MISS_KINDS = ['sibling', 'other-value', 'step-missing', 'finish-early', 'as-agent', 'act-then-correct'] as const;
export type NearMissKind = (typeof NEAR_MISS_KINDS)[number];

export type ExplorePathKind = RightPathKind | NearMissKind;

/** One explored path, with the phone's verdict and the graph's. */
export interface ExploredPath {
  id: string;
  /** Right when the task's checks pass in the state the path ends in. */
  intent: 'right' | 'wrong';
  /**
   * Right paths of kind `side-effect`: what else the path changed, leaf by leaf of the phone's true state
   * (`leaf=value`), beyond the closest demonstration's changes (a destination picked and left, a chat read).
   */
  sideEffects?: string[];
  kind: ExplorePathKind;
  /** The decisions in words: `tap 上海 → type "300" → Back`. */
  description: string;
  actions: Action[];
  /** The window (screen id, dialog) after each action. */
  windows: string[];
  /** The task's checks in the state the path ends in (the ground truth). */
  phone: { pass: boolean; reason: string };
  /** The offline run's verdict on the same actions sent as the `vlm` adapter's replies. */
  offline: OfflineVerdict;
  /**
   * Where `offline.unshown`: the phone's window the refused action was made on, which the run could not show — a page no
   * demonstration recorded (the 07:00 alarm's editor), or one recorded but reached by a way no recording took (Back off
   * the page a setup opened). A demonstration that reaches it there lets such paths be judged.
   */
  unshownPage?: string;
  verdict: 'agree' | 'false-accept' | 'false-reject';
  /** Right paths: no longer than the longest demonstration + 2 steps (the paths the false-reject target is about). */
  withinBound: boolean;
}

/** The offline run's verdict on a path's actions, sent as a model's replies behind the `vlm` adapter. */
export interface OfflineVerdict {
  accepted: boolean;
  exit: string;
  reason: string;
  /**
   * It failed on an action where the run showed the agent nothing recorded — a page no demonstration recorded (a tap the
   * graph does not know opened it), or a list scrolled past what its recorded screen shows — so the action was aimed at
   * what an offline run cannot show.
   */
  unshown?: boolean;
  /** Then: how many of the path's actions came before that one (the page it acted on is the phone's after them). */
  unshownAfter?: number;
}

/** A page the offline run could not show where exploration's right paths were refused (ExploreSummary.unshownPages). */
export interface UnshownPage {
  /** The phone's window (screen id, dialog). */
  page: string;
  /** Right paths refused on it. */
  refused: number;
  /** Of those, the same route as a demonstration (order, detours, overshoot, wording). */
  sameRoute: number;
  tasks: string[];
}

/** Counts of one kind of path. */
export interface ExploreKindCount {
  paths: number;
  falseAccepts: number;
  falseRejects: number;
}

/** A right route the graph rejects: what an annotator could record as a new demonstration. */
export interface UnknownRoute {
  taskId: string;
  kind: RightPathKind;
  description: string;
  actions: Action[];
  /** The window after each action. */
  windows: string[];
  /** The phone's true-state id after each action (equal ids: the same state). */
  states: string[];
  /** Where and why the walk left the graph. */
  reason: string;
}

/** What exploring one task found. */
export interface ExploreTaskResult {
  taskId: string;
  graphVersion: number | null;
  /** False when nothing could be measured on the task (no graph, the app is not on the phone, no right path found). */
  explorable: boolean;
  /** Why the task could not be explored, or what limited it. */
  note: string;
  device: string | null;
  depth: number;
  budget: number;
  /** Distinct true states seen, actions played on the phone, states in which the checks pass. */
  states: number;
  transitions: number;
  passStates: number;
  /** Paths played again from the setup without snapshots, and how many ended elsewhere than explored (must be 0). */
  verified: number;
  verifyMismatches: number;
  longestDemonstration: number;
  paths: number;
  right: number;
  wrong: number;
  falseAccepts: number;
  falseRejects: number;
  /** Right paths within the bound (≤ longest demonstration + 2 steps) and how many of those were rejected. */
  rightWithinBound: number;
  falseRejectsWithinBound: number;
  /** Of those, the right paths of kind `side-effect` (they did something more), and how many of them were rejected. */
  sideEffectWithinBound: number;
  sideEffectRejectsWithinBound: number;
  byKind: Partial<Record<ExplorePathKind, ExploreKindCount>>;
  seconds: number;
  /** Every disagreement, for a reader to check. */
  disagreements: ExploredPath[];
  unknownRoutes: UnknownRoute[];
}

/** What `graph explore --json` prints. */
export interface ExploreSummary {
  paths: number;
  right: number;
  wrong: number;
  falseAccepts: number;
  falseRejects: number;
  /** falseAccepts / wrong (target ≤ 0.005). */
  falseAcceptRate: number;
  rightWithinBound: number;
  falseRejectsWithinBound: number;
  /** falseRejectsWithinBound / rightWithinBound (target ≤ 0.2). */
  falseRejectRate: number;
  /** Rejected right paths of the kinds that must never be rejected (target 0). */
  sameRouteFalseRejects: number;
  /**
   * Of those, the ones refused where the run showed nothing recorded (`offline.unshown`): the path acted on a page an
   * offline run shows the agent only as unrecorded (an alarm's editor opened from the list, edited, left by the Up
   * arrow), or on a list scrolled past its recorded screen. No walk rule can judge what it did there; a graph grown
   * there can (`graph accept-routes`).
   */
  sameRouteUnshown: number;
  /**
   * The pages refusals where the run showed nothing recorded were made on (ExploredPath.unshownPage), most refused right
   * paths first, paths with a side effect left out: where to record (or grow) for the graphs to judge them — each with the
   * right paths refused there, how many of them the same route as a demonstration, and the tasks.
   */
  unshownPages: UnshownPage[];
  /**
   * The false-reject share over the right paths that changed nothing a demonstration did not (kind `side-effect`
   * left out: a route through a page no demonstration saw, with an effect no graph can know offline).
   */
  falseRejectRateWithoutSideEffects: number;
  byKind: Partial<Record<ExplorePathKind, ExploreKindCount>>;
  unexplorable: { taskId: string; reason: string }[];
  states: number;
  transitions: number;
  verified: number;
  verifyMismatches: number;
  seconds: number;
  tasks: ExploreTaskResult[];
}
