import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode, TapOption } from '../../../shared/domain/task-graph.js';
import type { Bounds } from '../../../shared/domain/ui-node.js';
import { centreIn, contains } from '../../../shared/domain/ui-tree.js';
import { toPixels } from '../geometry/coordinates.js';
import { isTapLike } from './walk-view.js';
import type { PageModel } from './page-model.js';

/**
 * A tab bar is navigation, not content: a row of labelled controls, one shown selected, outside what scrolls
 * (微信 · 通讯录 · 朋友圈; 闹钟 · 时钟 · 计时器). Tapping a tab shows that tab's page and changes nothing in the
 * app; the other pages keep the bar, so from any of them a tab leads where it leads from the page that showed
 * it, and the tab a page was left on shows that page again as it was left. The walk (walk.ts) uses this where
 * no demonstration pressed the tab: a look at another tab and back is a detour, not another route.
 */
export interface TabBar {
  /** The labels of its tabs, sorted: the same bar on every page that shows it. */
  key: string;
  tabs: readonly TapOption[];
  /** The tab the screen shows selected. */
  selected: TapOption;
}

/** Rows are the same when their tops and bottoms agree within this many pixels. */
const ROW_SLACK = 6;

const sameRow = (a: Bounds, b: Bounds): boolean => Math.abs(a.top - b.top) <= ROW_SLACK && Math.abs(a.bottom - b.bottom) <= ROW_SLACK;

const barsByNode = new WeakMap<GraphNode, TabBar[]>();

/**
 * The tab bars a node's screen shows: for each control shown selected outside what scrolls, the labelled controls on
 * its row, none of them in a scrolling container, at least two, with distinct labels. A screen may show two (the
 * travel app's 火车票 · 机票 above its form and 首页 · 订单 at the bottom). Empty when the screen shows none (or a graph
 * from before screens kept their controls, selected ones and scrolling areas).
 */
export function tabBarsOf(node: GraphNode | undefined): TabBar[] {
  if (!node?.still?.length || !node.controls?.length || node.scrolls === undefined) return [];
  // Read once per node: the walk asks on every move (a graph's nodes do not change under it).
  const known = barsByNode.get(node);
  if (known) return known;
  const out: TabBar[] = [];
  for (const s of node.still) {
    if (centreIn(s, node.scrolls)) continue;
    const row = node.controls.filter((c) => sameRow(c.bounds, s) && !centreIn(c.bounds, node.scrolls!) && c.label !== '');
    const selected = row.find(
      (c) => sameRow(c.bounds, s) && Math.abs(c.bounds.left - s.left) <= ROW_SLACK && Math.abs(c.bounds.right - s.right) <= ROW_SLACK,
    );
    const labels = new Set(row.map((c) => c.label));
    if (!selected || row.length < 2 || labels.size !== row.length) continue;
    const tabs = [...row].sort((a, b) => a.bounds.left - b.bounds.left);
    const key = [...labels].sort().join('\u0000');
    if (!out.some((b) => b.key === key)) out.push({ key, tabs, selected });
  }
  barsByNode.set(node, out);
  return out;
}

/** The tab bars every one of these screens shows (the same labels), each as the first screen shows it. */
export function sharedTabBars(nodes: readonly (GraphNode | undefined)[]): TabBar[] {
  if (nodes.length === 0) return [];
  const [first, ...rest] = nodes.map(tabBarsOf);
  return first!.filter((b) => rest.every((bars) => bars.some((x) => x.key === b.key)));
}

/** The first tab under a tap, of these bars, that its bar does not show selected (a tab pressed to go elsewhere), or null. */
export function tabPressed(
  bars: readonly TabBar[],
  action: Action,
  screen: { width: number; height: number },
): { bar: TabBar; label: string } | null {
  for (const bar of bars) {
    const tab = tabUnder(bar, action, screen);
    if (tab && tab.label !== bar.selected.label) return { bar, label: tab.label };
  }
  return null;
}

/** The tab of a bar a tap lands on, or null. */
export function tabUnder(bar: TabBar, action: Action, screen: { width: number; height: number }): TapOption | null {
  if (!isTapLike(action) || action.type === 'LongPress') return null;
  const p = toPixels(action.at, screen);
  return bar.tabs.find((t) => contains(t.bounds, p.x, p.y)) ?? null;
}

/**
 * A recorded tap on the tab labelled so, from a screen that shows the same bar (`fromPage` left out: there it would
 * have been taken as recorded), that led to a screen showing that tab selected: where a tab leads wherever it is
 * pressed (a tab bar navigates). Null when no demonstration pressed it.
 */
export function recordedTabPress(
  edges: readonly GraphEdge[],
  byId: ReadonlyMap<string, GraphNode>,
  pageOf: ReadonlyMap<string, string>,
  bar: TabBar,
  label: string,
  fromPage: string,
  /** Whether the path may take this recorded press (a press a demonstration made on a return visit asks what it did since). */
  allows: (e: GraphEdge) => boolean,
): GraphEdge | null {
  for (const e of edges) {
    if (e.action.type !== 'Tap' || pageOf.get(e.from) === fromPage || !allows(e)) continue;
    const there = tabBarsOf(byId.get(e.from)).find((b) => b.key === bar.key);
    if (!there || tabUnder(there, e.action, e.screen)?.label !== label) continue;
    if (tabBarsOf(byId.get(e.to)).some((b) => b.key === bar.key && b.selected.label === label)) return e;
  }
  return null;
}

/** The pages a bar's tabs showed, by tab label (created on first use). */
function pagesOf<V>(byBar: Map<string, Map<string, V>>, key: string): Map<string, V> {
  const pages = byBar.get(key) ?? new Map<string, V>();
  byBar.set(key, pages);
  return pages;
}

/** Where each tab of each bar last showed the walk, and how far its page was scrolled (the walk's memory of its tabs). */
export class TabPages<P> {
  private readonly byBar = new Map<string, Map<string, { pos: P; scrolled: number }>>();
  /** Per bar and tab, the page as the walk first found it there. */
  private readonly firstByBar = new Map<string, Map<string, { pos: P; scrolled: number }>>();

  /** The page the bar's selected tab shows is this one, as the path leaves it. */
  remember(bar: TabBar, pos: P, scrolled: number): void {
    const label = bar.selected.label;
    pagesOf(this.byBar, bar.key).set(label, { pos, scrolled });
    const first = pagesOf(this.firstByBar, bar.key);
    if (!first.has(label)) first.set(label, { pos, scrolled });
  }

  /** The bar's selected tab shows a page the app may rebuild when the tab is pressed again: as the walk first found it. */
  forget(bar: TabBar): void {
    const first = this.firstByBar.get(bar.key)?.get(bar.selected.label);
    if (first) this.byBar.get(bar.key)?.set(bar.selected.label, first);
    else this.byBar.get(bar.key)?.delete(bar.selected.label);
  }

  /** Where the tab labelled so showed the walk last, or undefined when the walk never stood on its page. */
  pageOf(bar: TabBar, label: string): { pos: P; scrolled: number } | undefined {
    return this.byBar.get(bar.key)?.get(label);
  }
}

/**
 * Where a tab no recorded action pressed from here leads: the page it showed when the walk last stood on it, as the
 * path left it; else the page a demonstration's press of it showed from another page of the bar (`recordedPress`).
 * Null when neither: a page the graph does not know.
 */
export function tabDestination<P>(
  pages: TabPages<P>,
  bar: TabBar,
  label: string,
  recordedPress: () => P | null,
): { pos: P; scrolled: number; reason: string } | null {
  const home = pages.pageOf(bar, label);
  if (home) return { ...home, reason: `the tab "${label}": its page as the path left it (a tab bar navigates, it changes nothing)` };
  const pos = recordedPress();
  const reason = `the tab "${label}": the page a demonstration's press of it showed (a tab bar navigates, it changes nothing)`;
  return pos === null ? null : { pos, scrolled: 0, reason };
}

/**
 * Whether a demonstration pressed the tab edge `e` after leaving the tab's page from one of `leftFrom` — the nodes of
 * the page as the path left it: then what its press showed is what the app does after such a visit (the shop's 首页 tab
 * after the cart, the list back at its top where the path had scrolled it), not a page recorded from another state.
 * Where the bar's tabs share one page (the travel app's 火车票 · 机票 above one form, one title), the page the tab was
 * left on is the last one showing that tab selected: the other tab's steps between are the visit, not the leaving (a
 * grown graph: 机票, its 北京 shortcut, Up, 火车票 — the train form then holds 北京, as every recording of it shows).
 */
export function pressedAfterLeavingFrom(
  m: PageModel,
  e: GraphEdge,
  leftFrom: ReadonlySet<string>,
  tab: { bar: TabBar; label: string },
): boolean {
  const tabPage = m.pageOf.get(e.to);
  // A screen of the page showing another tab of the bar selected; one showing no bar (a graph from before screens kept
  // their controls) counts as the tab's.
  const otherTab = (id: string): boolean => tabBarsOf(m.byId.get(id)).some((b) => b.key === tab.bar.key && b.selected.label !== tab.label);
  return e.uses.some(([d, k]) => {
    for (let j = k - 1; j >= 0; j--) {
      const before = m.stepOf.get(`${d}:${j}`);
      if (before && m.pageOf.get(before.from) === tabPage && !otherTab(before.from)) return leftFrom.has(before.from);
    }
    return false;
  });
}
