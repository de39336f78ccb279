import type { SentTexts } from './walk-goal-stands.js';
import type { Action } from '../../../shared/domain/action.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { graphScreen } from '../../../shared/domain/task-graph.js';
import { bestEdge, matchEdge } from './match.js';
import { normalizeContent } from './content.js';
import { enterWithNoField, typedNowhere } from './walk-focus.js';
import type { PhoneFacts, PhoneTake } from './walk-as-phone.js';
import { asThePhoneTakesIt } from './walk-as-phone.js';
import { scrolledAfterMove, swipeRecordedFrom } from './walk-scroll-travel.js';
import type { Position } from './walk-position.js';
import type { InnerWalk } from './walk-abroad.js';
import { SCROLL_SLACK, ignoresScroll, isTapLike, tappedLabel, UNKNOWN_FIELD, outsideScrolling, screenAfterStay } from './walk-view.js';
import type { FinishVerdict } from './walk-finish.js';
import { finishVerdict } from './walk-finish.js';
import { itemPageFor } from './walk-free-item.js';
import { onListRow } from './walk-history.js';
import type { WalkMove } from './walk-step.js';
import { explained, refused, unrecorded, withReason } from './walk-step.js';
import { appOf, belowUnknown } from './walk-home.js';
import { KEPT_DRAFT } from './walk-discard.js';
import { WalkRules } from './walk-rules.js';
import { asRecordedLaunch, iconLaunch } from './walk-launcher.js';
import { AppNames } from '../tasks/app-names.js';
/** The system apps' names, for a walk with no workspace at hand (a unit test, a lone graph). */
const SYSTEM_APP_NAMES = new AppNames();

export type { WalkHow } from './walk-candidate.js';
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
 * Four layers, one file each: the state and its primitive moves (walk-state.ts), what each kind of move the rules find
 * does to it (walk-travels.ts), the rules that find what an action does on a page, in the order they are tried
 * (walk-rules.ts), and here what comes before them (what the phone makes of an action, Home, a launch, the app left)
 * and Finish.
 */
export class GraphWalker extends WalkRules {
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
    const launchedBefore = this.acted;
    this.acted = true;
    const aside = this.asideFromThePage(action);
    if (aside) return aside;
    const screen = graphScreen(this.graph as TaskGraph);
    // A tap on the app bar or the tab bar lands where its screen shows it, however far the list is scrolled.
    if (
      Math.abs(this.scrolled) > SCROLL_SLACK &&
      !ignoresScroll(action) &&
      !outsideScrolling(this.screens(), action, screen) &&
      !swipeRecordedFrom(action, this.outEdges(this.pos), this.scrolled, screen)
    )
      return this.onScrolledPage(action);
    // Just after a free choice: the item's own recorded page, where only it records this action.
    const instead =
      item && this.pos.page === item.page ? itemPageFor(this.model, action, this.pos, item.node, (p) => this.outEdges(p), this.opts) : null;
    if (instead) this.moveTo(instead);
    const page = this.pos.page;
    const node = this.node;
    const shown = this.pos.content;
    const from = this.pos;
    const move = this.move(action, screen);
    // Back (or the Up arrow, 取消) off a form the demonstrations committed by a way off it: what the path set there and
    // did not commit is gone. (Asked only of a move that left the page: a tap's place against the page it was made on.)
    if (move.taken && this.pos.page !== page && (action.type === 'Back' || this.leavesAsBack(action, from))) this.forget(page, shown);
    const options = move.taken?.edge?.group ?? move.taken?.edge?.options;
    if (options && move.taken?.how !== 'back') this.pickedGroups.push(options);
    // Back to the page a goal was taken on: it stands as it was then (walk-vet.ts, a look again); any other move forgets it.
    this.goalAfter.moved(action, move.taken, this.pos.page);
    this.scrolled = scrolledAfterMove(this.scrolled, action, move.taken, this.pos.page !== page, this.model.byId, screen);
    // The path's first launch opens the app's first page at its top (found by exploration on a grown graph: the shop's
    // home, which a grown route also swiped back up to, was taken as scrolled up by a swipe at launch).
    if (action.type === 'LaunchApp' && !launchedBefore && move.taken) this.launchedAtTop = this.pos.page;
    else if (this.pos.page !== page || move.taken?.edge?.action.type === 'Swipe') this.launchedAtTop = null;
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
      recordedPress: (action, label) =>
        isTapLike(action) &&
        this.outEdges(this.pos).some(
          (e) =>
            e.action.type === 'Tap' &&
            matchEdge(action, e, this.opts).matched &&
            normalizeContent(tappedLabel(e, action)) === normalizeContent(label),
        ),
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

  /** Whether Finish would succeed now, and why (walk-finish.ts). */
  protected walkThere(graph: TaskGraph, at: Position): InnerWalk {
    const walk = new GraphWalker(graph, this.opts);
    walk.moveTo(at);
    return walk;
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
    if (!verdict.success) return verdict;
    // The goal's control turned on another row too (another post liked as well): the goal done to another item.
    const others = [...this.goalOnOtherRows.values()];
    if (others.length > 0)
      return {
        ...verdict,
        success: false,
        reason: `the goal's control was left turned on another row too (${others.join(', ')}): the goal done to another item, which no demonstration did`,
      };
    // What the path left changed that no demonstration moved (walk-state.ts flippedAnywhere): named, as a side effect.
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
        query: this.query.unanswered(),
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
