import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode, TaskGraph } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import { isEdit } from './page-model.js';
import { isChoiceKey, isTextKey, valueOfElement } from './content-keys.js';
import { bestEdge, matchEdge, pressedLabel } from './match.js';
import { labelUnder } from './walk-controls.js';
import { addsToCount, nothingUnder, sameControl } from './walk-pressed.js';
import { vetMove } from './walk-vet.js';
import { enterOnEmptyField } from './walk-focus.js';
import { otherRowMove } from './walk-rows.js';
import { currentOptionAgain, pickedAlike, rowsKeepPage } from './walk-pick.js';
import type { Position } from './walk-position.js';
import { inField, isTapLike, insideScrolling, onStillControl, onSelectedRow, scrollDelta, tappedLabel } from './walk-view.js';
import { countName } from './walk-count.js';
import { wayOffAsSiblingPage } from './walk-sibling-page.js';
import { backPopsElsewhere, popBack } from './walk-back-stack.js';
import { backMove, focusMove, pageMoves } from './walk-moves.js';
import { choose } from './walk-candidate.js';
import { enterNode, nodesAt } from './walk-position.js';
import { exactMove } from './walk-exact.js';
import { mayActInPlace } from './walk-opens.js';
import { onListRow } from './walk-history.js';
import { pressedAfterLeavingFrom, sharedTabBars, tabPressed } from './walk-tabs.js';
import type { WalkMove } from './walk-step.js';
import { explained, refused, unrecorded } from './walk-step.js';
import { opened } from './walk-excursion.js';
import { closesResult } from './walk-dismiss.js';
import { searchAsShortcut } from './walk-form-search.js';
import type { UnknownTap } from './walk-unknown-tap.js';
import { unknownTapRules } from './walk-unknown-tap.js';
import type { FrontStep } from './walk-home.js';
import { WalkTravels } from './walk-travels.js';
import { NotesTyped, namingFieldUnder } from './walk-note-field.js';

/**
 * The rules that find what an action does on a page of the task's graph, in the order they are tried (walk.ts
 * GraphWalker.step calls `move` once what the phone makes of an action and the moves aside from the page are settled): a
 * count held stepped, results another task recorded, the recorded edges, Up and Cancel as Back, a tab's page as left, a
 * picker's current option, a control already selected, focus and Enter, the page's recorded actions applied here, another
 * row, then the rules for a tap no recorded move takes (walk-unknown-tap.ts) and what each of them does.
 */
export abstract class WalkRules extends WalkTravels {
  /** The field a tap in a field no demonstration typed in focused, where it only names the thing (walk-note-field.ts). */
  protected noteField: { page: string; hint: string } | null = null;
  /** What the path typed into such fields, named in the verdict. */
  protected readonly notesTyped = new NotesTyped();

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
    if (!exact.move && this.leavesAsBack(action, pos)) return this.leavePage();
    // A tab of the bar whose page the walk stood on: that page as the path left it (the 10 分钟 chosen there), not the
    // page a recorded press of the tab first showed — unless that press is the goal, or a demonstration pressed it after
    // leaving the page from where the path left it (what the app shows then, it recorded).
    const e = exact.move?.edge;
    if (e && !e.goal && isTapLike(action)) {
      const tab = tabPressed(sharedTabBars(this.screens()), action, screen);
      const left = tab ? this.tabPages.pageOf(tab.bar, tab.label) : undefined;
      if (tab && left && !pressedAfterLeavingFrom(this.model, e, left.pos.nodes, tab))
        return this.toTab(tab.bar, tab.label, action, exact.nearest);
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
    // A recorded press of such a control (a graph grown from a route that left the 07:00 editor by its Up arrow) leaves
    // the form as Back does: what the path changed there is discarded, not saved.
    const toggledHere = this.toggled.changed(pos.page) && !(move?.edge && this.leavesAsBack(action, pos));
    const vetted = move ? vetMove(this.model, move, pos, toggledHere, this.goalsTaken, this.goalAfter, otherItem) : null;
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
        preset: () => this.presetHere(action, screen, labelHere()),
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
    this.query.submitted(this.pos.page, (key, query) => (app && here ? app.resultsOf(this.graph, searchedOn, key, query, here) : null));
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
    // A tap into a field only gives it the focus, and the Up arrow leaves as Back does: neither acts with the value (the
    // 07:00 alarm's editor, its hour stepped down, the minute field tapped, then Up: the form discarded — a graph grown
    // from exploration's routes refused 11 such right paths of exploration).
    const nodes = this.pos.nodes.size > 0 ? this.pos.nodes : [this.pos.near];
    if (isTapLike(action) && (inField(this.screens(), action, screen) || this.backControl(action, nodes, 'up'))) return null;
    // The way off as this task's recording of a sibling page shows it taken with the count the path holds (walk-sibling-page.ts).
    const onPage = valueOfElement(this.pos);
    const valueOf = (element: string): string | undefined => (countName(element) === held.count ? String(held.now) : onPage(element));
    const sibling = wayOffAsSiblingPage(this.model, this.graph.edges, this.screens(), valueOf, action, this.opts);
    if (sibling) {
      const reason = `${held.count} at ${held.now}: the way off as this task's recording of a page laid out as this one took it with ${held.now}`;
      return this.take(sibling, 'same-item', reason, action, this.pos, null);
    }
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
      case 'preset': {
        // The field holds the preset's number, as after typing it: this task's edit of the field, with that value.
        const { edge, key, value } = rule.fill;
        const reason = `a preset another task's recording shows filling the field: it holds ${value} now, the page stays`;
        const result = { matched: true, distancePx: null, similarity: null, rule: null, reason };
        this.apply({ edge, result, how: 'other-option', option: value, optionKey: key }, action, pos);
        return { taken: { edge, result, how: 'other-option' }, nearest };
      }
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
  protected applyFront(step: FrontStep): WalkMove {
    if ('refusal' in step) return this.refusedAgainstLaunch(step.refusal);
    if (step.keyboardDown) this.pos = { ...this.pos, keyboard: false };
    return step.move;
  }

  /** A refusal named against the recorded launch (or any edge), so the step says why. */
  protected refusedAgainstLaunch(reason: string): WalkMove {
    const edge = this.graph.edges.find((e) => e.action.type === 'LaunchApp') ?? this.graph.edges[0];
    const result = { matched: false, distancePx: null, similarity: null, rule: null, reason: '' };
    return refused(reason, edge ? { edge, result } : null);
  }

  /** The DONE nodes the goal action entered that the walk stands on, or null. */
  protected lookEntered(): ReadonlySet<string> | null {
    const on = [...this.viaGoal].filter((id) => this.current.has(id));
    return on.length > 0 ? new Set(on) : null;
  }
}
