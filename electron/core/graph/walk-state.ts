import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode, ObservationRef, TapOption, TaskGraph } from '../../../shared/domain/task-graph.js';
import { graphScreen } from '../../../shared/domain/task-graph.js';
import { inRepresentativeFrames } from './recorded-frame.js';
import type { ContentRecord } from './goal-conditions.js';
import { isSearchKey, isTextKey, pressKey } from './goal-conditions.js';
import type { MatchOptions } from './match.js';
import { matchEdge, sameDemonstratedAction } from './match.js';
import type { PageModel } from './page-model.js';
import { contentOf, loopAllows, pageModel, sameTitledScreen } from './page-model.js';
import { keyboardScreen, withKeyboardScreen } from './walk-keyboard.js';
import { goalWaysOf } from './walk-goal-ways.js';
import { GoalAfter, fieldsSentByGoal } from './walk-goal-stands.js';
import { closesToOpener, pickedAgain } from './walk-pick.js';
import type { Candidate } from './walk-candidate.js';
import type { Position } from './walk-position.js';
import { isTapLike, tappedLabel, walkView } from './walk-view.js';
import { normalizeContent } from './content.js';
import type { WalkView } from './walk-view.js';
import { landing } from './walk-landing.js';
import { activityOfPage, enterNode, screensAt, truthfulScreensAt } from './walk-position.js';
import type { PressedOnPage } from './walk-opens.js';
import { pressedOn } from './walk-opens.js';
import type { TurnedControl } from './walk-turned.js';
import { boundsUnder, turnOfAnotherRow } from './walk-turned.js';
import type { CountStepper } from './walk-count.js';
import { SteppedCount } from './walk-count.js';
import { historyTitle } from './walk-history.js';
import type { TabBar } from './walk-tabs.js';
import { sharedTabBars, TabPages } from './walk-tabs.js';
import { freeItemPage } from './walk-free-item.js';
import { addsToCount } from './walk-pressed.js';
import { GoalItems } from './walk-goal-items.js';
import type { Excursion } from './walk-excursion.js';
import type { AppPages } from './walk-app-pages.js';
import { ownScreensOfActivity } from './walk-app-pages.js';
import { valueOfElement } from './content-keys.js';
import type { Abroad } from './walk-abroad.js';
import { abroadView } from './walk-abroad.js';
import { SearchQuery } from './walk-query.js';
import type { PresetFill } from './walk-preset.js';
import { presetFill, presetNumber } from './walk-preset.js';
import type { Toggle } from './walk-toggled.js';
import { FlippedToggles } from './walk-toggled.js';
import { AppFront, homeNodeOf } from './walk-home.js';
import { LeftDrafts, commitsByExit, discarded } from './walk-discard.js';

export type WalkGraph = Pick<TaskGraph, 'startNode' | 'nodes' | 'edges'> & Partial<Pick<TaskGraph, 'config' | 'freeKeys' | 'taskId'>>;

/**
 * The offline walk's state (walk.ts GraphWalker): where the walk stands (a page with content, its back stack), what the
 * path set, and what it left behind on the way; and the primitive moves on it — a move applied, a page navigated to or
 * left, the nodes shown. The rules that decide what an action does live in walk-travels.ts and walk.ts.
 */
export abstract class WalkState {
  current: Set<string>;
  /** Nodes entered through a goal edge on the last move. */
  viaGoal = new Set<string>();
  /** What this graph's ways off a page set there as other tasks' recordings show it (impliedOf), by edge. */
  private readonly impliedElsewhere = new Map<GraphEdge, ReadonlyMap<string, string> | undefined>();
  /** Actions taken so far (each half of a Type that submits counts). */
  protected acts = 0;
  /** The toggle the walk last flipped, where, when, and the goal's state before (flipped straight back: as it was). */
  protected lastFlip: { page: string; bounds: string; viaGoal: Set<string>; act: number } | null = null;
  /** The node shown to the agent: where the walk stands, or the closest node of its page. */
  node: string;
  /** The path's content: what its actions set, and for the rest the last value its pages showed. */
  protected readonly content = new Map<string, string>();
  /** Keys the path's own actions set (a page shown later never overrides what the agent typed or chose). */
  protected readonly set = new Set<string>();
  protected readonly legacy: boolean;
  protected readonly model: PageModel;
  protected pos: Position;
  /**
   * A tap the graph did not know was just made: the page it opened, which no demonstration recorded (walk-excursion.ts).
   */
  protected away: Excursion | null = null;
  /**
   * Just after a free choice opened its item's page: that item's own recorded page, entered by another route
   * (walk-free-item.ts), whose recorded actions the next action may be (walk.ts).
   */
  protected freeItem: { page: string; node: string } | null = null;
  /** Per tab bar, the page each tab showed when the walk last stood there, and how far it was scrolled (walk-tabs.ts). */
  protected readonly tabPages = new TabPages<Position>();
  /** Whether the path has acted yet, and whether it stood on a page no demonstration recorded (an excursion). */
  protected acted = false;
  protected unrecordedSeen = false;
  /** A row of a list opened a page no demonstration of the task recorded (what it set going there, no one saw). */
  protected rowOpenedAway = false;
  /** Switches no demonstration moved, left changed on a form committed by a way off it (walk-toggled.ts). */
  protected readonly toggled = new FlippedToggles();
  /**
   * Every switch, slider or control turning in place no demonstration moved, on any page, left changed: what the path
   * changed that no recording saw, which the verdict names (held-out sets AO and AQ: 深色主题 turned on after the font,
   * the 07:00 alarm switched off before the timer was set) — an offline walk has no phone to watch for side effects.
   */
  protected readonly flippedAnywhere = new FlippedToggles();
  /** The goal's control turned on other rows and not turned back (another post liked too): what each shows, by place. */
  protected readonly goalOnOtherRows = new Map<string, string>();
  /** Another query than the demonstration's, typed where it searched (walk-query.ts). */
  protected readonly query = new SearchQuery();
  /** What a demonstration saw after its Enter or its tap on a field left the node as it was (walk-view.ts screenAfterStay). */
  protected afterStay: ObservationRef | null = null;
  /** How far the page the walk stands on was scrolled where no demonstration scrolled (see walk-view.ts). */
  protected scrolled = 0;
  /**
   * The app's first page, as the path's first launch of it opened it (the setup stops the app): it stands at its list's
   * top until the path leaves it or a recorded swipe moves it, whatever other recorded screens of the page show it
   * scrolled (walk-travels.ts scroll).
   */
  protected launchedAtTop: string | null = null;
  /** A query typed and not yet submitted: the results a demonstration saw after its Enter are not shown (PageModel.afterSubmit). */
  protected unsubmitted = false;
  /** Per page, what it showed when the walk last came to it by a way forward (walk-discard.ts: a form left uncommitted). */
  protected readonly entered = new Map<string, Map<string, string>>();
  /** An option no demonstration chose, picked in a picker whose value no screen shows, until one they chose is (walk-pick.ts). */
  protected picked: { page: string; label: string } | null = null;
  /**
   * The options of every picker the path picked from, on any page: a picker alike shows another value than recorded,
   * whether on the same page or on another that shows the same setting (walk-pick.ts pickedAlike).
   */
  protected readonly pickedGroups: (readonly TapOption[])[] = [];
  /** The goal edges the path has taken (walk.ts move: the goal done again). */
  protected readonly goalsTaken = new Set<string>();
  /** The item each page is about, and the items the goal was done on (walk-goal-items.ts: the goal done on another). */
  protected readonly goalItems = new GoalItems();
  /**
   * Back from a page no demonstration recorded: the tap that led there may have acted in place instead (added to the
   * cart), and Back then left the page itself. Until a recorded move confirms the page, a tap that lands on nothing of
   * its screen is no evidence that nothing happened (walk-unknown-tap.ts).
   */
  protected unsureOfPage = false;
  /** On a page another task's demonstrations recorded, opened by a tap this graph does not know (walk-abroad.ts). */
  protected abroad: Abroad | null = null;
  /** This move opened another task's recorded page that task had not been on yet (walk-abroad.ts opensAhead): a look. */
  protected lookedAhead = false;
  /** A tap moved to where a control stood above the keyboard is being taken (walk-keyboard.ts): not moved again. */
  protected keyboardMoved = false;
  /** The keyboard is up because a tap raised it (walk.ts act). */
  protected raisedByTap = false;
  /** Texts typed and left unsent by Back, which an app may keep as drafts (walk-discard.ts). */
  protected readonly drafts = new LeftDrafts();
  /** Which app is in front, as Home and launches leave it (walk-home.ts). */
  protected readonly front = new AppFront();
  /** The home screen the demonstrations started from, if they did (walk-home.ts homeNodeOf). */
  protected readonly homeNode: string | null;
  /** Its page. */
  protected readonly homePage: string | null;
  /** What the goal action leaves behind as the path goes on: a look taken again, the goal that stands (walk-goal-stands.ts). */
  protected readonly goalAfter: GoalAfter;
  /** A count on the page stepped by a control only another task's recording shows pressed (walk-count.ts). */
  protected readonly counts = new SteppedCount();
  /** Some demonstration double-tapped: the graph knows the gesture itself (walk-as-phone.ts). */
  protected readonly recordsDoubleTap: boolean;

  /** The graph walked, its taps read on their nodes' representative screens (recorded-frame.ts). */
  protected readonly graph: WalkGraph;

  /** `app`: the pages other tasks' demonstrations recorded in the same apps (walk-app-pages.ts); without, none. */
  constructor(
    recorded: WalkGraph,
    protected readonly opts: MatchOptions,
    protected readonly app: AppPages | null = null,
  ) {
    const graph = inRepresentativeFrames(recorded);
    this.graph = graph;
    this.model = pageModel(graph);
    this.homeNode = homeNodeOf(graph);
    this.homePage = this.homeNode === null ? null : (this.model.pageOf.get(this.homeNode) ?? null);
    this.recordsDoubleTap = graph.edges.some((e) => e.action.type === 'DoubleTap');
    const goalPages = new Set(graph.edges.flatMap((e) => (e.goal ? [this.model.pageOf.get(e.from) ?? ''] : [])));
    this.goalAfter = new GoalAfter(
      graph.taskId !== undefined && (app?.inquiry({ taskId: graph.taskId }) ?? false),
      this.model.pageOf,
      this.model.byId,
      goalPages,
      fieldsSentByGoal(graph.edges),
      goalWaysOf(graph, this.model.pageOf, goalPages),
    );
    // As any page the walk comes to (a task that starts on a page with a tab bar: that tab leads back here).
    this.pos = enterNode(this.model, graph.startNode, [graph.startNode], null);
    this.current = this.pos.nodes;
    this.node = graph.startNode;
    this.moveTo(this.pos);
    this.entered.set(this.pos.page, new Map(this.pos.content));
    // Graphs from before goal edges existed (no edge marked) fall back to "stands on DONE".
    this.legacy = !graph.edges.some((e) => e.goal);
  }

  /** The path's content for the goal conditions: what its actions set, else the last value its pages showed. */
  get record(): ContentRecord {
    return this.content;
  }

  /** What the agent should be shown: `node`'s recorded screen, or a page no demonstration saw, or that screen scrolled (walk-view.ts). */
  get view(): WalkView {
    if (this.abroad) return abroadView(this.abroad, this.node);
    // Off what the recordings show (Back below the page a setup opened): the phone shows what no recording does, never
    // the page the walk left (held-out set BC: the article shown again after Back, where the phone showed the feed).
    if (this.front.beyond) return { node: this.node, kind: 'excursion', scrolledPx: 0, lost: true };
    if (this.front.left !== null) {
      const home = this.front.elsewhere === null ? this.homeNode : null;
      return home !== null ? { node: home, kind: 'recorded', scrolledPx: 0 } : { node: this.node, kind: 'excursion', scrolledPx: 0 };
    }
    // Another query's results, as another task's demonstration saw them (walk-query.ts): not what this task recorded here.
    const listed = this.scrolled === 0 && !this.away ? this.query.resultsOn(this.pos.page) : null;
    if (listed)
      return { node: this.node, kind: 'recorded', scrolledPx: 0, shown: listed.node.representative, recordedBy: listed.graph.taskId };
    const keyboard = this.afterStay === null && !this.away ? this.keyboardScreen() : null;
    const view = walkView(this.node, this.away !== null, this.scrolled, graphScreen(this.graph as TaskGraph), this.afterStay);
    const shown = keyboard
      ? withKeyboardScreen(view, keyboard, this.app?.recordedBy(keyboard), this.graph.taskId)
      : this.afterStay === null && !this.away && this.keyboardUnshown()
        ? { ...view, keyboardUnshown: true as const }
        : view;
    return shown.kind !== 'excursion' && this.historyUsed() !== null ? { ...shown, stale: true } : shown;
  }

  /** The title of the history list the walk stands on where a row opened a page no demonstration recorded (an item used on the way); else null. */
  protected historyUsed(): string | null {
    return this.rowOpenedAway && !this.away ? historyTitle(this.screens()) : null;
  }

  /** The keyboard raised by a tap where the screens stood on lack it, and no recording to show it in (keyboardScreen null). */
  private keyboardUnshown(): boolean {
    return this.pos.keyboard && this.raisedByTap && this.screens().every((n) => n !== undefined && n.keyboard !== true);
  }

  /** A recording of the page with the keyboard up, where a tap raised it and the screens stood on lack it (walk-keyboard.ts). */
  protected keyboardScreen(): GraphNode | null {
    return keyboardScreen(
      this.pos.keyboard && this.raisedByTap,
      this.screens(),
      this.model.nodesOf.get(this.pos.page) ?? [],
      () => this.app?.screensOfPage(this.graph, this.screens()) ?? [],
      graphScreen(this.graph as TaskGraph),
    );
  }

  /** The page the walk stands on (page-model.ts). */
  get page(): string {
    return this.pos.page;
  }

  /** The content of the page the walk stands on, as the phone would show it (by content key). */
  get pageContent(): ReadonlyMap<string, string> {
    return this.pos.content;
  }

  /** Whether the walk stands on page content no node shows. */
  get offNodes(): boolean {
    return this.pos.nodes.size === 0;
  }

  /** The screens shown where what each shows selected is what the path chose (walk-position.ts). */
  protected truthfulScreens(): (GraphNode | undefined)[] {
    return truthfulScreensAt(this.model, this.pos);
  }

  /** The recorded screens of where the walk stands (walk-position.ts). */
  protected screens(): (GraphNode | undefined)[] {
    return screensAt(this.model, this.pos);
  }

  /**
   * A toggle tapped on `page` (a switch or a slider no demonstration moved, a control that turns in place): its own
   * value changes, so the page is not the goal's as the goal action left it (the alarm just saved, switched off) —
   * unless the action just before flipped it, and this flips it straight back: as it was, the goal's state too. On a
   * form committed by a way off it, the form now holds a value no demonstration saw (walk-toggled.ts).
   */
  protected flip(page: string, toggle: Toggle): void {
    const flip = this.lastFlip;
    const back = flip !== null && flip.act === this.acts - 1 && flip.page === page && flip.bounds === toggle.bounds;
    this.lastFlip = back ? null : { page, bounds: toggle.bounds, viaGoal: this.viaGoal, act: this.acts };
    this.viaGoal = back ? flip.viaGoal : new Set();
    if (toggle.onForm) this.toggled.flip(page, toggle.bounds);
    this.flippedAnywhere.flip(page, toggle.bounds);
    const at = `${page}@${toggle.bounds}`;
    if (toggle.otherItem !== undefined && !this.goalOnOtherRows.delete(at)) this.goalOnOtherRows.set(at, toggle.otherItem);
  }

  /** How the control labelled `label` under a tap turns in place, as a recording shows (walk-turned.ts). */
  protected turnedHere(
    action: Action,
    screen: { width: number; height: number },
    label: string | null,
  ): { turn: TurnedControl; at: string } | null {
    if (label === null) return null;
    const b = boundsUnder(this.screens(), action, screen, label);
    // Another task's recording of the control, or this task's of the same control on another row (walk-turned.ts).
    const turn = b
      ? (this.app?.turnedInPlace(this.graph, this.screens(), label, b) ?? turnOfAnotherRow(this.model, this.pos.page, label, b))
      : null;
    return turn && b ? { turn, at: `${b.left},${b.top},${b.right},${b.bottom}` } : null;
  }

  /** A preset of an amount under a tap, as another task's recording shows its row filling a field (walk-preset.ts). */
  protected presetHere(action: Action, screen: { width: number; height: number }, label: string | null): PresetFill | null {
    // Only a label that names a number is a preset: other labels ask no recording (an unknown tap is a hot enough path).
    if (label === null || !this.app || presetNumber(label) === null) return null;
    const b = boundsUnder(this.screens(), action, screen, label);
    const field = b ? this.app.presetField(this.graph, this.screens(), label, b) : null;
    return field ? presetFill(this.model, this.pos.page, field, label) : null;
  }

  /** The stepper of a count under a tap, as another task's recording shows it pressed (walk-count.ts). */
  protected countStepperHere(action: Action, screen: { width: number; height: number }, label: string | null): CountStepper | null {
    if (label === null || !this.app) return null;
    const b = boundsUnder(this.screens(), action, screen, label);
    if (!b) return null;
    const here = this.screens();
    return this.app.countStepper(this.graph, here, label, b, valueOfElement(this.pos), ownScreensOfActivity(this.graph, here));
  }

  /**
   * What a way off a page set there (walk-implied.ts): known from another route of this graph, or — a shortcut beside
   * another task's that set the form's field to its own label (三亚 beside 杭州) — from that task's recording of the page.
   */
  protected impliedOf(edge: GraphEdge): ReadonlyMap<string, string> | undefined {
    const own = this.model.implied.get(edge);
    if (own || !this.app || !isTapLike(edge.action) || this.model.pageOf.get(edge.to) === this.model.pageOf.get(edge.from)) return own;
    if (!this.impliedElsewhere.has(edge)) {
      const from = this.model.byId.get(edge.from);
      const label = normalizeContent(tappedLabel(edge, edge.action));
      // Not a label the page names one of its own fields by (日期, 到达: they open their pickers).
      const field = Object.keys(contentOf(from)).some((k) => k.endsWith(`|${label}`));
      this.impliedElsewhere.set(edge, from && label !== '' && !field ? this.app.impliedAsSibling(this.graph, from, label) : undefined);
    }
    return this.impliedElsewhere.get(edge);
  }

  /** What recorded taps on the page the walk stands on pressed, this task's and other tasks' (walk-opens.ts). */
  protected pressedHere(): PressedOnPage {
    const own = pressedOn(this.model, this.pos.page);
    return this.app?.pressedOnPage(this.graph, this.screens(), own) ?? own;
  }

  /** Edges out of where the walk stands that its path may take (see PageModel.loops). */
  protected outEdges(pos: Position): GraphEdge[] {
    if (pos.nodes.size === 0) return [];
    // In the graph's edge order: ties between equally close edges resolve the same way.
    const out =
      pos.nodes.size === 1 ? (this.model.outOf.get([...pos.nodes][0]!) ?? []) : this.graph.edges.filter((e) => pos.nodes.has(e.from));
    return out.filter(
      (e) => loopAllows(this.model, e, this.content, this.opts.textThreshold) && !(this.unsubmitted && this.model.afterSubmit.has(e)),
    );
  }

  /** A taken move: the walk goes where it lands (walk-landing.ts), and the path's record keeps what it set. */
  protected apply(move: Candidate, action: Action, from: Position): void {
    const m = this.model;
    const edge = move.edge;
    if (move.to) {
      // Back (the keyboard hidden, or the page the walk came from), or a field focused.
      this.moveTo(move.to);
      if (move.how !== 'focus') this.viaGoal = new Set();
      return;
    }
    if (!edge) return;
    if (move.how === 'refused') return;
    if (action.type === 'Key' && edge.from === edge.to && move.how === 'edge')
      this.content.set(pressKey(action.key), String(Number(this.content.get(pressKey(action.key)) ?? 0) + 1));
    const landed = landing(
      m,
      this.opts.textThreshold,
      { ...move, edge },
      action,
      from,
      () => this.twins(move, action, from),
      this.impliedOf(edge),
    );
    if (landed.leaves) {
      this.navigate(landed.next, edge);
      this.goalItems.entered(this.pos.page, edge, action);
    } else this.moveTo(landed.next);
    // The item a free choice picked, where its own page was recorded by another route (walk-free-item.ts).
    const item = landed.leaves && move.result.rule === 'free-choice' ? freeItemPage(m, edge, action) : null;
    this.freeItem = item === null ? null : { page: this.pos.page, node: item };
    for (const [k, v] of landed.effects) {
      // A field the app empties after use (the message box after 发送) keeps, in the record, what it held.
      if (v === '' && isTextKey(k) && action.type !== 'Type' && this.content.get(k)) continue;
      this.content.set(k, move.result.rule === 'free-choice' ? '*' : v);
      this.set.add(k);
    }
    if (move.how === 'edge' && addsToCount(m, edge)) this.goalItems.countAdded(from.page, m.byId.get(edge.from));
    if (edge.goal && move.how === 'edge') {
      this.goalsTaken.add(edge.id);
      this.goalItems.goalTaken(from.page, m.byId.get(edge.from));
      this.goalAfter.goalTaken(edge.id, from.page);
    }
    const goal = edge.goal || landed.finished?.edge.goal;
    this.viaGoal = goal ? new Set([...this.pos.nodes].filter((id) => m.byId.get(id)?.done)) : new Set();
    if (this.picked && move.how === 'edge' && pickedAgain(m, edge, this.picked.page)) this.picked = null;
  }

  /** Edges for the same demonstrated action out of where the walk stands lead wherever the demonstrations went. */
  protected twins(move: Candidate, action: Action, from: Position): GraphEdge[] {
    const edge = move.edge!;
    if (move.how !== 'edge') return [edge];
    return this.outEdges(from).filter(
      (e) => e === edge || (sameDemonstratedAction(edge, e, this.opts) && matchEdge(action, e, this.opts).matched),
    );
  }

  /** Off the page: Back will return to where the walk came from; arriving on a page it came through returns there. */
  protected navigate(next: Position, via?: GraphEdge): void {
    // The same titled screen with a switch flipped (the model's page of another toggle state): the phone shows it in
    // place of this one, and Back leaves the screen (held-out set X: 使用蓝牙 on, Back, 已连接的设备 again).
    if (sameTitledScreen(this.model, this.pos.near, next.near)) next.back = this.pos.back;
    // A picker of an activity of its own closed back to the one below it, which shows the pick in its title (上海 chosen
    // in 城市管理: the main screen titled 上海, another page): a phone finished the picker, and Back leaves the app.
    // Asked last: the look back through the demonstrations is needed only where the page below has the next one's activity.
    const below = this.pos.back;
    if (via && below && activityOfPage(below.page) === activityOfPage(next.page) && closesToOpener(this.model, via)) next.back = below.back;
    for (let p: Position | null = this.pos; p; p = p.back)
      if (p.page === next.page) {
        next.back = p.back;
        break;
      }
    if (next.page !== this.pos.page) this.entered.set(next.page, new Map(next.content));
    this.moveTo(next);
  }

  /** A form left by Back, uncommitted (walk-discard.ts): the record takes back what the page showed when the walk came. */
  protected forget(page: string, shown: ReadonlyMap<string, string>): void {
    this.toggled.forget(page);
    // A form left uncommitted is discarded (the alarm editor opens at 07 again); a text on a page that is no form (a
    // message box) is a draft an app may keep.
    const form = commitsByExit(this.model, page);
    if (form) this.flippedAnywhere.forget(page);
    for (const [k, v] of discarded(this.model, page, shown, this.content, this.set, this.entered.get(page))) {
      if (!form && isTextKey(k)) this.drafts.left(k, this.content.get(k) ?? '');
      this.content.set(k, v);
      this.set.delete(k);
    }
  }

  protected moveTo(next: Position): void {
    // The tab this page shows selected leads back here, as the path leaves it (walk-tabs.ts).
    for (const bar of sharedTabBars((next.nodes.size > 0 ? [...next.nodes] : [next.near]).map((id) => this.model.byId.get(id))))
      this.rememberTab(bar, next, 0);
    this.pos = next;
    this.current = next.nodes;
    this.node = next.near;
    this.show(next);
  }

  /**
   * The page a tab shows, as the path leaves it — not a page holding a search the path typed: an app may rebuild the
   * tab's page when it is pressed again, the query gone (found by hand: 黄梅戏 searched, another tab, back to 歌曲, and its
   * first row was read as the results' where the phone showed the daily pick).
   */
  protected rememberTab(bar: TabBar, pos: Position, scrolled: number): void {
    if ([...pos.content].some(([k, v]) => isSearchKey(k) && v !== '' && this.set.has(k))) this.tabPages.forget(bar);
    else this.tabPages.remember(bar, pos, scrolled);
  }

  /** What a page shows counts for the keys the path did not set itself (an option already chosen by default). */
  protected show(p: Position): void {
    for (const [k, v] of p.content) if (v !== '*' && !this.set.has(k)) this.content.set(k, v);
  }
}
