import type { Action } from '../../../shared/domain/action.js';
import type { ActionPx } from '../../../shared/domain/action-px.js';
import type { Bounds } from '../../../shared/domain/ui-node.js';
import { sameBounds } from '../../../shared/domain/ui-tree.js';
import type { TargetElement } from '../../../shared/domain/ui-tree.js';
import { sameState } from './compare.js';
import { contentModel, contentUnder, demonstrationEffects, learnContent, withContent } from './content-keys.js';
import { deriveGoalConditions } from './goal-conditions.js';
import { numbersIn, sliderValue } from './content.js';
import { optionSets } from './control-values.js';
import { within } from './task-bounds.js';
import type { GoalHints } from './text-slots.js';
import type {
  ContentValue,
  Demo,
  GraphEdge,
  GraphNode,
  MergeEvidence,
  SignatureConfig,
  StateSignature,
  TaskGraph,
} from '../../../shared/domain/task-graph.js';
import type { MatchOptions } from './match.js';
import { DEFAULT_MATCH_OPTIONS, matchEdge } from './match.js';
import { withScrollDepth } from './scroll-depth.js';
import { listShiftOf } from './recorded-frame.js';

/**
 * Clusters observations into nodes. Exact structure keys hit a hash map; otherwise only
 * nodes of the same activity are compared, so the work grows with the number of
 * observations times the (small) number of pages per activity — near-linear in practice.
 */
class NodeIndex {
  readonly nodes: GraphNode[] = [];
  private readonly byKey = new Map<string, GraphNode>();
  private readonly byActivity = new Map<string, GraphNode[]>();

  constructor(private readonly cfg: SignatureConfig) {}

  byId(id: string): GraphNode {
    return this.nodes[Number(id.slice(1))]!;
  }

  assign(sig: StateSignature, ref: GraphNode['representative']): GraphNode {
    let node = this.byKey.get(sig.structureKey) ?? null;
    let evidence: MergeEvidence | null = node ? sameState(node.signature, sig, this.cfg) : null;
    if (!node || !evidence) {
      node = null;
      for (const cand of this.byActivity.get(sig.activity) ?? []) {
        const ev = sameState(cand.signature, sig, this.cfg);
        if (ev && (!evidence || ev.confidence > evidence.confidence)) {
          node = cand;
          evidence = ev;
        }
      }
    }
    if (!node || !evidence) {
      node = {
        id: `n${this.nodes.length}`,
        signature: sig,
        representative: ref,
        done: false,
        flag: null,
        members: [{ ...ref, evidence: { activity: true, structure: 1, anchors: null, image: null, confidence: 1, rule: 'first' } }],
      };
      this.nodes.push(node);
      this.byKey.set(sig.structureKey, node);
      const list = this.byActivity.get(sig.activity) ?? [];
      list.push(node);
      this.byActivity.set(sig.activity, list);
      return node;
    }
    node.members.push({ ...ref, evidence });
    if (!this.byKey.has(sig.structureKey)) this.byKey.set(sig.structureKey, node);
    return node;
  }
}

const targetOfPx = (px: ActionPx | null): TargetElement | null => px?.target ?? null;

/**
 * Two demonstrated actions are one edge when the offline check would accept either as the other: a
 * tap near the first one's point or inside the control it hit. Taps on the same element where it sat
 * elsewhere (another seed's list order) stay separate edges, each with its own point.
 */
export function sameEdgeAction(a: GraphEdge, action: Action, _target: TargetElement | null, opts: MatchOptions): boolean {
  return matchEdge(action, { ...a, choice: undefined }, opts).matched;
}

/**
 * Free choices: other options of a group take the edge too, where an annotator marked the demonstrated
 * tap ("any train of the list", "either city"). The mark lives on the recorded step, so every rebuild
 * keeps it. It is never guessed from the demonstrations: two demonstrations picking 三亚 and 海口 do not
 * make 北京 right. The probe checks every mark on the phone.
 */
function markFreeChoices(alternatives: ReadonlyMap<GraphEdge, Bounds[]>): void {
  for (const [e, options] of alternatives) if (e.action.type === 'Tap') e.choice = { options };
}

/**
 * What the walk needs to apply a tap elsewhere: its group's options when the value it set is the tapped
 * option's label, the opposite control when it stepped a number (see core/graph/page-model.ts).
 */
function controlsOf(
  step: Demo['steps'][number],
  effects: readonly ContentValue[],
): Pick<GraphEdge, 'options' | 'group' | 'singleChoice' | 'mirror' | 'slider'> {
  if (step.action?.type !== 'Tap') return {};
  if (effects.length === 0)
    return step.options && step.options.length >= 2 ? { group: step.options, ...(step.singleChoice ? { singleChoice: true } : {}) } : {};
  const options =
    step.options && step.options.some((o) => effects.some((v) => optionSets(o.label, v.value) !== null)) ? { options: step.options } : {};
  const mirror = step.mirror && effects.some((v) => numbersIn(v.value).length === 1) ? { mirror: step.mirror } : {};
  return { ...options, ...mirror, ...sliderOf(step, effects) };
}

/** A slider tap that set a shown value out of a maximum ("13/15"): where the slider is, and the task's bound the value lies within. */
function sliderOf(step: Demo['steps'][number], effects: readonly ContentValue[]): Pick<GraphEdge, 'slider'> {
  if (!step.slider) return {};
  const set = effects.map((v) => sliderValue(v.value)).find((v) => v !== null);
  if (!set) return {};
  const bound = step.sliderBounds?.find((b) => within(set.value, b));
  return { slider: { bounds: step.slider, ...(bound ? { within: bound } : {}) } };
}

/**
 * Merges a task's demonstrations into one multi-path graph (paper Appendix H.2): equal
 * states become nodes (each remembering why it was merged), human actions become
 * edges (equal ones merged, each listing the demonstrations that used it), and every
 * demonstration's final observation is a DONE node carrying the goal conditions its
 * demonstrations agree on. States carry the content the demonstrations changed (content-keys.ts).
 */
export function buildGraph(
  taskId: string,
  recorded: readonly Demo[],
  cfg: SignatureConfig,
  opts: MatchOptions = DEFAULT_MATCH_OPTIONS,
  /** 'keep' leaves freely chosen values apart (to measure state identity before that deliberate merge). */
  freeValues: 'reduce' | 'keep' = 'reduce',
  /** The task's instruction and a word segmenter: what free text must say (see text-slots.ts). */
  hints: GoalHints = {},
): TaskGraph {
  // A list's scroll position is part of its page's state (scroll-depth.ts).
  const demos = withScrollDepth(recorded);
  const learned = learnContent(demos);
  const model = freeValues === 'reduce' ? learned : contentModel(learned.keys, [], learned.listed);
  const index = new NodeIndex(cfg);
  const edges: GraphEdge[] = [];
  // Edges by `from>to`, and demonstration ids per edge as sets: linear scans are quadratic in big graphs.
  const edgesBetween = new Map<string, GraphEdge[]>();
  const edgeDemos = new Map<GraphEdge, Set<number>>();
  const alternatives = new Map<GraphEdge, Bounds[]>();
  const goalPaths = new Map<string, GraphEdge[][]>();
  const starts = new Map<string, number>();
  const pressNowhereKnown = new Set<string>();
  const showsDiffer = new Set<string>();
  for (const demo of demos) {
    if (demo.steps.length === 0) continue;
    const nodeIds = demo.steps.map((s) => {
      const node = index.assign(withContent(s.signature, contentUnder(model, s.content, s.page, s.keyboard)), s.ref);
      // The representative's keyboard (Back hides it before it leaves the page); where every member shows
      // its fields (a tap there focuses one; the keyboard moves them) and the Navigate-up arrow.
      if (node.members.length === 1 && s.keyboard) node.keyboard = true;
      for (const [k, b] of Object.entries(s.fields ?? {})) {
        if (!model.keys.has(k)) continue;
        const list = (node.fields ??= {})[k] ?? [];
        if (!list.some((x) => x.left === b.left && x.top === b.top && x.right === b.right && x.bottom === b.bottom))
          node.fields[k] = [...list, b];
      }
      if (s.up && !node.up) node.up = s.up;
      if (s.dismiss && !node.dismiss) node.dismiss = s.dismiss;
      if (s.window && node.members.length === 1) node.window = s.window;
      // What the node's screens show, where every member shows the same.
      if (s.shows !== undefined && node.members.length === 1) node.shows = s.shows;
      else if (node.shows !== s.shows) showsDiffer.add(node.id);
      if (showsDiffer.has(node.id)) delete node.shows;
      // Where any member scrolls (a list that overflowed in one visit scrolls); what the first showed selected.
      if (s.scrolls) node.scrolls = unionBounds(node.scrolls ?? [], s.scrolls);
      if (s.still && node.members.length === 1) node.still = s.still;
      if (s.controls && node.members.length === 1) node.controls = s.controls;
      if (s.inputs && node.members.length === 1) node.inputs = s.inputs;
      if (s.toggles?.length && node.members.length === 1) node.toggles = s.toggles;
      // Off on every member's screen: a switch one member showed on may be what reaching the node turned on.
      if (s.togglesOff) {
        const off =
          node.members.length === 1 ? s.togglesOff : (node.togglesOff ?? []).filter((b) => s.togglesOff!.some((o) => sameBounds(o, b)));
        if (off.length > 0) node.togglesOff = off;
        else delete node.togglesOff;
      }
      // Where any member's screen takes a tap; not known where a member's dump was empty.
      if (!s.pressable) pressNowhereKnown.add(node.id);
      if (pressNowhereKnown.has(node.id)) {
        delete node.pressable;
        delete node.longPressable;
      } else {
        node.pressable = unionBounds(node.pressable ?? [], s.pressable!);
        node.longPressable = unionBounds(node.longPressable ?? [], s.longPressable ?? []);
      }
      return node.id;
    });
    starts.set(nodeIds[0]!, (starts.get(nodeIds[0]!) ?? 0) + 1);
    const path: GraphEdge[] = [];
    const changes = demonstrationEffects(demo.steps);
    demo.steps.forEach((step, t) => {
      if (!step.action || t + 1 >= demo.steps.length) return;
      const from = nodeIds[t]!;
      const to = nodeIds[t + 1]!;
      const target = targetOfPx(step.actionPx);
      // The action that produced a demonstration's final screen reaches the goal (see GraphEdge.goal).
      const goal = t + 2 === demo.steps.length;
      const effects = (changes[t] ?? []).filter((v) => model.keys.has(v.key));
      const between = edgesBetween.get(`${from}>${to}`) ?? [];
      const existing = between.find((e) => sameEdgeAction(e, step.action!, target, opts));
      if (existing) {
        edgeDemos.get(existing)!.add(demo.id);
        existing.uses.push([demo.id, step.ref.idx]);
        if (goal) existing.goal = true;
        if (step.alternatives) alternatives.set(existing, step.alternatives);
        path.push(existing);
        return;
      }
      const edge: GraphEdge = {
        id: `e${edges.length}`,
        from,
        to,
        action: step.action,
        actionPx: step.actionPx,
        target,
        screen: step.screen,
        demonstrations: [],
        uses: [[demo.id, step.ref.idx]],
        ...(goal ? { goal: true } : {}),
        ...(effects.length ? { effects } : {}),
        ...controlsOf(step, effects),
        ...listShiftOfStep(step, index.byId(from), demo.steps[t + 1]!, index.byId(to)),
      };
      edges.push(edge);
      edgesBetween.set(`${from}>${to}`, [...between, edge]);
      edgeDemos.set(edge, new Set([demo.id]));
      if (step.alternatives) alternatives.set(edge, step.alternatives);
      path.push(edge);
    });
    const last = nodeIds[nodeIds.length - 1]!;
    index.byId(last).done = true;
    goalPaths.set(last, [...(goalPaths.get(last) ?? []), path]);
  }
  for (const [edge, ids] of edgeDemos) edge.demonstrations = [...ids];
  if (index.nodes.length === 0) throw new Error(`task ${taskId} has no recorded steps to build a graph from`);
  markFreeChoices(alternatives);

  const startNode = [...starts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
  for (const n of index.nodes) {
    const weakest = n.members.reduce((min, m) => Math.min(min, m.evidence.confidence), 1);
    if (weakest < cfg.flagBelow) n.flag = `members differ: weakest match confidence ${weakest.toFixed(2)}`;
    if (starts.has(n.id) && n.id !== startNode) n.flag = `${starts.get(n.id)} demonstration(s) start here, not at ${startNode}`;
  }
  const graph: TaskGraph = {
    taskId,
    config: cfg,
    startNode,
    nodes: index.nodes,
    edges,
    contentKeys: [...model.keys].sort(),
    freeKeys: [...model.free].sort(),
    listedKeys: [...(model.listed ?? [])].sort(),
  };
  for (const [id, conditions] of deriveGoalConditions(graph, goalPaths, hints)) index.byId(id).goal = conditions;
  return graph;
}

/** How far the list stood from the node's representative screen where a tap or swipe was recorded, and where a swipe ended (recorded-frame.ts). */
function listShiftOfStep(
  step: Demo['steps'][number],
  node: GraphNode,
  landed: Demo['steps'][number],
  landedOn: GraphNode,
): Pick<GraphEdge, 'listShift' | 'landedShift'> {
  if (!step.action || (!('at' in step.action) && step.action.type !== 'Swipe')) return {};
  const shift = listShiftOf(step, node, step.screen.height);
  const end = step.action.type === 'Swipe' ? listShiftOf(landed, landedOn, step.screen.height) : null;
  return { ...(shift === null ? {} : { listShift: shift }), ...(end === null ? {} : { landedShift: end }) };
}

/** Bounds of both lists, each once. */
function unionBounds(a: readonly Bounds[], b: readonly Bounds[]): Bounds[] {
  return [...a, ...b.filter((x) => !a.some((y) => sameBounds(x, y)))];
}
