import type { Action } from './action.js';
import type { TargetElement } from './ui-tree.js';

/** How states are compared; stored with every graph so a graph can be rebuilt or re-scored exactly. */
export interface SignatureConfig {
  /** Texts longer than this are content, not labels (DroidBot's rule). */
  maxAnchorLength: number;
  /** Resource ids of system decoration that never tells pages apart. */
  ignoredResourceIds: string[];
  /** Packages whose windows are system overlays (status bar, shade). */
  ignoredPackages: string[];
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
}

export interface GraphEdge {
  id: string;
  from: string;
  to: string;
  action: Action;
  /** The action in pixels on the demonstration's screen, with the targeted element for taps. */
  actionPx: Record<string, unknown> | null;
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
}

export interface TaskGraph {
  taskId: string;
  config: SignatureConfig;
  startNode: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** A recorded step as the graph builder needs it. */
export interface DemoStep {
  ref: ObservationRef;
  signature: StateSignature;
  /** Null on the final observation. */
  action: Action | null;
  actionPx: Record<string, unknown> | null;
  screen: { width: number; height: number };
}

export interface Demo {
  id: number;
  steps: DemoStep[];
}
