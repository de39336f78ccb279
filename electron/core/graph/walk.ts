import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode, ObservationRef, TapOption, TaskGraph } from '../../../shared/domain/task-graph.js';
import { graphScreen } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import type { ContentRecord } from './goal-conditions.js';
import { isSearchKey, isTextKey, pressKey } from './goal-conditions.js';
import type { MatchOptions } from './match.js';
import { bestEdge, matchEdge, sameDemonstratedAction } from './match.js';
import { labelUnder, onBackControl } from './walk-controls.js';
import type { PageModel } from './page-model.js';
import { loopAllows, pageModel, sameTitledScreen } from './page-model.js';
import { nothingUnder, sameControl } from './walk-pressed.js';
import { vetMove } from './walk-vet.js';
import { enterOnEmptyField, enterWithNoField, typedNowhere } from './walk-focus.js';
import type { PhoneFacts, PhoneTake } from './walk-as-phone.js';
import { asThePhoneTakesIt } from './walk-as-phone.js';
import { keyboardScreen, withKeyboardScreen } from './walk-keyboard.js';
import { GoalAfter } from './walk-goal-stands.js';
import { pastWhatScreensShow, scrolledAfterMove, scrollTravel, UNKNOWN_SCROLL } from './walk-scroll-travel.js';
import { otherRowMove } from './walk-rows.js';
import type { OtherPick } from './walk-pick.js';
import { closesToOpener, currentOptionAgain, pickedAgain, pickedAlike, rowsKeepPage } from './walk-pick.js';
import type { Candidate, Position } from './walk-moves.js';
import {
  SCROLL_SLACK,
  ignoresScroll,
  isTapLike,
  nothingScrolls,
  UNKNOWN_FIELD,
  insideScrolling,
  onStillControl,
  onSelectedRow,
  outsideScrolling,
  scrollDelta,
  screenAfterStay,
  reachedByScroll,
  scrolledBy,
  tappedLabel,
  walkView,
} from './walk-view.js';
import type { WalkView } from './walk-view.js';
import { backPopsElsewhere, popBack } from './walk-back-stack.js';
import { backMove, choose, focusMove, pageMoves } from './walk-moves.js';
import { landing } from './walk-landing.js';
import type { FinishVerdict } from './walk-finish.js';
import { finishVerdict } from './walk-finish.js';
import { activityOfPage, enterNode, nodesAt, screensAt, truthfulScreensAt } from './walk-position.js';
import { switchedBack } from './walk-switch.js';
import type { KeypadPress } from './walk-keypad.js';
import { keypadPressed } from './walk-keypad.js';
import { exactMove } from './walk-exact.js';
import type { PressedOnPage } from './walk-opens.js';
import { mayActInPlace, pressedOn } from './walk-opens.js';
import { impliedBySibling, leftWith, leftWithImplied } from './walk-implied.js';
import { historyTitle, onListRow } from './walk-history.js';
import type { TabBar } from './walk-tabs.js';
import { recordedTabPress, sharedTabBars, tabDestination, tabPressed, TabPages } from './walk-tabs.js';

export type { WalkHow } from './walk-moves.js';
import type { WalkHow } from './walk-moves.js';
import type { WalkMove } from './walk-step.js';
import { explained, refused, unrecorded } from './walk-step.js';
import type { Excursion } from './walk-excursion.js';
import { onExcursion, opened } from './walk-excursion.js';
import type { AppPage, AppPages } from './walk-app-pages.js';
import type { Abroad } from './walk-abroad.js';
import { abroadStep, abroadView, opensAhead, ownNodeThere } from './walk-abroad.js';
import { SearchQuery } from './walk-query.js';
import { ToggledOnForms } from './walk-toggled.js';
import type { UnknownTap } from './walk-unknown-tap.js';
import { unknownTapRules } from './walk-unknown-tap.js';
import type { FrontStep } from './walk-home.js';
import { AppFront, appOf, homeNodeOf } from './walk-home.js';
import { KEPT_DRAFT, LeftDrafts, commitsByExit, discarded } from './walk-discard.js';

export type { WalkMove } from './walk-step.js';

export type { WalkView } from './walk-view.js';

export type { FinishVerdict } from './walk-finish.js';

type WalkGraph = Pick<TaskGraph, 'startNode' | 'nodes' | 'edges'> & Partial<Pick<TaskGraph, 'config' | 'freeKeys' | 'taskId'>>;

/**
 * Walks a task graph as the offline protocol does, one action at a time: an action is valid only if the
 * graph knows what it does where the walk stands; Finish succeeds only on a DONE node reached by a goal
 * action, with the path's content meeting that node's goal conditions.
 *
 * The walk stands on a page with content (page-model.ts, walk-moves.ts). An action is taken, in order:
 * 1. by an edge out of the nodes that show the walk's content (the recorded routes). A Type matches by the
 *    text the field then holds: appended to what is there, or in its place when the action clears it;
 * 2. else by what the page's recorded actions do applied here: edits to a page's fields and choices in
 *    any order, another option of a group, a stepper's mirror (overshoot and correct), a recorded way off
 *    the page taken with other content on it, so long as nothing a demonstration had set is left empty;
 * 3. else a Back hides the keyboard, or returns to the page the walk came from, as it was left.
 * An edit applies to the page's content, which then names the nodes the walk stands on; content no
 * demonstration showed is a state of its own (no node), from which only edits and ways off the page go on.
 *
 * The walk stands on a *set* of nodes where the graph cannot tell them apart: when one demonstrated
 * action leads from a node to several nodes, or several nodes of the page show the content.
 */
export class GraphWalker {
  current: Set<string>;
  /** Nodes entered through a goal edge on the last move. */
  viaGoal = new Set<string>();
  /** The node shown to the agent: where the walk stands, or the closest node of its page. */
  node: string;
  /** The path's content: what its actions set, and for the rest the last value its pages showed. */
  private readonly content = new Map<string, string>();
  /** Keys the path's own actions set (a page shown later never overrides what the agent typed or chose). */
  private readonly set = new Set<string>();
  private readonly legacy: boolean;
  private readonly model: PageModel;
  private pos: Position;
  /**
   * A tap the graph did not know was just made: the page it opened, which no demonstration recorded (walk-excursion.ts).
   */
  private away: Excursion | null = null;
  /** Per tab bar, the page each tab showed when the walk last stood there, and how far it was scrolled (walk-tabs.ts). */
  private readonly tabPages = new TabPages<Position>();
  /** Whether the path has acted yet, and whether it stood on a page no demonstration recorded (an excursion). */
  private acted = false;
  private unrecordedSeen = false;
  /** A row of a list opened a page no demonstration of the task recorded (what it set going there, no one saw). */
  private rowOpenedAway = false;
  /** Switches no demonstration moved, left changed on a form committed by a way off it (walk-toggled.ts). */
  private readonly toggled = new ToggledOnForms();
  /** Another query than the demonstration's, typed where it searched (walk-query.ts). */
  private readonly query = new SearchQuery();
  /** What a demonstration saw after its Enter or its tap on a field left the node as it was (walk-view.ts screenAfterStay). */
  private afterStay: ObservationRef | null = null;
  /** How far the page the walk stands on was scrolled where no demonstration scrolled (see walk-view.ts). */
  private scrolled = 0;
  /** A query typed and not yet submitted: the results a demonstration saw after its Enter are not shown (PageModel.afterSubmit). */
  private unsubmitted = false;
  /** Per page, what it showed when the walk last came to it by a way forward (walk-discard.ts: a form left uncommitted). */
  private readonly entered = new Map<string, Map<string, string>>();
  /** An option no demonstration chose, picked in a picker whose value no screen shows, until one they chose is (walk-pick.ts). */
  private picked: { page: string; label: string } | null = null;
  /**
   * The options of every picker the path picked from, on any page: a picker alike shows another value than recorded,
   * whether on the same page or on another that shows the same setting (walk-pick.ts pickedAlike).
   */
  private readonly pickedGroups: (readonly TapOption[])[] = [];
  /** The goal edges the path has taken (walk.ts move: the goal done again). */
  private readonly goalsTaken = new Set<string>();
  /**
   * Back from a page no demonstration recorded: the tap that led there may have acted in place instead (added to the
   * cart), and Back then left the page itself. Until a recorded move confirms the page, a tap that lands on nothing of
   * its screen is no evidence that nothing happened (walk-unknown-tap.ts).
   */
  private unsureOfPage = false;
  /** On a page another task's demonstrations recorded, opened by a tap this graph does not know (walk-abroad.ts). */
  private abroad: Abroad | null = null;
  /** This move opened another task's recorded page that task had not been on yet (walk-abroad.ts opensAhead): a look. */
  private lookedAhead = false;
  /** A tap moved to where a control stood above the keyboard is being taken (walk-keyboard.ts): not moved again. */
  private keyboardMoved = false;
  /** The keyboard is up because a tap raised it (see act). */
  private raisedByTap = false;
  /** Texts typed and left unsent by Back, which an app may keep as drafts (walk-discard.ts). */
  private readonly drafts = new LeftDrafts();
  /** Which app is in front, as Home and launches leave it (walk-home.ts). */
  private readonly front = new AppFront();
  /** The home screen the demonstrations started from, if they did (walk-home.ts homeNodeOf). */
  private readonly homeNode: string | null;
  /** Its page. */
  private readonly homePage: string | null;
  /** What the goal action leaves behind as the path goes on: a look taken again, the goal that stands (walk-goal-stands.ts). */
  private readonly goalAfter: GoalAfter;
  /** Some demonstration double-tapped: the graph knows the gesture itself (walk-as-phone.ts). */
  private readonly recordsDoubleTap: boolean;

  /** `app`: the pages other tasks' demonstrations recorded in the same apps (walk-app-pages.ts); without, none. */
  constructor(
    private readonly graph: WalkGraph,
    private readonly opts: MatchOptions,
    private readonly app: AppPages | null = null,
  ) {
    this.model = pageModel(graph);
    this.homeNode = homeNodeOf(graph);
    this.homePage = this.homeNode === null ? null : (this.model.pageOf.get(this.homeNode) ?? null);
    this.recordsDoubleTap = graph.edges.some((e) => e.action.type === 'DoubleTap');
    this.goalAfter = new GoalAfter(
      graph.taskId !== undefined && (app?.inquiry({ taskId: graph.taskId }) ?? false),
      this.model.pageOf,
      this.model.byId,
      new Set(graph.edges.flatMap((e) => (e.goal ? [this.model.pageOf.get(e.from) ?? ''] : []))),
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
    if (this.front.left !== null) {
      const home = this.front.elsewhere === null ? this.homeNode : null;
      return home !== null ? { node: home, kind: 'recorded', scrolledPx: 0 } : { node: this.node, kind: 'excursion', scrolledPx: 0 };
    }
    const keyboard = this.afterStay === null && !this.away ? this.keyboardScreen() : null;
    const view = walkView(this.node, this.away !== null, this.scrolled, graphScreen(this.graph as TaskGraph), this.afterStay);
    const shown = keyboard ? withKeyboardScreen(view, keyboard, this.app?.recordedBy(keyboard), this.graph.taskId) : view;
    return shown.kind !== 'excursion' && this.historyUsed() !== null ? { ...shown, stale: true } : shown;
  }

  /** The title of the history list the walk stands on where a row opened a page no demonstration recorded (an item used on the way); else null. */
  private historyUsed(): string | null {
    return this.rowOpenedAway && !this.away ? historyTitle(this.screens()) : null;
  }

  /** A recording of the page with the keyboard up, where a tap raised it and the screens stood on lack it (walk-keyboard.ts). */
  private keyboardScreen(): GraphNode | null {
    return keyboardScreen(
      this.pos.keyboard && this.raisedByTap,
      this.screens(),
      this.model.nodesOf.get(this.pos.page) ?? [],
      () => this.app?.screensOfPage(this.graph, this.screens()) ?? [],
    );
  }

  /** The page the walk stands on (page-model.ts). */
  get page(): string {
    return this.pos.page;
  }

  /** Whether the walk stands on page content no node shows. */
  get offNodes(): boolean {
    return this.pos.nodes.size === 0;
  }

  /** Takes an operational action (Tap, Type, Back, …); returns what it matched. The walk does not move when nothing matches. */
  act(action: Action): WalkMove {
    const wasUp = this.pos.keyboard;
    const wasAway = this.away !== null || this.abroad !== null;
    const viaGoal = this.viaGoal;
    this.lookedAhead = false;
    const move = this.step(action);
    // The goal done by a task that acts stands while nothing since could have acted (walk-goal-stands.ts). A move that
    // applies a recorded action sets `viaGoal` anew; one that does not leaves it as it was.
    const entered = this.viaGoal !== viaGoal && this.viaGoal.size > 0 ? this.viaGoal : null;
    this.goalAfter.acted(action, move.taken, entered, !wasAway && this.lookedAhead);
    // Whether the keyboard is up because a tap raised it (a field tapped): the phone shows it then; typing while it was
    // down (the focus kept) leaves it down on a phone, which the walk's position does not tell apart.
    // Back to the page from a page no demonstration of the task recorded: the field keeps the focus, the keyboard stays
    // down (found by exploration: the search box tapped, a song opened, Back, then the mini player's 暂停).
    const cameBack = wasAway && this.away === null && this.abroad === null;
    if (!this.pos.keyboard || cameBack) this.raisedByTap = false;
    else if (!wasUp) this.raisedByTap = isTapLike(action);
    return move;
  }

  private step(action: Action): WalkMove {
    const phone = asThePhoneTakesIt(action, this.phoneFacts());
    if (phone) return this.takeAsPhone(phone, action);
    if (this.away) {
      this.unrecordedSeen = true;
      return this.returnFromExcursion(action);
    }
    if (this.abroad) return this.actAbroad(action);
    // The app launched again after the path left it (by Back, or Home): a phone shows it as it was left, which the walk
    // knows only where the path never stood on a page no demonstration recorded (found by hand: the 机票 tab, Back out
    // of the app, the app launched again still on flights, and a flight booked was accepted as the train).
    if (action.type === 'LaunchApp' && this.acted && this.unrecordedSeen)
      return this.refusedAgainstLaunch(
        'the app launched again after a page no demonstration recorded: what it shows, as the path left it, no one saw',
      );
    if (this.front.left !== null) return this.applyFront(this.front.onHomeScreen(action));
    this.acted = true;
    const aside = this.asideFromThePage(action);
    if (aside) return aside;
    const screen = graphScreen(this.graph as TaskGraph);
    // A tap on the app bar or the tab bar lands where its screen shows it, however far the list is scrolled.
    if (Math.abs(this.scrolled) > SCROLL_SLACK && !ignoresScroll(action) && !outsideScrolling(this.screens(), action, screen))
      return this.onScrolledPage(action);
    const page = this.pos.page;
    const node = this.node;
    const shown = this.pos.content;
    const move = this.move(action, screen);
    // Back off a form the demonstrations committed by a way off it: what the path set there and did not commit is gone.
    if (action.type === 'Back' && move.taken && this.pos.page !== page) this.forget(page, shown);
    const options = move.taken?.edge?.group ?? move.taken?.edge?.options;
    if (options && move.taken?.how !== 'back') this.pickedGroups.push(options);
    // Back to the page a goal was taken on: it stands as it was then (walk-vet.ts, a look again); any other move forgets it.
    this.goalAfter.moved(action, move.taken, this.pos.page);
    this.scrolled = scrolledAfterMove(this.scrolled, action, move.taken, this.pos.page !== page, this.model.byId, screen);
    if (move.taken && move.taken.how !== 'still') this.unsureOfPage = false;
    // The screen a demonstration saw after its Enter or its tap on a field, while the walk stays there (a scroll keeps it).
    this.afterStay =
      screenAfterStay(this.model.byId, move.taken?.edge ?? null) ??
      (this.node === node && move.taken?.how === 'scroll' ? this.afterStay : null);
    // Typing leaves a query unsubmitted until Enter or a tap (a search button, a suggestion) or another page.
    if (move.taken)
      this.unsubmitted =
        this.pos.page === page && (action.type === 'Type' || (this.unsubmitted && action.type !== 'Enter' && !isTapLike(action)));
    return move;
  }

  /** What the walk knows of where it stands, for what the phone makes of an action (walk-as-phone.ts). */
  private phoneFacts(): PhoneFacts {
    const where = this.away ? 'away' : this.abroad ? 'abroad' : this.front.left !== null ? 'off-app' : 'page';
    return {
      screen: graphScreen(this.graph as TaskGraph),
      where,
      onNodes: this.pos.nodes.size > 0,
      recordsDoubleTap: this.recordsDoubleTap,
      recordedSwipes: () => this.outEdges(this.pos).flatMap((e) => (e.action.type === 'Swipe' ? [e.action] : [])),
      sliders: () => (this.model.leavingOf.get(this.pos.page) ?? []).flatMap((e) => (e.slider ? [e.slider.bounds] : [])),
      screens: () => this.screens(),
      pageScreens: () => this.model.nodesOf.get(this.pos.page) ?? [],
      samePageElsewhere: () => this.app?.screensOfPage(this.graph, this.screens()) ?? [],
      keyboardAnywhere: () => this.app?.keyboardScreens(graphScreen(this.graph as TaskGraph)) ?? [],
      keyboardUp: this.pos.keyboard,
      raisedByTap: this.raisedByTap,
      keyboardMoved: this.keyboardMoved,
    };
  }

  /** Takes what the phone makes of an action: its taps in turn, another action in its place, a refusal, or nothing moved. */
  private takeAsPhone(take: PhoneTake, action: Action): WalkMove {
    if (take.kind === 'taps') return this.actInTurn(take.taps, take.what);
    if (take.kind === 'refused') return refused(take.reason, bestEdge(action, this.outEdges(this.pos), this.opts).nearest);
    if (take.kind === 'still') return unrecorded('still', take.reason, null, 0);
    const before = this.keyboardMoved;
    this.keyboardMoved ||= take.byKeyboard;
    let move: WalkMove;
    try {
      move = this.act(take.action);
    } finally {
      this.keyboardMoved = before;
    }
    const why = take.why;
    return why === null ? move : explained(move, (r) => `${why}; ${r}`);
  }

  /** The taps a gesture is, one after the other: the first refused stops them, the last says what they did. */
  private actInTurn(taps: readonly Action[], what: string): WalkMove {
    let move: WalkMove = { taken: null, nearest: null };
    for (const tap of taps) {
      move = this.act(tap);
      if (!move.taken) return move;
    }
    return explained(move, (r) => `${what}; ${r}`);
  }

  /**
   * What an action does before any page's recorded moves are weighed: typing while no field has the focus, Home or a
   * launch of the app in front (walk-home.ts), Enter with no keyboard up. Null: the page's moves decide.
   */
  private asideFromThePage(action: Action): WalkMove | null {
    const typed = typedNowhere(this.model, action, this.pos);
    if (typed !== null) return refused(typed, bestEdge(action, this.outEdges(this.pos), this.opts).nearest);
    if (action.type === 'Type' && action.clear && this.pos.focus !== null) this.drafts.cleared(this.pos.focus);
    // Home, or the app in front launched (walk-home.ts).
    if (action.type === 'Home' || action.type === 'LaunchApp') {
      const front = this.front.press(
        action,
        appOf(this.model.byId.get(this.node)),
        this.homeNode !== null && this.pos.page === this.model.pageOf.get(this.homeNode),
        this.outEdges(this.pos).some((e) => e.action.type === 'LaunchApp'),
      );
      if (front) return this.applyFront(front);
    }
    // Back from the app's first page to the home screen: the app is kept as it stands, as after Home (walk-home.ts).
    if (action.type === 'Back' && !this.pos.keyboard && this.homePage !== null && this.pos.page !== this.homePage) {
      const out = this.pos.back?.page === this.homePage ? this.front.backOut(appOf(this.model.byId.get(this.node))) : null;
      if (out) return this.applyFront(out);
    }
    // A query typed into a search box this task never typed in, where other tasks' demonstrations saw the page stay as it
    // was until the query is submitted: the page stays, the query unsubmitted (a way off the page stands as recorded).
    if (action.type === 'Type' && this.pos.focus === UNKNOWN_FIELD && this.app?.typingStays(this.graph, this.screens())) {
      this.unsubmitted = true;
      return unrecorded(
        'focus',
        'a query typed into a search box no demonstration of this task typed in: the page stays until it is submitted',
        null,
        0,
      );
    }
    const noField = enterWithNoField(action, this.pos);
    if (noField !== null) return unrecorded('still', noField, null);
    // After the goal acted (a song set playing), or after a row of a list opened a page no demonstration of the task
    // recorded (a song played on the way: held-out set P), a bar that comes with what the app is doing may cover the
    // list where the recorded screen, taken before, shows rows: another task's recording of the page shows it there
    // (walk-app-pages.ts chromeOver).
    const since =
      this.goalsTaken.size > 0 ? 'after the goal acted' : this.rowOpenedAway ? 'after a row opened a page no demonstration recorded' : null;
    const bar = since ? this.app?.chromeOver(this.graph, this.screens(), action, graphScreen(this.graph as TaskGraph)) : null;
    if (bar)
      return refused(
        `${since}, the page may show a bar over its list here (another task's recording shows ${bar}): what is under the finger, no screen of this path says`,
        bestEdge(action, this.outEdges(this.pos), this.opts).nearest,
      );
    // A list that keeps what was used last at its head (walk-history.ts), after an item was used on the way.
    const history = this.historyUsed();
    if (history !== null && onListRow(this.screens(), action, graphScreen(this.graph as TaskGraph)))
      return refused(
        `after a row opened a page no demonstration recorded (an item used on the way), "${history}" may have it at its head: which row is under the finger, no screen of this path says`,
        bestEdge(action, this.outEdges(this.pos), this.opts).nearest,
      );
    return null;
  }

  /** `relabelled`: the label of the control a tap was moved to (see below); only a move that presses that control counts. */
  private move(action: Action, screen: { width: number; height: number }, relabelled: string | null = null): WalkMove {
    const pos = this.pos;
    // Moved to where a recorded screen showed a label: only the recorded actions that pressed that control.
    const presses = (e: GraphEdge | null): boolean =>
      relabelled === null || (e !== null && isTapLike(action) && normalizeContent(tappedLabel(e, action)) === relabelled);
    const out = this.outEdges(pos).filter(presses);
    const exact = exactMove(this.model, action, out, pos, this.opts);
    // The app bar's Navigate-up arrow goes back as Back does (a demonstration's Back, where it pressed Back); a
    // dialog's negative button, a control labelled just 取消 and a tap outside a dialog's or a menu's window close what
    // they are on as Back does.
    if (
      !exact.move &&
      (this.backControl(action, pos.nodes.size > 0 ? pos.nodes : [pos.near], 'up') ||
        this.backControl(action, pos.nodes, 'dismiss') ||
        this.backControl(action, pos.nodes, 'cancel') ||
        this.backControl(action, pos.nodes, 'outside'))
    )
      return this.leavePage();
    // A tab of the bar whose page the walk stood on: that page as the path left it (the 10 分钟 chosen there), not the
    // page a recorded press of the tab first showed — unless that press is the goal.
    if (exact.move?.edge && !exact.move.edge.goal && isTapLike(action)) {
      const tab = tabPressed(sharedTabBars(this.screens()), action, screen);
      if (tab && this.tabPages.pageOf(tab.bar, tab.label)) return this.toTab(tab.bar, tab.label, action, exact.nearest);
    }
    // The value a picker shows, tapped again: it closes the picker back where it was opened from, nothing changed.
    const again = !exact.move && relabelled === null ? currentOptionAgain(this.model, action, out) : null;
    if (again && !pickedAlike(again.group ?? [], this.pickedGroups)) return this.closePicker();
    // A tab or option the screen shows selected already: tapping it again changes nothing (unless a demonstration did) —
    // a list's row only where a recorded tap on its rows kept the page (found by hand: the weather's current city,
    // tapped, closed its list on the phone, and the walk read the next taps on the list).
    if (
      !exact.move &&
      relabelled === null &&
      onStillControl(this.truthfulScreens(), action, screen) &&
      (!onSelectedRow(this.truthfulScreens(), action, screen) || rowsKeepPage(this.model, pos.page, action))
    )
      return this.still(exact.nearest);
    // Typing and Enter by which field has the focus (walk-focus.ts).
    const emptyEnter = exact.move ? null : enterOnEmptyField(action, pos, this.unsubmitted);
    if (emptyEnter !== null) return unrecorded('still', emptyEnter, exact.nearest, 0);
    // The label of the control under the finger on the screen shown, read once for the rules below that need it.
    let under: string | null | undefined;
    const labelHere = (): string | null => (under === undefined ? (under = labelUnder(this.screens(), action, screen)) : under);
    const valueOf = (k: string): string | undefined => this.content.get(k) ?? pos.content.get(k);
    // An item of a list under the finger — unknown where the walk stands on a choice no screen shows (another category
    // tab): the list the screen shows is the one the recorded choice listed, not this one.
    const itemHere = (): string | null =>
      pos.nodes.size === 0 && this.truthfulScreens().length === 0 && insideScrolling(this.screens(), action, screen) ? null : labelHere();
    let nothing: boolean | undefined;
    const nothingHere = (): boolean => (nothing ??= nothingUnder(this.screens(), action, screen));
    const found =
      exact.move ??
      (pos.nodes.size > 0 ? focusMove(this.model, action, pos, screen) : null) ??
      choose(
        pageMoves(this.model, action, pos, out, this.opts, this.content, this.set, relabelled, this.unsubmitted).filter(
          (c) => presses(c.edge) && sameControl(relabelled ?? labelHere(), c, action, relabelled === null && nothingHere()),
        ),
      ) ??
      (isTapLike(action) && relabelled === null ? otherRowMove(this.model, itemHere(), pos) : null) ??
      focusMove(this.model, action, pos, screen) ??
      (action.type === 'Back' ? backMove(pos, (p) => nodesAt(this.model, this.opts.textThreshold, p), this.homePage) : null);
    // A recorded Back returned where its demonstration had come from; this walk came from elsewhere (walk-back-stack.ts).
    const move =
      found?.edge && backPopsElsewhere(this.model, action, found.edge, pos)
        ? (popBack(this.model, found, pos, this.set, (p) => nodesAt(this.model, this.opts.textThreshold, p)) ?? found)
        : found;
    const unnamed = move ? this.query.refusal(this.model, move, action) : null;
    if (unnamed) return unnamed;
    // A form left with a switch changed, committed; the goal action sending a retracted text, or done again (walk-vet.ts).
    const vetted = move ? vetMove(this.model, move, pos, this.toggled.changed(pos.page), this.goalsTaken, this.goalAfter.lookAgain) : null;
    if (vetted?.kind === 'refused') return refused(vetted.reason, { edge: move!.edge!, result: move!.result });
    if (vetted?.kind === 'undo') {
      this.viaGoal = new Set();
      this.goalsTaken.delete(move!.edge!.id);
      return unrecorded('switch-back', vetted.reason, exact.nearest, 0);
    }
    const scroll = move ? null : scrollDelta(action);
    if (scroll !== null) return this.scroll(action, scroll, exact.nearest);
    if (!move) {
      // Asked again at the place the recorded screen showed the label: only a recorded move counts.
      if (relabelled !== null) return { taken: null, nearest: exact.nearest };
      const rules = unknownTapRules({
        model: this.model,
        edges: this.graph.edges,
        startNode: this.graph.startNode,
        opts: this.opts,
        app: this.app,
        graph: this.graph,
        action,
        pos,
        out,
        screen,
        screens: this.screens(),
        labelHere,
        itemHere,
        valueOf,
        otherQuery: this.query.text !== null,
        unsureOfPage: this.unsureOfPage,
        pressed: () => this.pressedHere(),
      });
      for (const rule of rules) {
        const taken = this.unknownTap(rule, action, pos, screen, exact.nearest);
        if (taken) return taken;
      }
      return { taken: null, nearest: exact.nearest };
    }
    this.apply(move, action, pos);
    this.query.typed(move, action, this.record);
    const nearest = exact.nearest ?? (move.edge ? { edge: move.edge, result: move.result } : null);
    return { taken: { edge: move.edge, result: move.result, how: move.how }, nearest };
  }

  /** What a rule for an action no recorded move takes does (walk-unknown-tap.ts); null: the rule did not apply, try the next. */
  private unknownTap(
    rule: UnknownTap,
    action: Action,
    pos: Position,
    screen: { width: number; height: number },
    nearest: WalkMove['nearest'],
  ): WalkMove | null {
    switch (rule.kind) {
      case 'switch-back':
        return this.switchBack(rule.edge, pos, nearest);
      case 'keypad':
        return this.pressKeypad(rule.press, pos, nearest);
      case 'stays':
        if (rule.toggle) {
          // Not the goal's page as the goal action left it (the alarm just saved, switched off).
          this.viaGoal = new Set();
          if (rule.toggle.onForm) this.toggled.flip(pos.page, rule.toggle.bounds);
        }
        return unrecorded(rule.how, rule.reason, nearest, 0);
      case 'field':
        return this.focusUnknownField(nearest);
      case 'moved': {
        const again = this.move(rule.pressed, screen, rule.label);
        if (!again.taken) return null;
        return explained(again, (r) => `"${rule.label}" where this screen shows it (the page's layout moved): ${r}`);
      }
      case 'take':
        for (const [k, v] of rule.choices ?? []) {
          this.content.set(k, v);
          this.set.add(k);
        }
        return this.take(rule.edge, rule.how, rule.reason, action, pos, nearest);
      case 'own-page':
        this.navigate(enterNode(this.model, rule.node, [rule.node], pos));
        this.viaGoal = new Set();
        return unrecorded('named-page', rule.reason, nearest);
      case 'tab':
        return this.toTab(rule.bar, rule.label, action, nearest);
      case 'pick':
        return this.pickOther(rule.pick, action, pos, nearest);
      case 'refused':
        return rule.reason === null ? { taken: null, nearest } : refused(rule.reason, nearest);
      case 'abroad':
        return this.goAbroad(rule.there, rule.label, rule.pressed, nearest);
      case 'excursion': {
        const opens =
          rule.pressed !== null ||
          !mayActInPlace(this.screens(), action, screen, this.pressedHere(), labelUnder(this.screens(), action, screen));
        this.away = { action, nearest, bar: null, tab: null, pressed: rule.pressed, opens };
        // A row of a list opened it (a song: it may be playing now); a control of the page's chrome opens views.
        if (insideScrolling(this.screens(), action, screen) || onListRow(this.screens(), action, screen)) this.rowOpenedAway = true;
        this.current = new Set();
        const why = nearest?.result.reason ?? 'no outgoing edge of this kind';
        const reason = `a tap the graph does not know (${why}): only Back is known to return from it`;
        return opened(reason, nearest, nearest?.result.distancePx ?? null);
      }
    }
  }

  /** What Home or a launch did (walk-home.ts): back in front, the keyboard is down (the focused field keeps the focus). */
  private applyFront(step: FrontStep): WalkMove {
    if ('refusal' in step) return this.refusedAgainstLaunch(step.refusal);
    if (step.keyboardDown) this.pos = { ...this.pos, keyboard: false };
    return step.move;
  }

  /** A refusal named against the recorded launch (or any edge), so the step says why. */
  private refusedAgainstLaunch(reason: string): WalkMove {
    const edge = this.graph.edges.find((e) => e.action.type === 'LaunchApp') ?? this.graph.edges[0];
    const result = { matched: false, distancePx: null, similarity: null, rule: null, reason: '' };
    return refused(reason, edge ? { edge, result } : null);
  }

  /** A recorded edge taken by a rule of its own (`how`), for the reason given: applied as the edge is. */
  private take(edge: GraphEdge, how: WalkHow, reason: string, action: Action, from: Position, nearest: WalkMove['nearest']): WalkMove {
    const move: Candidate = { edge, result: { matched: true, distancePx: null, similarity: null, rule: null, reason }, how };
    this.apply(move, action, from);
    return { taken: { edge, result: move.result, how }, nearest };
  }

  /** A switch flipped back (walk-switch.ts): the path's record shows what the switch showed before it was flipped. */
  private switchBack(flipped: GraphEdge, from: Position, nearest: WalkMove['nearest']): WalkMove {
    const { next, shown } = switchedBack(this.model, this.opts.textThreshold, flipped, from, this.content, this.set);
    for (const [k, v] of shown) this.content.set(k, v);
    this.navigate(next);
    this.viaGoal = new Set();
    this.goalsTaken.clear();
    const reason = 'the switch a recorded tap flipped, tapped again: it flips back, the page as it was before that tap';
    return unrecorded('switch-back', reason, nearest, 0);
  }

  /** A keypad's key no demonstration pressed, or its erase key (walk-keypad.ts): the number it builds, one character longer or shorter. */
  private pressKeypad(press: KeypadPress, from: Position, nearest: WalkMove['nearest']): WalkMove {
    this.moveTo(keypadPressed(this.model, this.opts.textThreshold, press, from));
    this.content.set(press.key, press.value);
    this.set.add(press.key);
    this.viaGoal = new Set();
    return unrecorded('keypad', `a key of the keypad the demonstrations dialled on: the number is "${press.value}"`, nearest, 0);
  }

  /** Another option of a picker (walk-pick.ts): where the demonstrated option led, its value unknown until one they chose is picked. */
  private pickOther(pick: OtherPick, action: Action, from: Position, nearest: WalkMove['nearest']): WalkMove {
    const reason = `another option of the picker ("${pick.label}"): it closes as the demonstrated one did, with a value no demonstration saw`;
    const taken = this.take(pick.edge, 'other-pick', reason, action, from, nearest);
    this.viaGoal = new Set();
    this.picked = { page: this.model.pageOf.get(pick.edge.from) ?? '', label: pick.label };
    return taken;
  }

  /**
   * A vertical swipe no demonstration made here: on a phone it scrolls the page, its state unchanged. The
   * walk stays; until the page is scrolled back, what lies under a tap is not what its screen shows.
   */
  private scroll(action: Action, delta: number, nearest: WalkMove['nearest']): WalkMove {
    if (nothingScrolls(this.screens())) {
      const reason = 'a scroll where nothing on the screen scrolls: nothing moves';
      return unrecorded('scroll', reason, nearest);
    }
    const here = this.pos.nodes.size > 0 ? this.pos.nodes : new Set([this.pos.near]);
    // A fling carries the list on by as much as the phone decides (walk-scroll-travel.ts): where it stands, no screen says.
    const travel = scrollTravel(action) ?? Math.sign(delta) * UNKNOWN_SCROLL;
    const byScroll = reachedByScroll(this.model.pageOf, this.graph.edges, this.pos.page, here);
    const next = scrolledBy(this.scrolled, travel, !byScroll);
    // Down past where the screens show the list going, the phone's list may have ended: where it stands, no screen says.
    this.scrolled = travel > 0 && pastWhatScreensShow(next, this.screens(), graphScreen(this.graph as TaskGraph)) ? UNKNOWN_SCROLL : next;
    const reason =
      Math.abs(this.scrolled) > SCROLL_SLACK
        ? 'a scroll: the page stays as it was, scrolled'
        : 'a scroll back: the page shows what its screen shows';
    return unrecorded('scroll', reason, nearest);
  }

  /** A tap on a control its screen shows selected already (the tab the page is on): the page stays as it is. */
  private still(nearest: WalkMove['nearest']): WalkMove {
    const reason = 'a tap on what the screen shows selected already (the tab it is on): nothing changes';
    return unrecorded('still', reason, nearest, 0);
  }

  /** A tap in a field no demonstration typed in (a search box): it takes the focus and the keyboard shows; the page stays. */
  private focusUnknownField(nearest: WalkMove['nearest']): WalkMove {
    this.moveTo({ ...this.pos, focus: UNKNOWN_FIELD, keyboard: true });
    const reason =
      'a tap in a field no demonstration typed in: it takes the focus, the page stays (what is typed there, no demonstration saw)';
    return unrecorded('focus', reason, nearest, 0);
  }

  /** The screens shown where what each shows selected is what the path chose (walk-position.ts). */
  private truthfulScreens(): (GraphNode | undefined)[] {
    return truthfulScreensAt(this.model, this.pos);
  }

  /** The recorded screens of where the walk stands (walk-position.ts). */
  private screens(): (GraphNode | undefined)[] {
    return screensAt(this.model, this.pos);
  }

  /** What recorded taps on the page the walk stands on pressed, this task's and other tasks' (walk-opens.ts). */
  private pressedHere(): PressedOnPage {
    const own = pressedOn(this.model, this.pos.page);
    return this.app?.pressedOnPage(this.graph, this.screens(), own) ?? own;
  }

  /**
   * On a page scrolled where no demonstration scrolled: a scroll moves it; a tap lands on what the recorded screen
   * showed that much further down, where it showed the scrolling list there (the list moved under the finger, it is
   * the same list); a tap past what the recorded screen showed, or another swipe, is off the graph.
   */
  private onScrolledPage(action: Action): WalkMove {
    const delta = scrollDelta(action);
    if (delta !== null) return this.scroll(action, delta, null);
    const screen = graphScreen(this.graph as TaskGraph);
    if (isTapLike(action)) {
      const shifted: Action = { ...action, at: { x: action.at.x, y: action.at.y + this.scrolled } };
      if (insideScrolling(this.screens(), shifted, screen)) {
        const page = this.pos.page;
        const by = Math.round(this.scrolled);
        const move = this.move(shifted, screen);
        if (this.pos.page !== page && move.taken?.how !== 'tab') this.scrolled = 0;
        return explained(move, (r) => `on the list scrolled by ${by}, what the recorded screen showed under that place: ${r}`);
      }
    }
    const { nearest } = bestEdge(action, this.outEdges(this.pos), this.opts);
    const reason =
      'the page is scrolled where no demonstration scrolled: what is under the finger there, no demonstration saw (scroll back first)';
    return refused(reason, nearest);
  }

  /** An action on an excursion (walk-excursion.ts): Back, the Up arrow or another tab returns; a scroll stays. */
  private returnFromExcursion(action: Action): WalkMove {
    const screen = graphScreen(this.graph as TaskGraph);
    const step = onExcursion(
      this.away!,
      action,
      screen,
      (a) => this.backControl(a, this.model.byId.keys(), 'up'),
      (nearest) => this.still(nearest),
    );
    if (step.kind === 'stays') return step.move;
    this.away = null;
    if (step.kind === 'refused') return step.move;
    // Another tab of the bar that page shows: as pressed on the page the walk left (where it leads from there).
    if (step.kind === 'tab') {
      // Another tab's page had replaced this one: no field kept the focus. The walk stands on the page it left again
      // (its own tab pressed: as the path left it, the goal's state too — 开始, 时钟, 计时器: held-out set X).
      this.moveTo({ ...this.pos, focus: null, keyboard: false });
      const page = this.pos.page;
      const move = this.move(action, screen);
      if (this.pos.page !== page && move.taken?.how !== 'tab') this.scrolled = 0;
      return move;
    }
    // A recorded way off the page (a shortcut) sets what another route's form held: the page shows it on return. A
    // DONE node the goal action had reached is not reached again: the tap may have undone the goal (挂断, 暂停,
    // 结束导航 on the goal's page, then Back — found by hand when a look kept the goal).
    this.moveTo(step.pressed ? leftWith(this.model, this.opts.textThreshold, this.pos, step.pressed) : this.pos);
    this.viaGoal = new Set();
    this.unsureOfPage = true;
    return {
      taken: {
        edge: null,
        result: { matched: true, distancePx: null, similarity: null, rule: 'same-action', reason: 'Back returns from the excursion' },
        how: 'back',
      },
      nearest: null,
    };
  }

  /** A tab no recorded action pressed from here (walk-tabs.ts tabDestination); else a page the graph does not know, its bar still there. */
  private toTab(bar: TabBar, label: string, action: Action, nearest: WalkMove['nearest']): WalkMove {
    this.rememberTab(bar, this.pos, this.scrolled);
    const dest = tabDestination(this.tabPages, bar, label, () => {
      const pressed = recordedTabPress(this.graph.edges, this.model.byId, this.model.pageOf, bar, label, this.pos.page, (e) =>
        loopAllows(this.model, e, this.content, this.opts.textThreshold),
      );
      return pressed ? enterNode(this.model, pressed.to, [pressed.to], this.pos.back) : null;
    });
    if (dest) {
      // Another tab's page replaces this one: no field keeps the focus (found by hand set H: the box focused, two tabs,
      // then typed — nowhere on the phone).
      this.moveTo({ ...dest.pos, focus: null, keyboard: false });
      this.scrolled = dest.scrolled;
      this.viaGoal = new Set();
      return unrecorded('tab', dest.reason, nearest);
    }
    // A tab that a recorded press shows choosing in place (the route's 驾车, as 公交 does): Back then leaves the page itself.
    const opens = !this.pressedHere().inPlaceLabels.has(normalizeContent(label));
    this.away = { action, nearest, bar, tab: label, opens };
    this.current = new Set();
    return opened(`the tab "${label}", whose page no demonstration showed: another tab of its bar, or Back, returns`, nearest);
  }

  /** Opens the page another task recorded (walk-app-pages.ts): its walk stands there, come from the page it was pressed on. */
  private goAbroad(there: AppPage, label: string, pressed: Excursion['pressed'], nearest: WalkMove['nearest']): WalkMove {
    const walk = new GraphWalker(there.graph, this.opts);
    const model = pageModel(there.graph);
    walk.moveTo(enterNode(model, there.edge.to, [there.edge.to], enterNode(model, there.from.id, [there.from.id], null)));
    const inquiry = this.app?.inquiry(there.graph) ?? false;
    const home = model.pageOf.get(there.from.id) ?? '';
    this.abroad = { walk, graph: there.graph, home, edited: new Set(), nearest, pressed, press: there.edge, inquiry };
    this.lookedAhead = opensAhead(this.abroad);
    this.current = new Set();
    const reason = `"${label}" opens the page ${there.graph.taskId}'s demonstrations recorded: the walk looks there and comes back`;
    return this.intoOwnPage(reason) ?? unrecorded('app-page', reason, nearest);
  }

  /**
   * The other task's walk stands on a page this task recorded, showing the same (walk-abroad.ts ownNodeThere): the walk
   * goes on there on its own graph, come from where it stood when it went abroad — with nothing edited there, which
   * would be this task's to know.
   */
  private intoOwnPage(reason: string): WalkMove | null {
    const a = this.abroad!;
    const node = a.edited.size === 0 ? ownNodeThere(a, this.graph.nodes) : null;
    if (node === null) return null;
    this.abroad = null;
    this.navigate(enterNode(this.model, node, [node], this.pos));
    this.viaGoal = new Set();
    return unrecorded('named-page', `${reason}; it is this task's own page, as recorded, showing the same`, null);
  }

  /** An action on another task's recorded page: refused, taken there, or back where the walk stood (walk-abroad.ts). */
  private actAbroad(action: Action): WalkMove {
    const a = this.abroad!;
    const step = abroadStep(a, action);
    if (step.kind === 'refused') return refused(step.reason, a.nearest);
    const own = step.kind === 'stays' ? this.intoOwnPage(step.reason) : null;
    if (own) return own;
    if (step.kind === 'home') {
      // As from an excursion: a recorded way off the page (a shortcut) sets what another route's form held.
      this.abroad = null;
      // Found by held-out set U: another task's shortcut (北京) after the path had set 到达 to 杭州 by its own route, then
      // Back and 查询, searched 北京 on the phone where the walk still held 杭州.
      const own = a.pressed ? leftWith(this.model, this.opts.textThreshold, this.pos, a.pressed) : this.pos;
      const there = pageModel(a.graph);
      const label = isTapLike(a.press.action) ? normalizeContent(tappedLabel(a.press, a.press.action)) : '';
      const implied =
        there.implied.get(a.press) ??
        impliedBySibling(
          [
            { model: this.model, page: this.pos.page },
            { model: there, page: a.home },
          ],
          label,
        );
      this.moveTo(leftWithImplied(this.model, this.opts.textThreshold, own, implied));
      this.viaGoal = new Set();
    }
    return unrecorded(step.kind === 'home' ? 'back' : 'app-page', step.reason, null);
  }

  /** The picker's current value tapped (walk-pick.ts currentOptionAgain): it closes as Back would close it. */
  private closePicker(): WalkMove {
    return explained(this.leavePage(), (r) => `the value the picker shows, tapped again: it closes, nothing changed (${r})`);
  }

  /**
   * A control that leaves the page as Back does (the Up arrow, a dialog's negative button, 取消): with the keyboard up
   * it still leaves, where the Back key would first hide the keyboard.
   */
  private leavePage(): WalkMove {
    if (this.pos.keyboard) this.act({ type: 'Back' });
    return this.act({ type: 'Back' });
  }

  private backControl(action: Action, nodes: Iterable<string>, control: 'up' | 'dismiss' | 'cancel' | 'outside'): boolean {
    return onBackControl(this.model, graphScreen(this.graph as TaskGraph), action, nodes, control);
  }

  /** Edges out of where the walk stands that its path may take (see PageModel.loops). */
  private outEdges(pos: Position): GraphEdge[] {
    if (pos.nodes.size === 0) return [];
    // In the graph's edge order: ties between equally close edges resolve the same way.
    const out =
      pos.nodes.size === 1 ? (this.model.outOf.get([...pos.nodes][0]!) ?? []) : this.graph.edges.filter((e) => pos.nodes.has(e.from));
    return out.filter(
      (e) => loopAllows(this.model, e, this.content, this.opts.textThreshold) && !(this.unsubmitted && this.model.afterSubmit.has(e)),
    );
  }

  /** A taken move: the walk goes where it lands (walk-landing.ts), and the path's record keeps what it set. */
  private apply(move: Candidate, action: Action, from: Position): void {
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
    const landed = landing(m, this.opts.textThreshold, { ...move, edge }, action, from, () => this.twins(move, action, from));
    if (landed.leaves) this.navigate(landed.next, closesToOpener(m, edge));
    else this.moveTo(landed.next);
    for (const [k, v] of landed.effects) {
      // A field the app empties after use (the message box after 发送) keeps, in the record, what it held.
      if (v === '' && isTextKey(k) && action.type !== 'Type' && this.content.get(k)) continue;
      this.content.set(k, move.result.rule === 'free-choice' ? '*' : v);
      this.set.add(k);
    }
    if (edge.goal && move.how === 'edge') {
      this.goalsTaken.add(edge.id);
      this.goalAfter.goalTaken(edge.id, from.page);
    }
    const goal = edge.goal || landed.finished?.edge.goal;
    this.viaGoal = goal ? new Set([...this.pos.nodes].filter((id) => m.byId.get(id)?.done)) : new Set();
    if (this.picked && move.how === 'edge' && pickedAgain(m, edge, this.picked.page)) this.picked = null;
  }

  /** Edges for the same demonstrated action out of where the walk stands lead wherever the demonstrations went. */
  private twins(move: Candidate, action: Action, from: Position): GraphEdge[] {
    const edge = move.edge!;
    if (move.how !== 'edge') return [edge];
    return this.outEdges(from).filter(
      (e) => e === edge || (sameDemonstratedAction(edge, e, this.opts) && matchEdge(action, e, this.opts).matched),
    );
  }

  /** Off the page: Back will return to where the walk came from; arriving on a page it came through returns there. */
  private navigate(next: Position, closes = false): void {
    // The same titled screen with a switch flipped (the model's page of another toggle state): the phone shows it in
    // place of this one, and Back leaves the screen (held-out set X: 使用蓝牙 on, Back, 已连接的设备 again).
    if (sameTitledScreen(this.model, this.pos.near, next.near)) next.back = this.pos.back;
    // A picker of an activity of its own closed back to the one below it, which shows the pick in its title (上海 chosen
    // in 城市管理: the main screen titled 上海, another page): a phone finished the picker, and Back leaves the app.
    if (closes && this.pos.back && activityOfPage(this.pos.back.page) === activityOfPage(next.page)) next.back = this.pos.back.back;
    for (let p: Position | null = this.pos; p; p = p.back)
      if (p.page === next.page) {
        next.back = p.back;
        break;
      }
    if (next.page !== this.pos.page) this.entered.set(next.page, new Map(next.content));
    this.moveTo(next);
  }

  /** A form left by Back, uncommitted (walk-discard.ts): the record takes back what the page showed when the walk came. */
  private forget(page: string, shown: ReadonlyMap<string, string>): void {
    this.toggled.forget(page);
    // A form left uncommitted is discarded (the alarm editor opens at 07 again); a text on a page that is no form (a
    // message box) is a draft an app may keep.
    const form = commitsByExit(this.model, page);
    for (const [k, v] of discarded(this.model, page, shown, this.content, this.set, this.entered.get(page))) {
      if (!form && isTextKey(k)) this.drafts.left(k, this.content.get(k) ?? '');
      this.content.set(k, v);
      this.set.delete(k);
    }
  }

  private moveTo(next: Position): void {
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
  private rememberTab(bar: TabBar, pos: Position, scrolled: number): void {
    if ([...pos.content].some(([k, v]) => isSearchKey(k) && v !== '' && this.set.has(k))) this.tabPages.forget(bar);
    else this.tabPages.remember(bar, pos, scrolled);
  }

  /** What a page shows counts for the keys the path did not set itself (an option already chosen by default). */
  private show(p: Position): void {
    for (const [k, v] of p.content) if (v !== '*' && !this.set.has(k)) this.content.set(k, v);
  }

  /** Whether Finish would succeed now, and why (walk-finish.ts). */
  finish(): FinishVerdict {
    const standing = this.verdictOn(this.current, this.viaGoal);
    // Done, and nothing after could have acted (walk-goal-stands.ts): a task that acts, wherever the path ends; one that
    // only looks, back on the goal's screen.
    const then = standing.success ? null : this.goalAfter.doneNodes(this.current);
    if (then === null) return standing;
    const done = this.verdictOn(then.nodes, then.nodes);
    return done.success ? { ...done, reason: `${done.reason} when its goal action was taken, ${then.after}` } : standing;
  }

  private verdictOn(current: ReadonlySet<string>, viaGoal: ReadonlySet<string>): FinishVerdict {
    const verdict = (content: ReadonlyMap<string, string>): FinishVerdict =>
      finishVerdict({
        nodes: this.graph.nodes,
        current,
        viaGoal,
        legacy: this.legacy,
        content,
        node: this.node,
        away: this.away !== null || this.abroad !== null,
        query: this.query.text,
        picked: this.picked?.label ?? null,
        textThreshold: this.opts.textThreshold,
      });
    // Where the app may have kept a draft the path left, the verdict must hold either way (walk-discard.ts LeftDrafts).
    const dropped = verdict(this.content);
    const kept = dropped.success ? this.drafts.kept(this.content, this.set) : null;
    if (!kept) return dropped;
    const withDrafts = verdict(kept);
    return withDrafts.success ? dropped : { ...withDrafts, reason: `${KEPT_DRAFT}: ${withDrafts.reason}` };
  }
}
