import type { SentTexts } from './walk-goal-stands.js';
import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode, TaskGraph } from '../../../shared/domain/task-graph.js';
import { graphScreen } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import { isEdit } from './page-model.js';
import { isChoiceKey, isTextKey } from './content-keys.js';
import { bestEdge, matchEdge, pressedLabel } from './match.js';
import { labelUnder } from './walk-controls.js';
import { addsToCount, nothingUnder, sameControl } from './walk-pressed.js';
import { vetMove } from './walk-vet.js';
import { enterOnEmptyField, enterWithNoField, typedNowhere } from './walk-focus.js';
import type { PhoneFacts, PhoneTake } from './walk-as-phone.js';
import { asThePhoneTakesIt } from './walk-as-phone.js';
import { scrolledAfterMove } from './walk-scroll-travel.js';
import { otherRowMove } from './walk-rows.js';
import { currentOptionAgain, pickedAlike, rowsKeepPage } from './walk-pick.js';
import type { Position } from './walk-moves.js';
import type { InnerWalk } from './walk-abroad.js';
import {
  SCROLL_SLACK,
  ignoresScroll,
  isTapLike,
  UNKNOWN_FIELD,
  insideScrolling,
  onStillControl,
  onSelectedRow,
  outsideScrolling,
  scrollDelta,
  screenAfterStay,
  tappedLabel,
} from './walk-view.js';
import { backPopsElsewhere, popBack } from './walk-back-stack.js';
import { backMove, choose, focusMove, pageMoves } from './walk-moves.js';
import type { FinishVerdict } from './walk-finish.js';
import { finishVerdict } from './walk-finish.js';
import { enterNode, nodesAt } from './walk-position.js';
import { itemPageFor } from './walk-free-item.js';
import { exactMove } from './walk-exact.js';
import { mayActInPlace } from './walk-opens.js';
import { onListRow } from './walk-history.js';
import { sharedTabBars, tabPressed } from './walk-tabs.js';
import type { WalkMove } from './walk-step.js';
import { explained, refused, unrecorded, withReason } from './walk-step.js';
import { opened } from './walk-excursion.js';
import { closesResult } from './walk-dismiss.js';
import { searchAsShortcut } from './walk-form-search.js';
import type { UnknownTap } from './walk-unknown-tap.js';
import { unknownTapRules } from './walk-unknown-tap.js';
import type { FrontStep } from './walk-home.js';
import { appOf, belowUnknown } from './walk-home.js';
import { KEPT_DRAFT } from './walk-discard.js';
import { WalkTravels } from './walk-travels.js';
import { NotesTyped, namingFieldUnder } from './walk-note-field.js';
import { asRecordedLaunch, iconLaunch } from './walk-launcher.js';
import { AppNames } from '../tasks/app-names.js';

/** The system apps' names, for a walk with no workspace at hand (a unit test, a lone graph). */
const SYSTEM_APP_NAMES = new AppNames();

export type { WalkHow } from './walk-moves.js';
export type { WalkMove } from './walk-step.js';
export type { WalkView } from './walk-view.js';
export type { FinishVerdict } from './walk-finish.js';

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
 *
 * Three layers, one file each: the state and its primitive moves (walk-state.ts), what each kind of move the rules find
 * does to it (walk-travels.ts), and here the rules, in the order they are tried, and Finish.
 */
export class GraphWalker extends WalkTravels {
  /** The field a tap in a field no demonstration typed in focused, where it only names the thing (walk-note-field.ts). */
  private noteField: { page: string; hint: string } | null = null;
  /** What the path typed into such fields, named in the verdict. */
  private readonly notesTyped = new NotesTyped();
  /**
   * Takes an operational action (Tap, Type, Back, …); returns what it matched. The walk does not move when nothing matches.
   * A Type that submits is what a phone does with it (perform-action.ts): the text typed, then Enter — the demonstrations
   * record the two as steps of their own (held-out set AA: a query typed with submit, then the result; 300 typed with
   * submit, which transfers where the amount field's Enter does). The hand recorder records a Type that submits as one
   * step; the builder reads it as the two (typed-then-enter.ts). Where a graph built before that holds it as one edge on
   * the page, that edge takes the action whole.
   */
  act(said: Action): WalkMove {
    // An app launched by the name people call it (天气, Weather): the launch the recordings made of the same package.
    const action = said.type === 'LaunchApp' ? asRecordedLaunch(this.graph.edges, said, this.packageNamed) : said;
    if (action.type !== 'Type' || action.submit !== true || this.submitsRecordedHere()) return this.actOne(action);
    const typed = this.actOne({ type: 'Type', text: action.text, ...(action.clear ? { clear: true } : {}) });
    if (!typed.taken) return typed;
    return withReason(this.actOne({ type: 'Enter' }), (r) => `the Enter of a Type that submits: ${r}`);
  }

  /** The package an app's name names (core/tasks/app-names.ts): the task set's names where the walk knows them. */
  private packageNamed = (name: string): string | null => (this.app ? this.app.packageNamed(name) : SYSTEM_APP_NAMES.packageOf(name));

  private submitsRecordedHere(): boolean {
    if (this.away !== null || this.abroad !== null) return false;
    return (this.model.leavingOf.get(this.pos.page) ?? []).some((e) => e.action.type === 'Type' && e.action.submit === true);
  }

  private actOne(action: Action): WalkMove {
    this.acts++;
    const wasUp = this.pos.keyboard;
    const wasAway = this.away !== null || this.abroad !== null;
    const viaGoal = this.viaGoal;
    this.lookedAhead = false;
    const flips = this.lastFlip;
    const move = this.step(action);
    // A count stepped on a page is the page's own: gone once the walk stands elsewhere, or Back left the app.
    this.counts.left(this.front.beyond ? '' : this.pos.page);
    // The goal done by a task that acts stands while nothing since could have acted (walk-goal-stands.ts). A move that
    // applies a recorded action sets `viaGoal` anew; one that does not leaves it as it was. A toggle flipped straight
    // back leaves things as they stood before the flip.
    const entered = this.viaGoal !== viaGoal && this.viaGoal.size > 0 ? this.viaGoal : null;
    if (flips !== null && this.lastFlip === null) this.goalAfter.flippedBack();
    else
      this.goalAfter.acted(action, move.taken, entered, !wasAway && this.lookedAhead, () => ({
        dropped: this.content,
        kept: this.drafts.kept(this.content, this.set) ?? this.content,
      }));
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
    // Just after a free choice, the item's own recorded page (walk-free-item.ts): for this action only.
    const item = this.freeItem;
    this.freeItem = null;
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
    if (this.front.beyond) return this.applyFront(this.front.offTheRecords(action));
    // An app's icon tapped on the home screen: its launch (walk-launcher.ts).
    const onHome =
      (this.front.left !== null && this.front.elsewhere === null) || (this.homeNode !== null && this.pos.page === this.homePage);
    const icon =
      onHome && this.homeNode !== null
        ? iconLaunch(this.model, this.graph, this.homeNode, action, graphScreen(this.graph as TaskGraph), this.packageNamed)
        : null;
    if (icon) return explained(this.act(icon), (r) => `the icon of ${icon.app} on the home screen launches it: ${r}`);
    if (this.front.left !== null) return this.applyFront(this.front.onHomeScreen(action));
    this.acted = true;
    const aside = this.asideFromThePage(action);
    if (aside) return aside;
    const screen = graphScreen(this.graph as TaskGraph);
    // A tap on the app bar or the tab bar lands where its screen shows it, however far the list is scrolled.
    if (Math.abs(this.scrolled) > SCROLL_SLACK && !ignoresScroll(action) && !outsideScrolling(this.screens(), action, screen))
      return this.onScrolledPage(action);
    // Just after a free choice: the item's own recorded page, where only it records this action.
    const instead =
      item && this.pos.page === item.page ? itemPageFor(this.model, action, this.pos, item.node, (p) => this.outEdges(p), this.opts) : null;
    if (instead) this.moveTo(instead);
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
    const where = this.away ? 'away' : this.abroad ? 'abroad' : this.front.left !== null || this.front.beyond ? 'off-app' : 'page';
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
    if (action.type === 'Back' && !this.pos.keyboard && belowUnknown(this.pos, this.homePage, () => this.outEdges(this.pos))) {
      this.current = new Set();
      this.viaGoal = new Set();
      return this.applyFront(this.front.backBeyond());
    }
    // Text typed into a field that only names the thing (an alarm's 标签), which no demonstration filled: kept as its name,
    // it changes nothing the form does (walk-note-field.ts); the verdict names it.
    if (action.type === 'Type' && this.pos.focus === UNKNOWN_FIELD && this.noteField?.page === this.pos.page) {
      this.notesTyped.add(this.noteField.hint, action.text);
      return unrecorded(
        'focus',
        `typed into ${this.noteField.hint}, a field no demonstration filled that only names the thing: the page stays, what the form does unchanged`,
        null,
        0,
      );
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
  protected move(action: Action, screen: { width: number; height: number }, relabelled: string | null = null): WalkMove {
    const pos = this.pos;
    const held = relabelled === null ? this.counts.on(pos.page) : null;
    if (held) {
      const counted = this.heldCount(held, action, screen);
      if (counted) return counted;
    }
    const listed = relabelled === null && isTapLike(action) && this.scrolled === 0 ? this.query.resultsOn(pos.page) : null;
    if (listed) return this.resultPicked(listed, action, screen);
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
    const otherItem =
      !!move?.edge?.goal && this.goalsTaken.size > 0 && this.goalItems.otherItem(pos.page, this.model.byId.get(move.edge.from));
    const vetted = move ? vetMove(this.model, move, pos, this.toggled.changed(pos.page), this.goalsTaken, this.goalAfter, otherItem) : null;
    if (vetted?.kind === 'refused') return refused(vetted.reason, { edge: move!.edge!, result: move!.result });
    // A press that adds to a count (加入购物车), taken again on another item of a free choice: it adds that item too
    // (walk-goal-items.ts countOnOtherItem).
    if (move?.edge && move.how === 'edge' && addsToCount(this.model, move.edge)) {
      if (this.goalItems.countOnOtherItem(pos.page, this.model.byId.get(move.edge.from)))
        return refused(
          `"${pressedLabel(move.edge)}" was pressed on another item already: pressed here it adds this one too, where no demonstration added two things`,
          { edge: move.edge, result: move.result },
        );
    }
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
        turned: () => this.turnedHere(action, screen, labelHere()),
        stepper: () => this.countStepperHere(action, screen, labelHere()),
        searchedAs: () => {
          const app = this.app;
          if (!app) return null;
          const searches = () => app.formSearches(this.graph, this.screens());
          return searchAsShortcut(this.model, pos, action, labelHere(), searches, (e) => this.impliedOf(e));
        },
      });
      for (const rule of rules) {
        const taken = this.unknownTap(rule, action, pos, screen, exact.nearest);
        if (taken) return taken;
      }
      return { taken: null, nearest: exact.nearest };
    }
    const searchedOn = action.type === 'Enter' ? this.screens() : null;
    this.apply(move, action, pos);
    this.query.typed(move, action, this.record);
    if (searchedOn) this.submitted(searchedOn);
    const nearest = exact.nearest ?? (move.edge ? { edge: move.edge, result: move.result } : null);
    return { taken: { edge: move.edge, result: move.result, how: move.how }, nearest };
  }

  /**
   * Another query than this task's submitted by Enter, where another task's demonstration submitted the same query in
   * the same box: the results its recording saw are what the phone lists (walk-query.ts), shown to the agent from here.
   */
  private submitted(searchedOn: readonly (GraphNode | undefined)[]): void {
    const app = this.app;
    const here = this.screens()[0];
    if (!app || !here) return;
    this.query.submitted(this.pos.page, (key, query) => app.resultsOf(this.graph, searchedOn, key, query, here));
  }

  /**
   * A tap on the results another task recorded for the query (see submitted): the control under the finger on that
   * recording's screen, where this task's demonstrations tapped a control of that label on their own results (the same
   * place, listed by both queries), opens what it opened for them. Any other tap there: what it opens, no demonstration
   * of this task saw.
   */
  private resultPicked(
    listed: { query: string; graph: TaskGraph; node: GraphNode },
    action: Action,
    screen: { width: number; height: number },
  ): WalkMove {
    const pos = this.pos;
    const label = labelUnder([listed.node], action, screen);
    const nearest = bestEdge(action, this.outEdges(pos), this.opts).nearest;
    const seen = `the results ${listed.graph.taskId}'s demonstration saw for the query "${listed.query}"`;
    if (label === null) return refused(`on ${seen}, no one control is under the finger`, nearest);
    const want = normalizeContent(label);
    const opens = this.outEdges(pos).find(
      (e) => isTapLike(e.action) && this.model.pageOf.get(e.to) !== pos.page && normalizeContent(pressedLabel(e)) === want,
    );
    if (!opens) return refused(`on ${seen}, "${label}" is under the finger: what it opens, no demonstration of this task saw`, nearest);
    this.query.picked();
    return this.take(opens, 'same-item', `"${label}" on ${seen}: the same result this task's demonstrations opened`, action, pos, nearest);
  }

  /**
   * An action where a count of the page stands stepped away from where it starts (walk-count.ts): its stepper
   * pressed again steps it; a tap, typing or Enter is refused — every route a demonstration took from here was taken
   * with the count as the page opened, and what the page does with another, none saw. Back, a scroll, Home go on.
   */
  private heldCount(
    held: { count: string; start: number; now: number },
    action: Action,
    screen: { width: number; height: number },
  ): WalkMove | null {
    const stepper = isTapLike(action) ? this.countStepperHere(action, screen, labelUnder(this.screens(), action, screen)) : null;
    if (stepper && stepper.count === held.count) return this.pressCount(stepper, null);
    if (!isTapLike(action) && action.type !== 'Type' && action.type !== 'Enter') return null;
    // A tap the demonstrations made on this page that edits another of its inputs and stays (−1 h on the hour field
    // beside the minute held at :05): edits of one form's fields commute, so it is taken as recorded; the held value
    // waits to come back. Only fields and choices: a button that acts with the value (加入购物车, whose badge shows what
    // it added) reads it (held-out set AE: +, into the cart, bought — two bags, accepted by a first version).
    const page = this.pos.page;
    const inputs = (e: GraphEdge): boolean => (e.effects ?? []).every((v) => isTextKey(v.key) || isChoiceKey(v.key));
    const edits = (e: GraphEdge): boolean =>
      isEdit(this.model, e) && inputs(e) && this.model.pageOf.get(e.to) === page && matchEdge(action, e, this.opts).matched;
    if (isTapLike(action) && this.outEdges(this.pos).some(edits)) return null;
    return refused(
      `${held.count} stands at ${held.now}, stepped from ${held.start} by a control no demonstration of this task pressed: every route recorded here was taken with ${held.start}, and what the page does with ${held.now}, no demonstration saw`,
      bestEdge(action, this.outEdges(this.pos), this.opts).nearest,
    );
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
        if (rule.toggle) this.flip(pos.page, rule.toggle);
        return unrecorded(rule.how, rule.reason, nearest, 0);
      case 'field': {
        // Which field took the focus, where its hint says it only names the thing (walk-note-field.ts).
        const hint = namingFieldUnder(this.screens(), action, screen);
        this.noteField = hint === null ? null : { page: pos.page, hint };
        return this.focusUnknownField(nearest);
      }
      case 'count':
        return this.pressCount(rule.stepper, nearest);
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
        // The result page the goal action entered, closed by its 完成 (walk-dismiss.ts): off the records, the goal standing.
        const under = labelUnder(this.screens(), action, screen);
        if (under !== null && this.goalAfter.standsOn(this.current) && closesResult(under, this.model.byId.get(this.node))) {
          this.current = new Set();
          this.viaGoal = new Set();
          return this.applyFront(this.front.closed(under));
        }
        const opens = rule.pressed !== null || !mayActInPlace(this.screens(), action, screen, this.pressedHere(), under);
        // A row of a list opened it (a song: it may be playing now); a control of the page's chrome opens views.
        if (insideScrolling(this.screens(), action, screen) || onListRow(this.screens(), action, screen)) this.rowOpenedAway = true;
        // A row of a list of items (another row beside it): a lone wide button (分享) may act.
        const row = onListRow(this.screens(), action, screen, 2);
        const look = this.goalAfter.looksOnly && opens && rule.pressed === null && row ? this.lookEntered() : null;
        this.away = { action, nearest, bar: null, tab: null, pressed: rule.pressed, opens, ...(look ? { look } : {}) };
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

  /** Whether Finish would succeed now, and why (walk-finish.ts). */
  protected walkThere(graph: TaskGraph, at: Position): InnerWalk {
    const walk = new GraphWalker(graph, this.opts);
    walk.moveTo(at);
    return walk;
  }

  /** The DONE nodes the goal action entered that the walk stands on, or null. */
  private lookEntered(): ReadonlySet<string> | null {
    const on = [...this.viaGoal].filter((id) => this.current.has(id));
    return on.length > 0 ? new Set(on) : null;
  }

  finish(): FinishVerdict {
    // On the page a row of an inquiry's look opened (walk-excursion.ts `look`): judged where the look was taken.
    const look = this.away?.look;
    const there = look ? this.verdictOn(look, look, undefined, false) : null;
    const standing = there?.success
      ? { ...there, reason: `${there.reason}, then a row of it opened (a page no demonstration recorded)` }
      : this.front.beyond
        ? { success: false, reason: 'ended off what the recordings show (Back where none shows what lies below)', node: null, unmet: [] }
        : this.verdictOn(this.current, this.viaGoal);
    // Done, and nothing after could have acted (walk-goal-stands.ts): a task that acts, wherever the path ends; one that
    // only looks, back on the goal's screen.
    const then = standing.success ? null : this.goalAfter.doneNodes(this.current);
    // Judged where the goal was done: the page the path ends on (another task's, looked at) is not what is judged.
    const done = then && this.verdictOn(then.nodes, then.nodes, then.sent, false);
    const verdict = then && done?.success ? { ...done, reason: `${done.reason} when its goal action was taken, ${then.after}` } : standing;
    // What the path left changed that no demonstration moved (walk-state.ts flippedAnywhere): named, as a side effect.
    if (!verdict.success) return verdict;
    const changed = this.flippedAnywhere.count;
    const what = changed === 1 ? 'a switch, slider or toggle' : `${changed} switches, sliders or toggles`;
    const flipped = changed === 0 ? '' : `; the path also left changed ${what} no demonstration moved (a side effect)`;
    const named = this.notesTyped.named();
    return flipped === '' && named === '' ? verdict : { ...verdict, reason: `${verdict.reason}${flipped}${named}` };
  }

  /** `sent`: what the fields a goal action sent held then, over what the path typed there since (which went nowhere). */
  private verdictOn(current: ReadonlySet<string>, viaGoal: ReadonlySet<string>, sent?: SentTexts, here = true): FinishVerdict {
    const verdict = (content: ReadonlyMap<string, string>, over: ReadonlyMap<string, string> = new Map()): FinishVerdict =>
      finishVerdict({
        nodes: this.graph.nodes,
        current,
        viaGoal,
        legacy: this.legacy,
        content: over.size > 0 ? new Map([...content, ...over]) : content,
        node: this.node,
        away: here && (this.away !== null || this.abroad !== null),
        query: this.query.text,
        picked: this.picked?.label ?? null,
        textThreshold: this.opts.textThreshold,
      });
    // Where the app may have kept a draft the path left, the verdict must hold either way (walk-discard.ts LeftDrafts).
    const dropped = verdict(this.content, sent?.dropped);
    const kept = dropped.success ? this.drafts.kept(this.content, this.set) : null;
    if (!kept) return dropped;
    const withDrafts = verdict(kept, sent?.kept);
    return withDrafts.success ? dropped : { ...withDrafts, reason: `${KEPT_DRAFT}: ${withDrafts.reason}` };
  }
}
