import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode } from '../../../shared/domain/task-graph.js';
import type { MatchOptions } from './match.js';
import { pressedLabel } from './match.js';
import type { PageModel } from './page-model.js';
import { contentOf } from './page-model.js';
import { scrollKeyOf, valueOfElement } from './content-keys.js';
import type { AppPage, AppPages } from './walk-app-pages.js';
import { tapOnLabel } from './walk-controls.js';
import { commitsByExit } from './walk-discard.js';
import { pressedWayOff } from './walk-implied.js';
import type { KeypadPress } from './walk-keypad.js';
import { keypadPress } from './walk-keypad.js';
import type { Position } from './walk-position.js';
import { wayOffAsSiblingPage } from './walk-sibling-page.js';
import { itemPageByTap, namedPageEdges } from './walk-named.js';
import type { PressedOnPage } from './walk-opens.js';
import { rowsOpenOtherKind } from './walk-opens.js';
import type { OtherPick } from './walk-pick.js';
import { freeItemElsewhere, goalSibling, otherPick, sameItem } from './walk-pick.js';
import { pressedAgain } from './walk-pressed.js';
import { flippedBack, onFlippedSwitch, switchTurnedOn } from './walk-switch.js';
import type { TurnedControl } from './walk-turned.js';
import type { Toggle } from './walk-toggled.js';
import type { PresetFill } from './walk-preset.js';
import type { CountStepper } from './walk-count.js';
import { heldAtOne } from './walk-count.js';
import type { TabBar } from './walk-tabs.js';
import { sharedTabBars, tabPressed } from './walk-tabs.js';
import { inField, isTapLike, onChrome, onNothing, switchRowUnder, toggleUnder } from './walk-view.js';

/**
 * What an action no recorded move takes does where the walk stands, rule by rule in the order they are tried: the
 * first that knows it decides (walk.ts applies it). A tap that none knows opens a page no demonstration recorded (an
 * excursion) or, where another task's demonstrations pressed the same control, that task's page (abroad).
 */
export type UnknownTap =
  /** A switch a recorded tap flipped to get here, tapped again: it flips back (walk-switch.ts). */
  | { kind: 'switch-back'; edge: GraphEdge }
  /** A keypad's key no demonstration pressed, or its erase key (walk-keypad.ts). */
  | { kind: 'keypad'; press: KeypadPress }
  /**
   * The page stays: the control a recorded action pressed, pressed again where its value is set already (`still`); a
   * slider or a switch no demonstration moved (`own-value`: its own value changes; `onForm`, on a form committed by a
   * way off it: walk-toggled.ts).
   */
  | { kind: 'stays'; how: 'still' | 'own-value' | 'switch-on'; reason: string; toggle?: Toggle }
  /** A field no demonstration typed in: it takes the focus. */
  | { kind: 'field' }
  /** The stepper of a count no demonstration of the task pressed, as another task's recording shows it (walk-count.ts). */
  | { kind: 'count'; stepper: CountStepper }
  /** A preset no demonstration of the task pressed, filling a field as another task's recording shows (walk-preset.ts). */
  | { kind: 'preset'; fill: PresetFill }
  /**
   * The layout moved: the control under the finger, by its label, where a recorded action of the page pressed it —
   * a move of its own, tried again there (only a recorded move that presses that control counts; if none, on).
   */
  | { kind: 'moved'; pressed: Action; label: string | null }
  /**
   * A recorded edge taken for another tap: an item's own page opened where another list shows it (walk-named.ts); the
   * item a demonstration tapped where its group lists it again; an item of a list a demonstration chose from freely,
   * where another tab of the page lists it, with the choices that listed it (walk-pick.ts).
   */
  | {
      kind: 'take';
      edge: GraphEdge;
      how: 'named-page' | 'same-item' | 'free-item' | 'form-search';
      reason: string;
      choices?: ReadonlyMap<string, string>;
    }
  /** Tap vs long-press: the item a demonstration long-pressed here opens its own page when tapped. */
  | { kind: 'own-page'; node: string; reason: string }
  /** A tab no demonstration pressed here. */
  | { kind: 'tab'; bar: TabBar; label: string }
  /** Another option of a picker a demonstration chose from: it closes the same way, with a value no one saw. */
  | { kind: 'pick'; pick: OtherPick }
  /** Refused: not a tap (nothing more is known of it), or one of the goal action's siblings, which acts. */
  | { kind: 'refused'; reason: string | null }
  /** A page another task's demonstrations opened by pressing the same control (walk-abroad.ts). */
  | { kind: 'abroad'; there: AppPage; label: string; pressed: GraphEdge | null }
  /** A page no demonstration recorded; `pressed`: the recorded way off the page it pressed (walk-implied.ts). */
  | { kind: 'excursion'; pressed: GraphEdge | null };

/** What the rules read of the walk where it stands. */
export interface UnknownTapContext {
  model: PageModel;
  edges: readonly GraphEdge[];
  startNode: string;
  opts: MatchOptions;
  app: AppPages | null;
  graph: Parameters<AppPages['opened']>[0];
  action: Action;
  pos: Position;
  /** Recorded edges out of where the walk stands that its path may take. */
  out: readonly GraphEdge[];
  screen: { width: number; height: number };
  /** The recorded screens of where the walk stands. */
  screens: readonly (GraphNode | undefined)[];
  /** The label under the finger on the screen shown; the list item under it (null where no screen shows the list). */
  labelHere(): string | null;
  itemHere(): string | null;
  /** The path's value of a content key. */
  valueOf(key: string): string | undefined;
  /** Whether another query than the demonstration's was typed where it searched (walk-query.ts). */
  otherQuery: boolean;
  /** Back came from a page no demonstration recorded, and no recorded move has confirmed the page since (walk.ts). */
  unsureOfPage: boolean;
  /** What recorded taps on the page pressed, this task's and other tasks' (walk-opens.ts). */
  pressed(): PressedOnPage;
  /** The shortcut whose state the form's search under the finger reaches, the form holding what it sets (walk-form-search.ts). */
  searchedAs(): GraphEdge | null;
  /** How the control under the finger turns in place, as another task's recording shows, and where it is (walk-turned.ts). */
  turned(): { turn: TurnedControl; at: string } | null;
  /** The stepper of a count under the finger, as another task's recording shows it (walk-count.ts). */
  stepper(): CountStepper | null;
  /** The field a preset under the finger fills, as another task's recording shows its row filling it (walk-preset.ts). */
  preset(): PresetFill | null;
}

/** The rules, lazily, in order: walk.ts takes the first it can apply. */
export function* unknownTapRules(c: UnknownTapContext): Generator<UnknownTap> {
  const { model: m, action, pos, screen } = c;
  const flipped = pos.nodes.size > 0 ? flippedBack(m, c.edges, action, pos.nodes, screen) : null;
  if (flipped) return yield { kind: 'switch-back', edge: flipped };
  const press = keypadPress(m, c.labelHere(), pos.page, pos.content);
  if (press !== null) return yield { kind: 'keypad', press };
  const held = isTapLike(action) ? heldAtOne(m, action, pos, c.opts) : null;
  if (held !== null) {
    const reason = `${held} stands at 1, where the page opens it: the control that takes one away holds it there, the page stays`;
    return yield { kind: 'stays', how: 'still', reason };
  }
  if (pressedAgain(m, c.labelHere(), pos.page, c.valueOf, action, screen, c.opts.textThreshold)) {
    const reason =
      'the control a recorded action of the page pressed, pressed again where the screen still shows it: what it sets is set already';
    return yield { kind: 'stays', how: 'still', reason };
  }
  // Nothing that takes a tap under the finger (found by hand set G: a label tapped, then Back, was read as a page opened
  // and left, while on the phone Back left the page itself). Only on the recorded screens the walk stands on, with the
  // keyboard down there and on the path: the keyboard moves a page's controls (the tab bar rises above it). Not right
  // after Back from a page no one recorded: the tap that opened it may have acted in place, and Back left this page.
  const keyboardDown = !pos.keyboard && c.screens.every((n) => n?.keyboard !== true);
  if (pos.nodes.size > 0 && keyboardDown && !c.unsureOfPage && onNothing(c.screens, action, screen)) {
    const reason = 'nothing that takes a tap is there on the screen (a label, a picture, a blank part): nothing happens';
    return yield { kind: 'stays', how: 'still', reason };
  }
  if (inField(c.screens, action, screen)) return yield { kind: 'field' };
  // Not on another query's results, which list other things in other places than the screen shown (京 lists 南京
  // where the results for 北京 showed 北京).
  const label = c.labelHere();
  const listed = c.itemHere();
  // Only presses recorded with the list where the walk has it: a press recorded a swipe down (挂号网 at the top of the
  // store's list there) is no place of the label on the list at its top, where the search box stands (a graph grown from
  // exploration's routes: 挂号网 tapped on the list at its top was moved into the box).
  const scroll = scrollKeyOf(pos.page);
  const asScrolled = (e: GraphEdge): boolean => {
    const recorded = contentOf(m.byId.get(e.from))[scroll];
    return recorded === undefined || pos.content.get(scroll) === undefined || recorded === pos.content.get(scroll);
  };
  const pressed = listed === null || c.otherQuery ? null : tapOnLabel(listed, (m.leavingOf.get(pos.page) ?? []).filter(asScrolled), action);
  if (pressed) yield { kind: 'moved', pressed, label };
  const chrome = onChrome(c.screens, action, screen) ? { at: pos.nodes, screen } : null;
  const named = listed === null ? [] : namedPageEdges(m, listed, action, pos.page, chrome);
  const namedActivity = named.length > 0 ? (m.byId.get(named[0]!.to)?.signature.activity ?? '') : '';
  if (
    named.length > 0 &&
    !rowsOpenOtherKind(
      c.screens,
      action,
      screen,
      c.pressed(),
      namedActivity,
      named.flatMap((e) => (e.target ? [e.target.bounds] : [])),
    )
  ) {
    const reason = `"${listed}" opens its own page, as a demonstration's tap on it did elsewhere`;
    return yield { kind: 'take', edge: named[0]!, how: 'named-page', reason };
  }
  const own = listed === null ? null : itemPageByTap(m, listed, action, pos.page, c.startNode);
  if (own)
    return yield {
      kind: 'own-page',
      node: own,
      reason: `"${listed}" tapped opens its own page (a demonstration long-pressed it here, for its menu)`,
    };
  const tab = tabPressed(sharedTabBars(c.screens), action, screen);
  if (tab) return yield { kind: 'tab', bar: tab.bar, label: tab.label };
  // A slider or a switch under the finger, or a settings row that flips the switch it holds.
  const toggle = toggleUnder(c.screens, action, screen);
  const ownValue = toggle ?? switchRowUnder(c.screens, action, screen);
  if (ownValue !== null && !onFlippedSwitch(m, c.edges, action, c.screens, screen)) {
    const reason =
      toggle !== null
        ? 'a slider or a switch no demonstration moved: its own value changes, the page stays'
        : 'a row holding a switch, among rows of other kinds (a settings page): it flips its switch, the page stays';
    const on = switchTurnedOn(c.screens, c.edges, m.byId, ownValue);
    const how = on ? 'switch-on' : 'own-value';
    const said = on
      ? `${reason}; a switch the page shows off, on a page the goal action led to: it turns on a mode of what the goal made`
      : reason;
    return yield { kind: 'stays', how, reason: said, toggle: { bounds: ownValue, onForm: commitsByExit(m, pos.page) } };
  }
  // A control that turns in place, as another task's recording of the page shows (收藏网页 → 已收藏), or this task's of
  // the same control on another row (赞 老李 → 已赞 老李): a toggle too.
  const turned = isTapLike(action) ? c.turned() : null;
  if (turned !== null) {
    const { before, after, row } = turned.turn;
    const seen = row ? `as this task's recording shows the same control on ${row}'s row` : "as another task's recording of the page shows";
    const reason = `"${before}" turns in place (to "${after}", ${seen}): its own state changes, the page stays`;
    const otherItem = row && turned.turn.goal ? { otherItem: after } : {};
    return yield {
      kind: 'stays',
      how: 'own-value',
      reason,
      toggle: { bounds: turned.at, onForm: commitsByExit(m, pos.page), ...otherItem },
    };
  }
  const stepper = isTapLike(action) ? c.stepper() : null;
  if (stepper !== null) return yield { kind: 'count', stepper };
  const preset = isTapLike(action) ? c.preset() : null;
  if (preset !== null) return yield { kind: 'preset', fill: preset };
  const item = sameItem(action, c.out);
  if (item) {
    const reason = `"${item.label}" listed again in the group a demonstration tapped it in: the same item`;
    return yield { kind: 'take', edge: item.edge, how: 'same-item', reason };
  }
  const free = freeItemElsewhere(m, listed, action, pos.page, pos.nodes);
  if (free) {
    const reason = `"${listed}" is an item of the list a demonstration chose from freely, listed here too: the same item`;
    return yield { kind: 'take', edge: free.edge, how: 'free-item', reason, choices: free.choices };
  }
  const pick = otherPick(m, action, c.out, c.opts);
  if (pick) return yield { kind: 'pick', pick };
  if (!isTapLike(action)) return yield { kind: 'refused', reason: null };
  const sibling = goalSibling(m, action, pos.page, c.screens, screen);
  if (sibling !== null) {
    const reason = `"${sibling}" stands beside the goal action in its group: it does something of that kind, which Back does not take back`;
    return yield { kind: 'refused', reason };
  }
  const shortcut = c.searchedAs();
  if (shortcut) {
    const reason = `"${label}" searches with the form holding what the shortcut "${pressedLabel(shortcut)}" sets, as another task's recording shows the two reach one state: where that shortcut led`;
    return yield { kind: 'take', edge: shortcut, how: 'form-search', reason };
  }
  // A sibling page of this task's (another product's, laid out alike) recorded the press with the inputs the path's page
  // holds: where it led (walk-sibling-page.ts) — this task's own recording before another task's.
  const siblingWay = wayOffAsSiblingPage(m, c.edges, c.screens, valueOfElement(pos), action, c.opts);
  if (siblingWay) {
    const reason = `"${listed ?? label}" on a page laid out as one this task's demonstration pressed it on, holding what it held there: where it led`;
    return yield { kind: 'take', edge: siblingWay, how: 'same-item', reason };
  }
  const wayOff = pressedWayOff(m, c.opts, action, listed, pos.page);
  const there = listed === null || !c.app ? null : c.app.opened(c.graph, c.screens, action, listed, screen);
  if (there) return yield { kind: 'abroad', there, label: listed!, pressed: wayOff };
  yield { kind: 'excursion', pressed: wayOff };
}
