import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, TaskGraph } from '../../../shared/domain/task-graph.js';
import { graphScreen } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import { bestEdge, pressedLabel } from './match.js';
import { onBackControl } from './walk-controls.js';
import { loopAllows, pageModel } from './page-model.js';
import { pastWhatScreensShow, scrollTravel, UNKNOWN_SCROLL } from './walk-scroll-travel.js';
import type { OtherPick } from './walk-pick.js';
import type { Candidate } from './walk-candidate.js';
import type { Position } from './walk-position.js';
import {
  SCROLL_SLACK,
  isTapLike,
  nothingScrolls,
  UNKNOWN_FIELD,
  insideScrolling,
  scrollDelta,
  reachedByScroll,
  scrolledBy,
  tappedLabel,
} from './walk-view.js';
import { appOfPage, enterNode } from './walk-position.js';
import { contains } from '../../../shared/domain/ui-tree.js';
import { toPixels } from '../geometry/coordinates.js';
import { switchedBack } from './walk-switch.js';
import type { KeypadPress } from './walk-keypad.js';
import { keypadPressed } from './walk-keypad.js';
import { impliedBySibling, leftWith, leftWithImplied } from './walk-implied.js';
import type { TabBar } from './walk-tabs.js';
import { recordedTabPress, tabDestination } from './walk-tabs.js';
import type { WalkHow } from './walk-candidate.js';
import type { WalkMove } from './walk-step.js';
import { explained, refused, unrecorded } from './walk-step.js';
import type { Excursion } from './walk-excursion.js';
import { onExcursion, opened } from './walk-excursion.js';
import type { AppPage } from './walk-app-pages.js';
import { abroadStep, besideTheGoal, opensAhead, opensTheGoalsKind, ownGoalThere, ownNodeThere } from './walk-abroad.js';
import type { InnerWalk } from './walk-abroad.js';
import { WalkState } from './walk-state.js';
import type { CountStepper } from './walk-count.js';
/**
 * What each kind of move the walk's rules find does to its state (walk-state.ts): a recorded edge taken by a rule, a
 * switch flipped back, a count stepped, a keypad's key, a picker's other option, a scroll, a page no demonstration recorded (an
 * excursion), another tab, another task's recorded page. The rules themselves are walk-rules.ts WalkRules'.
 */

export abstract class WalkTravels extends WalkState {
  /** Takes an operational action (walk.ts GraphWalker). */
  abstract act(action: Action): WalkMove;
  /** What an action does where the walk stands, found by the rules in order (walk-rules.ts WalkRules). */
  protected abstract move(action: Action, screen: { width: number; height: number }, relabelled?: string | null): WalkMove;
  /** A walk of another task's graph, standing at `at` (walk-abroad.ts: the page another task recorded). */
  protected abstract walkThere(graph: TaskGraph, at: Position): InnerWalk;

  /** A recorded edge taken by a rule of its own (`how`), for the reason given: applied as the edge is. */
  protected take(edge: GraphEdge, how: WalkHow, reason: string, action: Action, from: Position, nearest: WalkMove['nearest']): WalkMove {
    const move: Candidate = { edge, result: { matched: true, distancePx: null, similarity: null, rule: null, reason }, how };
    this.apply(move, action, from);
    return { taken: { edge, result: move.result, how }, nearest };
  }

  /** A press on a count's stepper that only another task's recording shows (walk-count.ts): the page stays. */
  protected pressCount(stepper: CountStepper, nearest: WalkMove['nearest']): WalkMove {
    const pressed = this.counts.press(this.pos.page, stepper);
    const seen = `as ${stepper.recordedBy}'s recording shows it on a page laid out as this one, from ${stepper.start}`;
    if (pressed === null)
      return refused(
        `a stepper no demonstration of this task pressed, at a value no recording pressed it at (${stepper.count}): what it does there, no recording shows`,
        nearest,
      );
    const { now, changed } = pressed;
    if (!changed)
      return unrecorded('still', `${stepper.count} holds at ${now}, the least it takes (${seen}): the press changes nothing`, nearest, 0);
    this.viaGoal = new Set();
    return unrecorded(
      'own-value',
      `a stepper no demonstration of this task pressed: ${stepper.count} now ${now} (${seen}); the page stays`,
      nearest,
      0,
    );
  }

  /** A switch flipped back (walk-switch.ts): the path's record shows what the switch showed before it was flipped. */
  protected switchBack(flipped: GraphEdge, from: Position, nearest: WalkMove['nearest']): WalkMove {
    const { next, shown } = switchedBack(this.model, this.opts.textThreshold, flipped, from, this.content, this.set);
    for (const [k, v] of shown) this.content.set(k, v);
    this.navigate(next);
    this.viaGoal = new Set();
    this.goalsTaken.clear();
    this.goalItems.undone();
    const reason = 'the switch a recorded tap flipped, tapped again: it flips back, the page as it was before that tap';
    return unrecorded('switch-back', reason, nearest, 0);
  }

  /** A keypad's key no demonstration pressed, or its erase key (walk-keypad.ts): the number it builds, one character longer or shorter. */
  protected pressKeypad(press: KeypadPress, from: Position, nearest: WalkMove['nearest']): WalkMove {
    this.moveTo(keypadPressed(this.model, this.opts.textThreshold, press, from));
    this.content.set(press.key, press.value);
    this.set.add(press.key);
    this.viaGoal = new Set();
    return unrecorded('keypad', `a key of the keypad the demonstrations dialled on: the number is "${press.value}"`, nearest, 0);
  }

  /** Another option of a picker (walk-pick.ts): where the demonstrated option led, its value unknown until one they chose is picked. */
  protected pickOther(pick: OtherPick, action: Action, from: Position, nearest: WalkMove['nearest']): WalkMove {
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
  protected scroll(action: Action, delta: number, nearest: WalkMove['nearest']): WalkMove {
    if (nothingScrolls(this.screens())) {
      const reason = 'a scroll where nothing on the screen scrolls: nothing moves';
      return unrecorded('scroll', reason, nearest);
    }
    const here = this.pos.nodes.size > 0 ? this.pos.nodes : new Set([this.pos.near]);
    // A fling carries the list on by as much as the phone decides (walk-scroll-travel.ts): where it stands, no screen says.
    const travel = scrollTravel(action) ?? Math.sign(delta) * UNKNOWN_SCROLL;
    const byScroll = reachedByScroll(this.model.pageOf, this.graph.edges, this.pos.page, here);
    const next = scrolledBy(this.scrolled, travel, !byScroll || this.launchedAtTop === this.pos.page);
    // Down past where the screens show the list going, the phone's list may have ended: where it stands, no screen says.
    this.scrolled = travel > 0 && pastWhatScreensShow(next, this.screens(), graphScreen(this.graph as TaskGraph)) ? UNKNOWN_SCROLL : next;
    const reason =
      Math.abs(this.scrolled) > SCROLL_SLACK
        ? 'a scroll: the page stays as it was, scrolled'
        : 'a scroll back: the page shows what its screen shows';
    return unrecorded('scroll', reason, nearest);
  }

  /** A tap on a control its screen shows selected already (the tab the page is on): the page stays as it is. */
  protected still(nearest: WalkMove['nearest']): WalkMove {
    const reason = 'a tap on what the screen shows selected already (the tab it is on): nothing changes';
    return unrecorded('still', reason, nearest, 0);
  }

  /** A tap in a field no demonstration typed in (a search box): it takes the focus and the keyboard shows; the page stays. */
  protected focusUnknownField(nearest: WalkMove['nearest']): WalkMove {
    this.moveTo({ ...this.pos, focus: UNKNOWN_FIELD, keyboard: true });
    const reason =
      'a tap in a field no demonstration typed in: it takes the focus, the page stays (what is typed there, no demonstration saw)';
    return unrecorded('focus', reason, nearest, 0);
  }

  /**
   * On a page scrolled where no demonstration scrolled: a scroll moves it; a tap lands on what the recorded screen
   * showed that much further down, where it showed the scrolling list there (the list moved under the finger, it is
   * the same list); a tap past what the recorded screen showed, or another swipe, is off the graph.
   */
  protected onScrolledPage(action: Action): WalkMove {
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
  protected returnFromExcursion(action: Action): WalkMove {
    const screen = graphScreen(this.graph as TaskGraph);
    const away = this.away!;
    const step = onExcursion(
      away,
      action,
      screen,
      (a) => this.backControl(a, this.model.byId.keys(), 'up') || this.onAppsUpArrow(a),
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
    // Except an inquiry's look left by a row of its page (walk-excursion.ts `look`): it stands.
    this.moveTo(step.pressed ? leftWith(this.model, this.opts.textThreshold, this.pos, step.pressed) : this.pos);
    this.viaGoal = away.look && !step.pressed ? new Set(away.look) : new Set();
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
  protected toTab(bar: TabBar, label: string, action: Action, nearest: WalkMove['nearest']): WalkMove {
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
  protected goAbroad(there: AppPage, label: string, pressed: Excursion['pressed'], nearest: WalkMove['nearest']): WalkMove {
    const model = pageModel(there.graph);
    const walk = this.walkThere(
      there.graph,
      enterNode(model, there.edge.to, [there.edge.to], enterNode(model, there.from.id, [there.from.id], null)),
    );
    const inquiry = this.app?.inquiry(there.graph) ?? false;
    const home = model.pageOf.get(there.from.id) ?? '';
    this.abroad = { walk, graph: there.graph, home, edited: new Set(), nearest, pressed, press: there.edge, inquiry };
    this.lookedAhead =
      opensAhead(this.abroad) &&
      !besideTheGoal(this.model, this.pos.page, label, this.abroad) &&
      !opensTheGoalsKind(this.model, this.abroad);
    this.current = new Set();
    const reason = `"${label}" opens the page ${there.graph.taskId}'s demonstrations recorded: the walk looks there and comes back`;
    return this.intoOwnPage(reason) ?? unrecorded('app-page', reason, nearest);
  }

  /**
   * The other task's walk stands on a page this task recorded, showing the same (walk-abroad.ts ownNodeThere): the walk
   * goes on there on its own graph, come from where it stood when it went abroad — with nothing edited there, which
   * would be this task's to know.
   */
  protected intoOwnPage(reason: string): WalkMove | null {
    const a = this.abroad!;
    const node = a.edited.size === 0 ? ownNodeThere(a, this.graph.nodes) : null;
    if (node === null) return null;
    this.abroad = null;
    this.navigate(enterNode(this.model, node, [node], this.pos));
    this.viaGoal = new Set();
    return unrecorded('named-page', `${reason}; it is this task's own page, as recorded, showing the same`, null);
  }

  /**
   * The other task's goal pressed on its page, where it is this task's goal with what the path typed there
   * (walk-abroad.ts ownGoalThere): this task's goal action taken from its own page, the typed text in its field, come
   * from where the walk stood when it went abroad.
   */
  private ownGoalFrom(action: Action): WalkMove | null {
    const found = ownGoalThere(this.abroad!, this.model, this.graph.edges, action, this.opts);
    if (found === null) return null;
    const by = this.abroad!.graph.taskId;
    this.abroad = null;
    const at = enterNode(this.model, found.edge.from, [found.edge.from], this.pos);
    for (const [k, v] of found.typed) {
      at.content.set(k, v);
      this.content.set(k, v);
      this.set.add(k);
    }
    this.navigate(at);
    const reason = `${by}'s "${pressedLabel(found.goal)}" on its page lands where this task's is pressed: this task's goal, with what the path typed there`;
    return this.take(found.edge, 'edge', reason, action, this.pos, null);
  }

  /** An action on another task's recorded page: refused, taken there, or back where the walk stood (walk-abroad.ts). */
  protected actAbroad(action: Action): WalkMove {
    const a = this.abroad!;
    const goal = this.ownGoalFrom(action);
    if (goal) return goal;
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
  protected closePicker(): WalkMove {
    return explained(this.leavePage(), (r) => `the value the picker shows, tapped again: it closes, nothing changed (${r})`);
  }

  /**
   * A control that leaves the page as Back does (the Up arrow, a dialog's negative button, 取消): with the keyboard up
   * it still leaves, where the Back key would first hide the keyboard.
   */
  protected leavePage(): WalkMove {
    if (this.pos.keyboard) this.act({ type: 'Back' });
    return this.act({ type: 'Back' });
  }

  /** A tap on the Navigate-up arrow where other tasks' recordings of the app's pages show it (AppPages.upArrowsOf). */
  private onAppsUpArrow(action: Action): boolean {
    if (!this.app || !isTapLike(action)) return false;
    const screen = graphScreen(this.graph as TaskGraph);
    const p = toPixels(action.at, screen);
    return this.app.upArrowsOf(appOfPage(this.pos.page), screen).some((b) => contains(b, p.x, p.y));
  }

  protected backControl(action: Action, nodes: Iterable<string>, control: 'up' | 'dismiss' | 'cancel' | 'outside'): boolean {
    return onBackControl(this.model, graphScreen(this.graph as TaskGraph), action, nodes, control);
  }

  /**
   * A tap on a control that leaves the page as Back does: the app bar's Navigate-up arrow, a dialog's negative button, a
   * control labelled just 取消, a tap outside a dialog's or a menu's window. A form left so is discarded as by Back.
   */
  protected leavesAsBack(action: Action, pos: Position): boolean {
    return (
      this.backControl(action, pos.nodes.size > 0 ? pos.nodes : [pos.near], 'up') ||
      this.backControl(action, pos.nodes, 'dismiss') ||
      this.backControl(action, pos.nodes, 'cancel') ||
      this.backControl(action, pos.nodes, 'outside')
    );
  }
}
