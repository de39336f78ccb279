import type { Bounds } from '../../../shared/domain/ui-node.js';
import type { GraphEdge, GraphNode, TapOption, TaskGraph } from '../../../shared/domain/task-graph.js';
import { centreIn, contains } from '../../../shared/domain/ui-tree.js';
import { NORM_MAX } from '../geometry/coordinates.js';
import { SCROLL_SLACK } from './walk-view.js';

/**
 * Where a tap was recorded on a list. A node holds every visit of a page in one state, and a list's depth is counted in
 * swipes (scroll-depth.ts), so two visits swiped by different lengths are one node; the walk reads an agent's tap on
 * the node's representative screen (the one an offline agent is shown), but each visit's taps were made on its own
 * screen. A tap recorded on 哈尔滨 after a 400-unit swipe lies 100 units below where the representative, swiped 500,
 * shows 哈尔滨: read raw, a tap at that place was taken as 哈尔滨 where the phone, swiped 500, has the row below (found
 * by the probe on a graph grown from exploration's routes, whose swipes are shorter than the demonstrations'). The
 * builder stores how far the list on each tap's screen stood from the representative's (`GraphEdge.listShift`); the
 * walk reads the tap where the representative's screen shows what it pressed. A swipe's recording keeps where it began
 * and ended beside its nodes' screens too (`listShift`, `landedShift`): after exploration's first short swipe the walk
 * stands 100 units above the node's screen, where its second began, and takes it from there (walk-scroll-travel.ts).
 */

/** The labelled controls a screen shows once each (of those `keep` keeps), by `id|label`: where each stands. */
export function shownOnce(controls: readonly TapOption[], keep: (b: Bounds) => boolean = () => true): Map<string, Bounds> {
  const at = new Map<string, Bounds>();
  const twice = new Set<string>();
  for (const c of controls) {
    if (!keep(c.bounds)) continue;
    const k = `${c.id ?? ''}|${c.label}`;
    if (at.has(k)) twice.add(k);
    at.set(k, c.bounds);
  }
  for (const k of twice) at.delete(k);
  return at;
}

/**
 * How far (pixels, finger up positive) the list on a recorded screen stood scrolled beyond the representative's screen
 * of its node: by the controls of the lists both show once, where at least two are shared and two in three of them
 * moved alike (a list whose rows were reordered moves no one way); null where the two screens show the list alike or
 * no one shift explains them.
 */
export function listShiftOf(
  recorded: { controls?: TapOption[]; scrolls?: Bounds[] },
  representative: GraphNode,
  screenHeight: number,
): number | null {
  const lists = recorded.scrolls ?? [];
  if (lists.length === 0 || !representative.controls) return null;
  const inList = (b: Bounds): boolean => centreIn(b, lists);
  const mine = shownOnce(recorded.controls ?? [], inList);
  const theirs = shownOnce(representative.controls, inList);
  const shifts = [...mine].flatMap(([k, b]) => {
    const there = theirs.get(k);
    return there === undefined ? [] : [there.top - b.top];
  });
  if (shifts.length < 2) return null;
  shifts.sort((a, b) => a - b);
  const median = shifts[Math.floor(shifts.length / 2)]!;
  const slack = (SCROLL_SLACK / NORM_MAX) * screenHeight;
  if (Math.abs(median) <= slack) return null;
  const alike = shifts.filter((s) => Math.abs(s - median) <= slack).length;
  return alike * 3 >= shifts.length * 2 ? median : null;
}

/** Bounds moved up by `dy` pixels where they lie inside a list; elsewhere (the app bar, the tab bar) as they are. */
const moved = (b: Bounds, dy: number, lists: readonly Bounds[]): Bounds =>
  centreIn(b, lists) ? { ...b, top: b.top + dy, bottom: b.bottom + dy } : b;

/** The edge with its tap read on its node's representative screen. */
function inNodeFrame(e: GraphEdge, node: GraphNode | undefined): GraphEdge {
  const dy = e.listShift;
  const lists = node?.scrolls ?? [];
  const a = e.action;
  if (!dy || lists.length === 0 || !('at' in a) || e.actionPx === null || !('at' in e.actionPx)) return e;
  const px = e.actionPx.at;
  if (!lists.some((l) => contains(l, px.x, px.y))) return e;
  const move = (b: Bounds): Bounds => moved(b, dy, lists);
  const opts = (o: TapOption[] | undefined): TapOption[] | undefined => o?.map((x) => ({ ...x, bounds: move(x.bounds) }));
  const norm = (dy / e.screen.height) * NORM_MAX;
  return {
    ...e,
    action: { ...a, at: { x: a.at.x, y: a.at.y + norm } },
    actionPx: { ...e.actionPx, at: { x: px.x, y: px.y + dy } },
    target: e.target ? { ...e.target, bounds: move(e.target.bounds) } : null,
    ...(e.choice ? { choice: { options: e.choice.options.map(move) } } : {}),
    ...(e.options ? { options: opts(e.options) } : {}),
    ...(e.group ? { group: opts(e.group) } : {}),
    ...(e.mirror ? { mirror: move(e.mirror) } : {}),
    ...(e.slider ? { slider: { ...e.slider, bounds: move(e.slider.bounds) } } : {}),
  };
}

const framed = new WeakMap<object, object>();

/** The graph with every tap read on its node's representative screen (the same graph where no tap needs it). */
export function inRepresentativeFrames<G extends Pick<TaskGraph, 'nodes' | 'edges'>>(graph: G): G {
  const known = framed.get(graph);
  if (known) return known as G;
  let out = graph;
  if (graph.edges.some((e) => e.listShift)) {
    const byId = new Map(graph.nodes.map((n) => [n.id, n]));
    out = { ...graph, edges: graph.edges.map((e) => inNodeFrame(e, byId.get(e.from))) };
  }
  framed.set(graph, out);
  return out;
}
