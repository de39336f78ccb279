import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode, TaskGraph } from '../../../shared/domain/task-graph.js';
import { graphScreen } from '../../../shared/domain/task-graph.js';
import type { Bounds, ScreenSize } from '../../../shared/domain/ui-node.js';
import { contains } from '../../../shared/domain/ui-tree.js';
import { toPixels } from '../geometry/coordinates.js';
import { normalizeContent } from './content.js';
import { isSearchKey } from './goal-conditions.js';
import type { PageModel } from './page-model.js';
import { pageModel } from './page-model.js';
import { pageKey } from './signature.js';
import type { PressedOnPage } from './walk-opens.js';
import { addPressed, inPlaceLabels } from './walk-opens.js';
import { impliedBySibling } from './walk-implied.js';
import { pressedLabel } from './match.js';
import type { TurnedControl } from './walk-turned.js';
import { turnHere } from './walk-turned.js';
import type { CountStepper } from './walk-count.js';
import { countStepperHere, showsElement } from './walk-count.js';
import { presetFieldElsewhere } from './walk-preset.js';
import type { TapLike } from './walk-view.js';
import { insideScrolling, isTapLike, outsideScrolling, tappedLabel } from './walk-view.js';
import { AppNames } from '../tasks/app-names.js';

/**
 * Pages of an app that other tasks' demonstrations recorded. A tap this task's graph does not know opens a page no
 * demonstration of the task saw (an alarm's editor, opened from the list on the way to 添加闹钟); where another task's
 * demonstrations pressed the same control on the same page (the same activity and title, the control by its label; or,
 * for a control of the page's chrome outside what scrolls, any page of the same activity: the article's 文字大小),
 * the page it opens is the one they saw, and what they did there says what an action does on it. The walk goes there
 * to look and come back (walk-abroad.ts): the agent is shown that recorded screen, not "a page no one saw".
 *
 * These are human demonstrations of the same app, not variants of the graph being judged. Only a press that opens
 * another page and changes nothing on its own (no recorded effect, not a task's goal unless that task only asks to be
 * shown something) leads abroad.
 */
export interface AppPage {
  graph: TaskGraph;
  /** The other graph's node the press was made on, and the press. */
  from: GraphNode;
  edge: GraphEdge;
}

/** A screen's layout: its activity and structure, whatever its title (another article, another city's weather). */
export const layoutOf = (n: GraphNode): string => `${n.signature.activity}|${n.signature.structure.join(' ')}`;

/**
 * The walked graph's own screens of another page of the activity of one of `here` (the new alarm's editor beside the
 * 07:00 alarm's: the same controls under another title, and a 删除 the new one lacks). What a control does there, this
 * graph's recordings show, though no rule of its walk reads one page's recording for another; the stepper rule
 * (walk-count.ts) takes a press only on the same control at the same place stepping the same element. Found by
 * exploration on a grown graph: −1 h pressed twice on the 07:00 alarm's editor, where another task recorded one press
 * from 7 and this task's own new alarm eleven from 7 down.
 */
export function ownScreensOfActivity(
  graph: Pick<TaskGraph, 'startNode' | 'nodes' | 'edges'> & Partial<Pick<TaskGraph, 'taskId'>>,
  here: readonly (GraphNode | undefined)[],
): { model: PageModel; node: GraphNode; task: string }[] {
  const shown = here.filter((n): n is GraphNode => n !== undefined);
  const pages = new Set(shown.map((n) => pageKey(n.signature)));
  const activities = new Set(shown.map((n) => n.signature.activity));
  const model = pageModel(graph);
  return graph.nodes
    .filter((node) => !pages.has(pageKey(node.signature)) && activities.has(node.signature.activity))
    .map((node) => ({ model, node, task: graph.taskId ?? 'this task' }));
}

/** The graph being walked: never asked about, since what it knows its walk knows. */
type OwnGraph = Pick<TaskGraph, 'edges'> & Partial<Pick<TaskGraph, 'taskId'>>;

export class AppPages {
  private readonly byActivity = new Map<string, { graph: TaskGraph; node: GraphNode }[]>();
  private readonly taskOf = new WeakMap<GraphNode, string>();
  /** The labels of controls a recorded tap of any task pressed and stayed on its page (walk-opens.ts). */
  private readonly inPlaceLabels = new Set<string>();
  /** Recordings with the keyboard up, by screen size (keyboardScreens). */
  private readonly keyboardUp = new Map<string, GraphNode[]>();

  /**
   * `graphs`: the latest graph of every task, in a fixed order (task id): the first that knows a press is the one used.
   * `inquiries`: the tasks whose goal is to be shown something (their scenario says so): their goal action opens a page
   * to read, a look like any other press that changes nothing.
   */
  constructor(
    private readonly graphs: readonly TaskGraph[],
    private readonly inquiries: ReadonlySet<string> = new Set(),
    /** The names the task set and the system give apps (core/tasks/app-names.ts): a LaunchApp or an icon by name. */
    private readonly names: AppNames = new AppNames(),
  ) {
    for (const graph of graphs) {
      const m = pageModel(graph);
      for (const e of graph.edges) for (const label of inPlaceLabels(m, e)) this.inPlaceLabels.add(label);
    }
    for (const graph of graphs)
      for (const node of graph.nodes) {
        const list = this.byActivity.get(node.signature.activity) ?? [];
        list.push({ graph, node });
        this.byActivity.set(node.signature.activity, list);
        this.taskOf.set(node, graph.taskId);
      }
  }

  /**
   * The page another graph's demonstrations opened by pressing the control labelled `label` on a page of `here` (the
   * screens the walk stands on), by the same kind of press: null when none did, or when the press they recorded
   * changed something or was their task's goal. `own` (the graph walked) is never asked: what it knows, its walk knows.
   */
  opened(
    own: OwnGraph,
    here: readonly (GraphNode | undefined)[],
    action: Action,
    label: string,
    screen: { width: number; height: number },
  ): AppPage | null {
    if (!isTapLike(action) || label === '') return null;
    const want = normalizeContent(label);
    const shown = here.filter((n): n is GraphNode => n !== undefined);
    const pages = new Set(shown.map((n) => pageKey(n.signature)));
    // The same screen showing another item (the same activity and structure, another title: the weather of 上海 where
    // another task recorded 南京's): there only the look a task that asks to be shown something took as its goal (明天);
    // a press on the way may be on the item's own content (an article's related reading lists its own).
    const screens = new Set(shown.map(layoutOf));
    // A control of the page's chrome (the app bar's 文字大小), outside what scrolls: the same control on every page of
    // the activity, whatever its title (the article it shows).
    const chrome = outsideScrolling(shown, action, screen);
    for (const activity of new Set(shown.map((n) => n.signature.activity)))
      for (const { graph, node } of this.byActivity.get(activity) ?? []) {
        if (graph.edges === own.edges || graph.taskId === own.taskId) continue;
        const samePage = pages.has(pageKey(node.signature));
        const sameScreen = !samePage && screens.has(layoutOf(node)) && this.inquiry(graph);
        if (!samePage && !chrome && !sameScreen) continue;
        const m = pageModel(graph);
        for (const e of m.outOf.get(node.id) ?? []) {
          if (e.action.type !== action.type || (e.goal && !this.inquiry(graph)) || (e.effects?.length ?? 0) > 0) continue;
          if (m.pageOf.get(e.to) === m.pageOf.get(e.from)) continue;
          if (!samePage && !outsideScrolling([node], e.action, e.screen) && !(sameScreen && e.goal)) continue;
          if (normalizeContent(tappedLabel(e, e.action as TapLike)) === want) return { graph, from: node, edge: e };
        }
      }
    return null;
  }

  /**
   * What this graph's shortcut `label` on the page `from` shows set there, where no route of this graph says: another
   * task's recording of the page shows a sibling of its group set a field to its own label (walk-implied.ts).
   */
  impliedAsSibling(own: OwnGraph, from: GraphNode, label: string): ReadonlyMap<string, string> | undefined {
    const where = this.recordingsOfPage(own, [from]).map(({ graph, node }) => {
      const model = pageModel(graph);
      return { model, page: model.pageOf.get(node.id) ?? '' };
    });
    return impliedBySibling(where, label);
  }

  /**
   * The labels of the controls that, in another task's recording of the page `here` shows, searched with the form's
   * fields and reached the very state a shortcut of the page reached (查询 with 到达 杭州, where the shortcut 杭州 led):
   * the form's search, which does what a shortcut does once the form holds what that shortcut sets (walk-implied.ts).
   */
  formSearches(own: OwnGraph, here: readonly (GraphNode | undefined)[]): ReadonlySet<string> {
    const out = new Set<string>();
    for (const { graph, node } of this.recordingsOfPage(own, here)) {
      const m = pageModel(graph);
      const page = m.pageOf.get(node.id);
      for (const [shortcut] of m.implied) {
        if (m.pageOf.get(shortcut.from) !== page) continue;
        for (const e of graph.edges)
          if (
            e !== shortcut &&
            e.to === shortcut.to &&
            m.pageOf.get(e.from) === page &&
            isTapLike(e.action) &&
            pressedLabel(e) !== pressedLabel(shortcut)
          )
            out.add(pressedLabel(e));
      }
    }
    return out;
  }

  /**
   * How the control labelled `label` at `bounds` turns in place when pressed (walk-turned.ts), as another task's
   * recording shows it on this page, or on a screen laid out as this one showing another item (the bookmark of another
   * article): null where none recorded such a press. `own` is never asked.
   */
  turnedInPlace(own: OwnGraph, here: readonly (GraphNode | undefined)[], label: string, bounds: Bounds): TurnedControl | null {
    return turnHere(this.recordingsLaidOutAs(own, here), label, bounds);
  }

  /**
   * The stepper of a count under the finger (the control labelled `label` at `bounds`), as another task's recording shows
   * it on this page or on a screen laid out as this one (+ on another product's page): null where none recorded a press
   * there (walk-count.ts). `own` is never asked.
   */
  countStepper(
    own: OwnGraph,
    here: readonly (GraphNode | undefined)[],
    label: string,
    bounds: Bounds,
    valueHere: (key: string) => string | undefined,
    ownElsewhere: readonly { model: PageModel; node: GraphNode; task: string }[] = [],
  ): CountStepper | null {
    const shown = (key: string): boolean => here.some((n) => n !== undefined && showsElement(n, key));
    return countStepperHere([...this.recordingsLaidOutAs(own, here), ...ownElsewhere], label, bounds, valueHere, shown);
  }

  /**
   * The field (its key after the page) a preset's row fills, as another task's recording of this page or one laid out
   * as it shows a sibling of the preset labelled `label` at `bounds` filling it (walk-preset.ts); null where none does.
   */
  presetField(own: OwnGraph, here: readonly (GraphNode | undefined)[], label: string, bounds: Bounds): string | null {
    return presetFieldElsewhere(this.recordingsLaidOutAs(own, here), label, bounds);
  }

  /** Other tasks' recordings of the page `here` shows, or of a screen laid out as it (another item's), with their models. */
  private recordingsLaidOutAs(
    own: OwnGraph,
    here: readonly (GraphNode | undefined)[],
  ): { model: PageModel; node: GraphNode; task: string }[] {
    const shown = here.filter((n): n is GraphNode => n !== undefined);
    const pages = new Set(shown.map((n) => pageKey(n.signature)));
    const screens = new Set(shown.map(layoutOf));
    return [...new Set(shown.map((n) => n.signature.activity))].flatMap((activity) =>
      (this.byActivity.get(activity) ?? [])
        .filter(({ graph }) => graph.edges !== own.edges && graph.taskId !== own.taskId)
        .filter(({ node }) => pages.has(pageKey(node.signature)) || screens.has(layoutOf(node)))
        .map(({ graph, node }) => ({ model: pageModel(graph), node, task: graph.taskId })),
    );
  }

  /**
   * The control another task's recording of the same page shows at a tap's point outside the list it scrolls, where
   * every screen the walk stands on shows the list (inside what scrolls): a bar that comes and goes with what the app
   * is doing (the mini player's 暂停 over the foot of the song list while a song plays). Null where none does, or where
   * this path's screens show the same control there (a tab bar that one recording lays inside what scrolls).
   */
  chromeOver(
    own: OwnGraph,
    here: readonly (GraphNode | undefined)[],
    action: Action,
    screen: { width: number; height: number },
  ): string | null {
    if (!isTapLike(action) || !insideScrolling(here, action, screen)) return null;
    const p = toPixels(action.at, screen);
    const mine = new Set(here.flatMap((n) => (n?.controls ?? []).filter((c) => contains(c.bounds, p.x, p.y)).map((c) => c.label)));
    for (const node of this.screensOfPage(own, here)) {
      // A bar over the list: that recording's list ends where the bar begins. A recording where nothing scrolls (a
      // list too short to) lays its rows outside what scrolls, and shows no bar (exploration: the news feed's rows).
      if ((node.scrolls ?? []).length === 0 || !outsideScrolling([node], action, screen)) continue;
      const bar = node.controls?.find((c) => c.label !== '' && contains(c.bounds, p.x, p.y));
      // The same control where this path's screens show it too (a tab bar one screen lays inside what scrolls): no bar.
      if (bar && !mine.has(bar.label)) return bar.label;
    }
    return null;
  }

  /**
   * Every recording of any page of any app with the keyboard up, on a screen of `screen`'s size: the device's keyboard
   * stands where they show it (walk-keyboard.ts keyboardUnder, where no recording of the page has it up).
   */
  keyboardScreens(screen: ScreenSize): readonly GraphNode[] {
    const key = `${screen.width}x${screen.height}`;
    let found = this.keyboardUp.get(key);
    if (!found) {
      found = this.graphs.flatMap((g) => {
        const s = graphScreen(g);
        return s.width === screen.width && s.height === screen.height ? g.nodes.filter((n) => n.keyboard === true) : [];
      });
      this.keyboardUp.set(key, found);
    }
    return found;
  }

  /**
   * Where any task's recordings of an app's pages show the app bar's Navigate-up arrow, at this screen size: the app's
   * pages share their app bar, so a page no one recorded that has one shows it there (the clock's alarm editor, opened
   * from the list, as its 添加闹钟 does).
   */
  upArrowsOf(app: string, screen: ScreenSize): Bounds[] {
    return this.graphs.flatMap((g) => {
      const s = graphScreen(g);
      if (s.width !== screen.width || s.height !== screen.height) return [];
      return g.nodes.flatMap((n) => (n.up && n.signature.activity.startsWith(`${app}/`) ? [n.up] : []));
    });
  }

  /** The task whose demonstrations recorded `node` (one of the graphs given), if any. */
  recordedBy(node: GraphNode): string | undefined {
    return this.taskOf.get(node);
  }

  /** Other tasks' recordings of the page `here` shows (the same activity and title). */
  screensOfPage(own: OwnGraph, here: readonly (GraphNode | undefined)[]): GraphNode[] {
    return this.recordingsOfPage(own, here).map(({ node }) => node);
  }

  /**
   * What other tasks' recorded taps pressed on the page `here` shows (activity and title), by what they did
   * (walk-opens.ts), and the labels of the presses that stayed, on any page of any app (held-out set V: 14 of its 19
   * false accepts, where the article's, the place's or the product's own 收藏 or 加入购物车 was recorded only on another
   * item's page, 屏蔽号码 only on the call log; and set U's photo 收藏, recorded only in other apps). Not their shapes on
   * another page of the activity: the browser's 书签 stands where an article's 收藏网页 does, and opens a page.
   */
  pressedOnPage(own: OwnGraph, here: readonly (GraphNode | undefined)[], into: PressedOnPage): PressedOnPage {
    const labels = new Set([...into.inPlaceLabels, ...this.inPlaceLabels]);
    const out: PressedOnPage = { opened: [...into.opened], inPlace: [...into.inPlace], inPlaceLabels: labels };
    const shown = here.filter((n): n is GraphNode => n !== undefined);
    const pages = new Set(shown.map((n) => pageKey(n.signature)));
    for (const activity of new Set(shown.map((n) => n.signature.activity)))
      for (const { graph, node } of this.byActivity.get(activity) ?? []) {
        if (graph.edges === own.edges || graph.taskId === own.taskId) continue;
        const m = pageModel(graph);
        const samePage = pages.has(pageKey(node.signature));
        if (samePage) for (const e of m.outOf.get(node.id) ?? []) addPressed(out, m, e);
      }
    return out;
  }

  /** Other tasks' recordings of the page `here` shows, each with the graph that holds it. */
  private recordingsOfPage(own: OwnGraph, here: readonly (GraphNode | undefined)[]): { graph: TaskGraph; node: GraphNode }[] {
    const shown = here.filter((n): n is GraphNode => n !== undefined);
    const pages = new Set(shown.map((n) => pageKey(n.signature)));
    return [...new Set(shown.map((n) => n.signature.activity))].flatMap((activity) =>
      (this.byActivity.get(activity) ?? []).filter(
        ({ graph, node }) => graph.edges !== own.edges && graph.taskId !== own.taskId && pages.has(pageKey(node.signature)),
      ),
    );
  }

  /**
   * The results another task's demonstration saw after submitting `query` (by Enter) in the search box `key` of the page
   * `here` shows: the node its Enter reached, laid out as `results` (the screen this task's own Enter reached, titled by
   * its own query), and its graph. Null where no recording typed that very query there (walk-query.ts).
   */
  resultsOf(
    own: OwnGraph,
    here: readonly (GraphNode | undefined)[],
    key: string,
    query: string,
    results: GraphNode,
  ): { graph: TaskGraph; node: GraphNode } | null {
    const want = normalizeContent(query);
    for (const { graph, node } of this.recordingsOfPage(own, here)) {
      if (normalizeContent(node.signature.content?.[key] ?? '') !== want) continue;
      const m = pageModel(graph);
      for (const e of m.outOf.get(node.id) ?? []) {
        const to = m.byId.get(e.to);
        if (e.action.type === 'Enter' && to && layoutOf(to) === layoutOf(results)) return { graph, node: to };
      }
    }
    return null;
  }

  /** The package an app's name (天气, Weather) or package names, or null (core/tasks/app-names.ts). */
  packageNamed(name: string): string | null {
    return this.names.packageOf(name);
  }

  /** Whether the graph's task only asks to be shown something: its goal action is a look. */
  inquiry(graph: Pick<TaskGraph, 'taskId'>): boolean {
    return this.inquiries.has(graph.taskId);
  }

  /**
   * Whether typing into the search box of a page that this task's demonstrations never typed in leaves the page as it
   * was: another task's demonstrations typed a query into the page's one search box and the page stayed, with nothing
   * but the box changed (the music library lists no results until Enter). An app that filters as you type shows other
   * content after the typing, and is no such page.
   */
  typingStays(own: OwnGraph, here: readonly (GraphNode | undefined)[]): boolean {
    const boxes = new Set<string>();
    let changes = false;
    for (const { graph, node } of this.recordingsOfPage(own, here)) {
      const m = pageModel(graph);
      for (const e of m.outOf.get(node.id) ?? []) {
        if (e.action.type !== 'Type') continue;
        const effects = e.effects ?? [];
        const box = effects.length === 1 && isSearchKey(effects[0]!.key, effects[0]!.label) ? effects[0]!.key : null;
        if (box === null || m.pageOf.get(e.to) !== m.pageOf.get(e.from) || e.goal) changes = true;
        else boxes.add(box);
      }
    }
    return !changes && boxes.size === 1;
  }
}
