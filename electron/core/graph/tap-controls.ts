import type { Bounds, ScreenSize, UiHierarchy, UiNode } from '../../../shared/domain/ui-node.js';
import type { TapOption } from '../../../shared/domain/task-graph.js';
import { contains, flattenUi, labelOf } from '../../../shared/domain/ui-tree.js';
import { escapeRegex, normalizeContent } from './content.js';
import { isEditField } from './widget-classes.js';

/**
 * What a demonstrated tap's screen says about the controls around it, so the walk can apply what the tap
 * does to taps no demonstration made: the other options of the group it chose from (with the labels a
 * chosen option then shows), and the control with the opposite sign of a stepper (−1 h / +1 h, − / +).
 */

/** An option group's options with their labels, normalized as content values are. */
export function labelledOptions(options: readonly UiNode[]): TapOption[] {
  const single = options.every((o) => o.checkable) && options.filter((o) => o.checked).length === 1;
  const current = (o: UiNode): boolean => (single ? o.checked : !o.checkable && o.selected);
  return options
    .filter((o) => o.bounds)
    .map((o) => ({
      bounds: o.bounds!,
      label: normalizeContent(labelOf(o)),
      ...(o.resourceId ? { id: o.resourceId } : {}),
      ...(current(o) ? { current: true as const } : {}),
    }));
}

const MINUS = /^[-−－–]/u;
const PLUS = /^[+＋]/u;
const TAIL_MINUS = /[-−－–]$/u;
const TAIL_PLUS = /[+＋]$/u;

/** The label with its sign turned over ("−1 h" → "+1 h", "−" → "+"), or null when it carries no sign. */
function mirroredLabel(label: string): RegExp | null {
  const t = label.trim();
  if (MINUS.test(t)) return new RegExp(`^[+＋]${escapeRegex(t.slice(1))}$`, 'u');
  if (PLUS.test(t)) return new RegExp(`^[-−－–]${escapeRegex(t.slice(1))}$`, 'u');
  if (TAIL_MINUS.test(t)) return new RegExp(`^${escapeRegex(t.slice(0, -1))}[+＋]$`, 'u');
  if (TAIL_PLUS.test(t)) return new RegExp(`^${escapeRegex(t.slice(0, -1))}[-−－–]$`, 'u');
  return null;
}

const ID_PAIRS: [RegExp, string][] = [
  [/(^|[_/])down$/i, '$1up'],
  [/(^|[_/])up$/i, '$1down'],
  [/minus/i, 'plus'],
  [/plus/i, 'minus'],
  [/decrease/i, 'increase'],
  [/increase/i, 'decrease'],
  [/decrement/i, 'increment'],
  [/increment/i, 'decrement'],
];

/** The resource id with its direction turned over (hour_down → hour_up, qty_minus → qty_plus), or null. */
function mirroredId(id: string): string | null {
  for (const [re, to] of ID_PAIRS) if (re.test(id)) return id.replace(re, to);
  return null;
}

const centre = (b: Bounds): { x: number; y: number } => ({ x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 });

/**
 * The control that undoes the tapped one: a clickable with the mirrored sign in its label or the mirrored
 * direction in its id, the nearest one when a list repeats it (each cart row has its own + and −).
 */
export function mirrorControl(ui: UiHierarchy, x: number, y: number): Bounds | null {
  const all = flattenUi(ui);
  const clickable = all.filter((n) => n.bounds && (n.clickable || n.longClickable) && contains(n.bounds, x, y));
  // The smallest clickable under the point is what the person tapped.
  const tapped = clickable.sort((a, b) => area(a.bounds!) - area(b.bounds!))[0];
  if (!tapped) return null;
  const byLabel = mirroredLabel(labelOf(tapped));
  const byId = tapped.resourceId ? mirroredId(tapped.resourceId) : null;
  if (!byLabel && !byId) return null;
  const at = centre(tapped.bounds!);
  let best: { b: Bounds; d: number } | null = null;
  for (const n of all) {
    if (!n.bounds || n === tapped || !(n.clickable || n.longClickable)) continue;
    if (!((byLabel && byLabel.test(labelOf(n).trim())) || (byId && n.resourceId === byId))) continue;
    const c = centre(n.bounds);
    const d = Math.hypot(c.x - at.x, c.y - at.y);
    if (!best || d < best.d) best = { b: n.bounds, d };
  }
  return best?.b ?? null;
}

const area = (b: Bounds): number => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);

/** The content description Android gives the app bar's Navigate-up arrow (English, Chinese). */
const NAVIGATE_UP = /^(navigate up|转到上一层级|向上导航)$/i;

/** Whether a tapped element is the app bar's Navigate-up arrow (by its content description). */
export const isUpArrow = (t: { contentDesc: string } | null | undefined): boolean => !!t && NAVIGATE_UP.test(t.contentDesc.trim());

/** Whether a tapped element is a dialog's negative button (`android:id/button2`, see dismissButton). */
export const isDismissButton = (t: { resourceId: string } | null | undefined): boolean => t?.resourceId === 'android:id/button2';

/** The app bar's Navigate-up arrow, if the screen shows one: tapping it goes back as Back does. */
export function upArrow(ui: UiHierarchy): Bounds | null {
  const hit = flattenUi(ui).find((n) => n.bounds && (n.clickable || n.longClickable) && isUpArrow(n));
  return hit?.bounds ?? null;
}

/**
 * A dialog's negative button (`android:id/button2`: 取消, 再想想, Cancel), if the screen shows one: by the platform's
 * convention it dismisses the dialog and does nothing else, as Back does (the positive button, button1, does the
 * dialog's action; what a neutral one does, no convention says).
 */
export function dismissButton(ui: UiHierarchy): Bounds | null {
  const hit = flattenUi(ui).find((n) => n.bounds && n.clickable && isDismissButton(n));
  return hit?.bounds ?? null;
}

/**
 * Where the screen scrolls: the bounds of its scrolling containers (a list that overflows). Empty when nothing
 * on it scrolls: a swipe there moves nothing, and outside these bounds a scroll moves nothing either (the app
 * bar and the tab bar stay where they are).
 */
export function scrollAreas(ui: UiHierarchy): Bounds[] {
  return flattenUi(ui)
    .filter((n) => n.scrollable && n.bounds)
    .map((n) => n.bounds!);
}

/**
 * Controls that are already what a tap would make them: a selected tab or option (tapping 首页 on the home
 * tab, or the chosen size again, changes nothing). Only selected, clickable, not checkable ones: a switch or a
 * check box is toggled by a tap whatever it shows.
 */
export function stillControls(ui: UiHierarchy): Bounds[] {
  return flattenUi(ui)
    .filter((n) => n.bounds && n.selected && n.clickable && !n.checkable)
    .map((n) => n.bounds!);
}

/**
 * The labelled controls of a screen (what a tap there hits, by what it says), smallest first: where a page's
 * layout moves between its states (a row shown once an option is chosen), the walk finds a control by its label.
 */
export function labelledControls(ui: UiHierarchy): TapOption[] {
  return flattenUi(ui)
    .filter((n) => n.bounds && (n.clickable || n.longClickable) && labelOf(n).trim() !== '')
    .sort((a, b) => area(a.bounds!) - area(b.bounds!))
    .map((n) => ({ bounds: n.bounds!, label: normalizeContent(labelOf(n)) }));
}

/**
 * Where a long press does something of its own on a screen (long-clickable elements). Elsewhere, on an element that
 * takes a tap, Android's long press ends as a tap: a view with no long-click handler performs its click on release.
 */
export function longPressableAreas(ui: UiHierarchy): Bounds[] {
  return flattenUi(ui)
    .filter((n) => n.bounds && n.longClickable)
    .map((n) => n.bounds!);
}

/** The window of a dialog or a menu up on a screen (the dump's root smaller than the screen), or null. */
export function smallWindow(ui: UiHierarchy, screen: ScreenSize): Bounds | null {
  const r = ui.roots.find(
    (x) => x.bounds && !(x.bounds.left <= 0 && x.bounds.top <= 0 && x.bounds.right >= screen.width && x.bounds.bottom >= screen.height),
  );
  return r?.bounds ?? null;
}

/** The platform's bars an app's window draws behind: a tap there presses the system's keys (◀ ● ■) or opens the shade. */
const SYSTEM_BARS: ReadonlySet<string> = new Set(['android:id/navigationBarBackground', 'android:id/statusBarBackground']);

/**
 * Where a tap acts at all on a screen: the bounds of every element that takes a tap (clickable, long-clickable,
 * checkable, or a text field), labelled or not, and the system bars (their keys are not in an app's dump). Elsewhere a
 * tap lands on nothing and nothing happens (a label, a picture, the blank part of a page or of a dialog; outside a
 * dialog's or a menu's window a tap closes it: see smallWindow). Null for an empty dump.
 */
export function pressableAreas(ui: UiHierarchy): Bounds[] | null {
  if (ui.roots.length === 0) return null;
  return flattenUi(ui)
    .filter((n) => n.bounds && (n.clickable || n.longClickable || n.checkable || isEditField(n) || SYSTEM_BARS.has(n.resourceId)))
    .map((n) => n.bounds!);
}

/** A switch, a check box or a toggle button: checkable, a tap flips it on or off. */
const isSwitch = (n: UiNode): boolean => n.checkable && /Switch|CheckBox|Toggle/.test(n.className);

/** Sliders and switches of a screen (a SeekBar, a Switch, a check box): a tap changes their own value, the page stays. */
export function toggleControls(ui: UiHierarchy): Bounds[] {
  return flattenUi(ui)
    .filter((n) => n.bounds && n.enabled && (/SeekBar|Slider/.test(n.className) || isSwitch(n)))
    .map((n) => n.bounds!);
}

/** The switches a screen shows off (not checked): tapped, each turns on. */
export function switchesOff(ui: UiHierarchy): Bounds[] {
  return flattenUi(ui)
    .filter((n) => n.bounds && n.enabled && isSwitch(n) && !n.checked)
    .map((n) => n.bounds!);
}

/** Editable fields of a screen (a search box): a tap there focuses the field, and the page stays. */
export function inputFields(ui: UiHierarchy): Bounds[] {
  return flattenUi(ui)
    .filter((n) => n.bounds && n.enabled && isEditField(n))
    .map((n) => n.bounds!);
}

/** A slider (SeekBar) under a tap: a tap on it sets the value where it lands along it, not one fixed value. */
export function sliderAt(ui: UiHierarchy, x: number, y: number): Bounds | null {
  const hit = flattenUi(ui).find((n) => n.bounds && /SeekBar|Slider/.test(n.className) && contains(n.bounds, x, y));
  return hit?.bounds ?? null;
}
