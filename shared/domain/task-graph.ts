import type { Action } from './action.js';
import { DEFAULT_SCREEN } from './action-px.js';
import type { ActionPx } from './action-px.js';
import type { Bounds, ScreenSize } from './ui-node.js';
import type { TargetElement } from './ui-tree.js';
import type { KnownWrongAction } from './off-graph.js';

/** How states are compared; stored with every graph so a graph can be rebuilt or re-scored exactly. */
export interface SignatureConfig {
  /** Texts longer than this are content, not labels (DroidBot's rule). */
  maxAnchorLength: number;
  /** Resource ids of system decoration that never tells pages apart. */
  ignoredResourceIds: string[];
  /** Packages whose windows are system overlays (status bar, shade). */
  ignoredPackages: string[];
  /**
   * What the demonstrations typed (normalized; at least four characters, not a bare number), set by the
   * graph build: a page that shows one of them outside an editable field — a sent message in the thread,
   * a saved reminder in the list — differs from the same page before, so sending is never a self-loop.
   */
  enteredTexts?: string[];
  /** Minimum Jaccard similarity of the structure sets for two states to be one node. */
  structureThreshold: number;
  /** Minimum Jaccard similarity of the anchor-text sets (when both have anchors). */
  anchorThreshold: number;
  /** Use the screenshot hash for screens with too little structure (text-less, canvas). */
  useImageHash: boolean;
  /** Hamming distance (of 64) under which two image hashes count as the same screen. */
  imageHashMaxDistance: number;
  /** Nodes whose members' similarity falls below this are flagged for review. */
  flagBelow: number;
  /** Keep states apart when a toggle, tab or slider value differs (e.g. before/after "font size large"). */
  splitOnWidgetState: boolean;
}

export const DEFAULT_SIGNATURE_CONFIG: SignatureConfig = {
  maxAnchorLength: 50,
  ignoredResourceIds: ['android:id/statusBarBackground', 'android:id/navigationBarBackground'],
  ignoredPackages: ['com.android.systemui'],
  structureThreshold: 0.8,
  anchorThreshold: 0.5,
  useImageHash: true,
  imageHashMaxDistance: 6,
  flagBelow: 0.7,
  splitOnWidgetState: true,
};

/** What the merge compares: computed once per observation. */
export interface StateSignature {
  /** `package/activity`, or '' when unknown. */
  activity: string;
  /** The page's title (first text of its app bar), volatile parts masked; pages with different titles never merge. */
  title?: string;
  /** Sorted set of `class|resource-id` of significant nodes. */
  structure: string[];
  /**
   * The page's chrome: the structure tokens of nodes outside any scrollable container (toolbar,
   * tabs, buttons). List contents come and go with data and scrolling; the chrome does not.
   */
  chrome?: string[];
  /** Exact-match key: a hash of activity + structure. */
  structureKey: string;
  /** Stable, short label texts (buttons, titles, tabs), volatile parts masked. */
  anchors: string[];
  /** Widget values that make a different state of the same page: `class|id=value` for toggles, selected tabs, sliders. */
  widgetState: string[];
  /** Optional 64-bit average hash of the screenshot, hex. */
  imageHash: string | null;
  /**
   * What a person changed or chose on this page, by content key: only the graph's content keys
   * (TaskGraph.contentKeys), so two visits of a page differ exactly when the task's content differs.
   */
  content?: Record<string, string>;
}

/**
 * One piece of page content a person can change: an editable field's text, the chosen option(s) of a
 * group, a number shown in a short text (a quantity, an hour), or a label with a stable place that an
 * action may change (安装 → 打开, a status, the value a picker row shows).
 * See core/graph/content.ts.
 */
export interface ContentValue {
  /** Stable within a page: kind, widget class and id, the row it sits in. */
  key: string;
  kind: 'text' | 'choice' | 'number' | 'label';
  /** Normalized value ('' = empty / nothing chosen). */
  value: string;
  /** What a person would call it ("金额（元）", "数量"). */
  label: string;
  /** Inside a scrolling list or form: it may be out of view, so its absence says nothing. */
  listed?: boolean;
}

/**
 * An annotator's mark on a recorded tap: any option of the group it hit would do as well ('any': any
 * train of the list), or only the options with these labels (either of two cities).
 */
export type TapAlternatives = 'any' | string[];

/**
 * A condition a DONE node's goal depends on (an essential state): derived from the demonstrations or
 * written by an annotator. Offline, Finish succeeds only when the path's content satisfies every
 * condition of the DONE node it stands on; online, the `state` judge checks them on the trajectory.
 */
export interface GoalCondition {
  id: string;
  /**
   * typed: an editable field's text; chosen: a group's chosen option; value: a shown number; shown: a text
   * on the goal screen; pressed: how many times a key that changes nothing on screen was pressed (at least).
   */
  kind: 'typed' | 'chosen' | 'value' | 'shown' | 'pressed';
  /** The content key it reads ('' for `shown`). */
  key: string;
  label: string;
  expected: string;
  match: 'exact' | 'fuzzy' | 'regex';
  source: 'derived' | 'annotator';
  /**
   * Free text judged by what matters in it (typed conditions): terms that must all be said ("晚点", "到"; one
   * of several alternatives written "回|来|见"), and terms that must not occur ("周六" when the person corrected it
   * to 周日). With required terms the terms decide and `match` is not consulted; a forbidden term fails the
   * condition whatever the match says.
   */
  required?: string[];
  forbidden?: string[];
}

export interface ObservationRef {
  demonstrationId: number;
  idx: number;
  screenshotBlob: string | null;
  xmlBlob: string | null;
}

export interface MergeEvidence {
  activity: boolean;
  structure: number;
  anchors: number | null;
  image: number | null;
  confidence: number;
  /** Which rule made the decision: exact structure key, thresholds, or the image fallback. */
  rule: 'first' | 'exact' | 'similar' | 'image' | 'manual';
}

export interface GraphNode {
  id: string;
  signature: StateSignature;
  representative: ObservationRef;
  members: (ObservationRef & { evidence: MergeEvidence })[];
  done: boolean;
  /** Why a reviewer should look at this node, if at all. */
  flag: string | null;
  /** On DONE nodes: what the path must have typed or chosen for Finish here to count. */
  goal?: GoalCondition[];
  /** An editable field had focus in the representative observation: Back hides the keyboard before it leaves the page. */
  keyboard?: boolean;
  /** Where the node's observations show each content field (text key → bounds): a tap there focuses it. */
  fields?: Record<string, Bounds[]>;
  /** Where the node's observations show the app bar's Navigate-up arrow: a tap there goes back like Back. */
  up?: Bounds;
  /** Where the node's observations show a dialog's dismissing (negative) button: a tap there closes it as Back does. */
  dismiss?: Bounds;
  /**
   * Where the node's observations scroll (every member's scrolling containers; empty: nothing on its screen
   * scrolls, so a swipe moves nothing). Outside these a scrolled page shows what its screen shows (the app bar,
   * the tab bar). Absent on graphs built before it was recorded.
   */
  scrolls?: Bounds[];
  /** Selected tabs and options on the representative's screen: a tap there changes nothing (see tap-controls.ts). */
  still?: Bounds[];
  /**
   * The labelled controls of the representative's screen, smallest first: a tap no recorded position explains
   * is found by the label under the finger (the layout moved between states of the page; see walk-controls.ts).
   */
  controls?: TapOption[];
  /** The editable fields of the representative's screen: a tap in one no demonstration typed in focuses it, the page stays. */
  inputs?: Bounds[];
  /** Sliders and switches of the representative's screen: a tap changes their own value, and the page stays. */
  toggles?: Bounds[];
  /**
   * The switches every member's screen shows off: what reaching the node did not turn on (a call's 免提, not the alarm
   * just saved). Absent on graphs built before it was recorded.
   */
  togglesOff?: Bounds[];
  /**
   * Where a tap acts at all on the node's screens (every member's elements that take a tap, labelled or not; see
   * tap-controls.ts pressableAreas), the system bars included: elsewhere it lands on nothing. Absent on graphs built
   * before it was recorded.
   */
  pressable?: Bounds[];
  /** The window of a dialog or a menu on the representative's screen: a tap outside it closes it, as Back does. */
  window?: Bounds;
  /**
   * A digest of every text the node's screens show, as shown (no part masked), where all its members show the same;
   * absent where they differ or on graphs built before it was recorded. Two nodes with the same digest show the same
   * things: another task's recorded page is this node's only where they do (walk-abroad.ts ownNodeThere).
   */
  shows?: string;
  /**
   * Where a long press does something of its own on the node's screens (every member's long-clickable elements; kept
   * with `pressable`): elsewhere a long press on what takes a tap ends as a tap.
   */
  longPressable?: Bounds[];
  /** Agents' actions an annotator marked wrong here (they stay off the graph; the walk says "known wrong"). */
  knownWrong?: KnownWrongAction[];
}

/** An option of the group a demonstrated tap chose from, as the screen showed it. */
export interface TapOption {
  bounds: Bounds;
  /** Its label, normalized as content is (what the chosen value reads when this option is picked). */
  label: string;
  /** Its resource id, where it has one (a daily pick and a list row naming the same song differ in it). */
  id?: string;
  /**
   * The group's value when the screen was recorded: the one option checked in a single choice (100% in the text-size
   * dialog), or the option shown selected (the city the weather shows, in its city list).
   */
  current?: true;
}

export interface GraphEdge {
  id: string;
  from: string;
  to: string;
  action: Action;
  /** The action in pixels on the demonstration's screen, with the targeted element for taps. */
  actionPx: ActionPx | null;
  target: TargetElement | null;
  screen: { width: number; height: number };
  /** Demonstrations that took this edge. */
  demonstrations: number[];
  /** Each time a demonstration took it: [demonstration id, index of the step it was taken from]. Edits rewire by these. */
  uses: [number, number][];
  /**
   * A demonstration's last action took this edge: it produces the goal. Finishing counts only
   * after arriving at a DONE node by such an edge, so a goal page that looks like an earlier page
   * (a heart filled in, a row selected) cannot be "reached" by finishing without doing the task.
   */
  goal?: boolean;
  /** Content the demonstrated action changed, with its new values (a typed text, a chosen option). */
  effects?: ContentValue[];
  /**
   * A free choice: demonstrations picked different options of one group here and all reached the goal,
   * so a tap on any of these options takes the edge.
   */
  choice?: { options: Bounds[] };
  /**
   * What the tap does, for the walk to apply it elsewhere (see core/graph/page-model.ts): the options of
   * the group it chose from, where the chosen value is the option's label (another option sets that label
   * instead: a larger font, then the asked one) ...
   */
  options?: TapOption[];
  /**
   * ... or, where the tap changed nothing a screen shows (a song played from a list, a text size set in a dialog that
   * closes), the options of the group it chose from (see core/graph/walk-pick.ts) ...
   */
  group?: TapOption[];
  /** ... and whether that group was a single choice (checkable options, one checked): another option sets a value. */
  singleChoice?: boolean;
  /** ... and the control that undoes a stepper's step (+1 h for −1 h), where the tap stepped a number. */
  mirror?: Bounds;
  /**
   * ... and a slider the tap set (a SeekBar): where it lies, so a tap elsewhere on it sets the value there, and the
   * bound the task's words put on that value when the demonstrated value lies within it ("调到 12 以上": any
   * value of 12 or more does as well).
   */
  slider?: { bounds: Bounds; within?: { value: number; dir: 'atLeast' | 'atMost' } };
  /**
   * A tap or swipe recorded on a list that stood scrolled otherwise than on its node's representative screen (pixels,
   * finger up positive): the walk reads the tap where the representative shows what it pressed, and takes the swipe from
   * where it began (core/graph/recorded-frame.ts).
   */
  listShift?: number;
  /**
   * A swipe's: how far the list on the screen it ended on stood beyond the representative screen of the node it led to
   * (pixels, finger up positive). With `listShift`, where the recorded swipe began, the walk knows how far the list
   * really moved (core/graph/walk-scroll-travel.ts).
   */
  landedShift?: number;
}

export interface TaskGraph {
  taskId: string;
  config: SignatureConfig;
  startNode: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Content keys that are part of this graph's states (learned from the demonstrations). */
  contentKeys?: string[];
  /** Content keys whose value the demonstrations chose freely: states keep only whether they are set. */
  freeKeys?: string[];
  /** Content keys inside scrolling lists or forms (absent from a dump = out of view, not empty). */
  listedKeys?: string[];
}

/** A recorded step as the graph builder needs it. */
export interface DemoStep {
  ref: ObservationRef;
  signature: StateSignature;
  /** Content candidates of the observation (core/graph/content.ts); the builder keeps those an action changed. */
  content?: ContentValue[];
  /** The page the candidates belong to (activity and title), known even when the page shows none. */
  page?: string;
  /** An editable field had focus: the soft keyboard was likely up, hiding content under it. */
  keyboard?: boolean;
  /**
   * An annotator's mark on this tap: which other options of its group would do as well, as the bounds
   * of those options on this screen (any option, or the ones named).
   */
  alternatives?: Bounds[];
  /** The option group a tap landed in, with each option's label (see GraphEdge.options). */
  options?: TapOption[];
  /**
   * That group is a single choice: every option checkable, one checked (the current value; Android's single-choice
   * dialog). A plain list of targets (share to 女儿, 儿子 …) is not: each tap does something, none sets a value.
   */
  singleChoice?: boolean;
  /** The control with the opposite sign of the tapped one (+ for −, hour_up for hour_down), if the screen has one. */
  mirror?: Bounds;
  /** The slider the tap landed on (a SeekBar), if it did, and the bounds the task's words put on a value. */
  slider?: Bounds;
  sliderBounds?: { value: number; dir: 'atLeast' | 'atMost' }[];
  /** Where each editable field is on this screen, by content key. */
  fields?: Record<string, Bounds>;
  /** The app bar's Navigate-up arrow on this screen. */
  up?: Bounds;
  /** A dialog's dismissing (negative) button on this screen. */
  dismiss?: Bounds;
  /** Its scrolling containers (empty: nothing on it scrolls). */
  scrolls?: Bounds[];
  /** Its selected tabs and options (a tap there changes nothing). */
  still?: Bounds[];
  /** Its labelled controls, smallest first. */
  controls?: TapOption[];
  /** Its editable fields. */
  inputs?: Bounds[];
  /** Its sliders and switches. */
  toggles?: Bounds[];
  /** Its switches shown off. */
  togglesOff?: Bounds[];
  /** Where a tap acts at all, the system bars included. */
  pressable?: Bounds[];
  /** The window of a dialog or a menu up on it. */
  window?: Bounds;
  /** A digest of every text it shows. */
  shows?: string;
  /** Where a long press does something of its own (with `pressable`). */
  longPressable?: Bounds[];
  /** Null on the final observation. */
  action: Action | null;
  actionPx: ActionPx | null;
  screen: { width: number; height: number };
}

/** The screen a graph's demonstrations were recorded on (the assumed one for a graph without edges). */
export const graphScreen = (g: TaskGraph): ScreenSize => g.edges[0]?.screen ?? { ...DEFAULT_SCREEN };

export interface Demo {
  id: number;
  steps: DemoStep[];
}
