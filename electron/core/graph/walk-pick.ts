import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode, TapOption } from '../../../shared/domain/task-graph.js';
import { contains, sameBounds } from '../../../shared/domain/ui-tree.js';
import { toPixels } from '../geometry/coordinates.js';
import { isChoiceKey } from './content-keys.js';
import { normalizeContent } from './content.js';
import type { MatchOptions } from './match.js';
import { matchEdge, pressedLabel } from './match.js';
import type { PageModel } from './page-model.js';
import { contentOf, isEdit } from './page-model.js';
import { tappedLabel } from './walk-view.js';

/**
 * A picker: a dialog of single-choice options (checkable, the current one checked) opened from a page, closed by the
 * option tapped back to that page, the value it set shown nowhere (the browser's text size: 100%, 125%, 150% …). Another option than a demonstration's closes it the
 * same way, with a value no demonstration saw: the walk goes where the demonstrated option went, but that value is
 * unknown until the picker is opened again and a demonstrated option chosen (a larger size first, then the asked
 * one). Not a dialog whose option leads on to another page (a contact to call): what that does, no one saw.
 */
export interface OtherPick {
  /** The demonstrated option's edge: where the tap leads. */
  edge: GraphEdge;
  /** The option tapped instead. */
  label: string;
}

export function otherPick(m: PageModel, action: Action, out: readonly GraphEdge[], opts: MatchOptions): OtherPick | null {
  if (action.type !== 'Tap') return null;
  for (const e of out) {
    if (!e.group || (e.effects?.length ?? 0) > 0 || !isPicker(m, e)) continue;
    const p = toPixels(action.at, e.screen);
    const hit = e.group.find((o) => contains(o.bounds, p.x, p.y));
    // Not the demonstrated option, nor one another recorded tap of the picker pressed (that edge takes it).
    if (!hit || (e.target && contains(hit.bounds, ...centre(e.target.bounds)))) continue;
    if (out.some((o) => o.group && matchEdge(action, o, opts).matched)) return null;
    return { edge: e, label: hit.label };
  }
  return null;
}

/**
 * The same item listed twice in one group: a tap on an option with the demonstrated option's label but another
 * resource id (the song 甜蜜蜜 in the list, where a demonstration tapped it as the daily pick) does what the
 * demonstrated tap did. Two options of one kind with one label (two contacts named 王丽) may be two items: not taken.
 */
export function sameItem(action: Action, out: readonly GraphEdge[]): OtherPick | null {
  if (action.type !== 'Tap') return null;
  for (const e of out) {
    if (!e.group || !e.target) continue;
    const p = toPixels(action.at, e.screen);
    const hit = e.group.find((o) => contains(o.bounds, p.x, p.y));
    const shown = e.group.find((o) => contains(o.bounds, ...centre(e.target!.bounds)));
    if (!hit || !shown || hit === shown || hit.label === '' || hit.label !== shown.label) continue;
    if (hit.id && shown.id && hit.id !== shown.id) return { edge: e, label: hit.label };
  }
  return null;
}

/**
 * An item of a free choice, listed under another choice of the same page: a demonstration chose freely from a list
 * (any article of the news app's 健康 tab, marked as a free choice) and the same item — by its label — is tapped where
 * another tab of that page lists it too (推荐 shows 秋季养生 as well). It is an item of the list the demonstration chose
 * from: the tap goes where the free choice went, and the choice that brought the list up (the tab) counts as it stood
 * when the demonstration chose, for the list's items are what that choice was for. Not an item the free-choice list
 * does not show (a sports headline under 推荐): what it opens, no demonstration saw.
 */
export interface FreeItem {
  /** The free-choice edge: where the item leads. */
  edge: GraphEdge;
  /** The page's choices as they stood where the demonstration chose (content key → value). */
  choices: Map<string, string>;
}

export function freeItemElsewhere(
  m: PageModel,
  label: string | null,
  action: Action,
  page: string,
  here: ReadonlySet<string>,
): FreeItem | null {
  if (action.type !== 'Tap' || label === null || [...label].length < 2) return null;
  for (const e of m.leavingOf.get(page) ?? []) {
    if (!e.choice || !e.group || e.action.type !== 'Tap' || here.has(e.from)) continue;
    // One of the options the mark named (any of the list, or the ones it listed), by its label.
    const marked = e.group.filter((o) => e.choice!.options.some((c) => sameBounds(c, o.bounds)));
    if (!marked.some((o) => normalizeContent(o.label) === label)) continue;
    return { edge: e, choices: listChoices(m, e, marked) };
  }
  return null;
}

/**
 * The choices that brought the free list up: what a recorded edit of the page set on its way to where the demonstration
 * chose — the key that took the tapped control's label — where the screen before that edit did not show the list (the
 * 健康 tab replaced 推荐's headlines). A choice that
 * left the list as it was (a seat chosen beside a list of trains) is the path's own and stays as the path left it.
 */
function listChoices(m: PageModel, free: GraphEdge, marked: readonly { label: string }[]): Map<string, string> {
  const out = new Map<string, string>();
  const at = contentOf(m.byId.get(free.from));
  for (const p of m.leavingOf.get(m.pageOf.get(free.from) ?? '') ?? []) {
    if (p.to !== free.from || p.from === free.from || !isEdit(m, p)) continue;
    const before = new Set((m.byId.get(p.from)?.controls ?? []).map((c) => normalizeContent(c.label)));
    if (marked.every((o) => before.has(normalizeContent(o.label)))) continue;
    // Only the choice the tap made: the key that took the tapped control's label (not others its screen renamed).
    const tapped = p.action.type === 'Tap' ? normalizeContent(tappedLabel(p, p.action)) : '';
    for (const { key, value } of p.effects ?? [])
      if (isChoiceKey(key) && tapped !== '' && normalizeContent(value) === tapped && at[key] === value) out.set(key, value);
  }
  return out;
}

/**
 * Whether a recorded tap on a row of the list under the finger kept the page (a font size chosen among 标准, 大, 超大):
 * there the row shown selected, tapped, changes nothing. Where none did (the weather's city list, whose rows choose a
 * city and close it), a selected row tapped is chosen again, and what shows then no demonstration saw.
 */
export function rowsKeepPage(m: PageModel, page: string, action: Action): boolean {
  if (action.type !== 'Tap') return false;
  return (m.leavingOf.get(page) ?? []).some((e) => {
    const p = toPixels(action.at, e.screen);
    return (e.options ?? e.group ?? []).some((o) => contains(o.bounds, p.x, p.y)) && m.pageOf.get(e.to) === page;
  });
}

/**
 * The option a picker shows as its value (checked in the text-size dialog, the city shown selected in the weather's city
 * list), tapped again: on a phone it closes the picker as any option does, back to the page that opened it, and nothing
 * changes. Returns the demonstrated pick it closes like, or null. Only where every recorded pick from here saw that
 * option as the value (the caller knows the path picked nothing here since: then the screen shows another value than
 * its recording), and not on a bar that stays on the page the tap leads to (a tab bar: its selected tab stays put).
 */
export function currentOptionAgain(m: PageModel, action: Action, out: readonly GraphEdge[]): GraphEdge | null {
  if (action.type !== 'Tap') return null;
  let found: GraphEdge | null = null;
  for (const e of out) {
    if (!e.group) continue;
    const p = toPixels(action.at, e.screen);
    const hit = e.group.find((o) => contains(o.bounds, p.x, p.y));
    if (!hit) continue;
    if (!isCurrent(hit, e.group) || !closesToOpener(m, e) || stillShownAfter(m, e)) return null;
    found ??= e;
  }
  return found;
}

/**
 * Whether the path picked, on any page, from options alike `group` (two or more labels in common: the news text size's
 * 小 / 标准 / 大 / 超大 in 设置 and in an article's 字体大小 dialog): the setting they show is the one the path set, so the
 * option a recording of `group` shows as current no longer is (held-out set R: 大 set in 设置, then 标准 tapped in the
 * article's dialog, read as its recorded value closing it — the size set back on the phone).
 */
export function pickedAlike(group: readonly TapOption[], picked: readonly (readonly TapOption[])[]): boolean {
  const labels = new Set(group.map((o) => o.label).filter((l) => l !== ''));
  return picked.some((g) => g.filter((o) => labels.has(o.label)).length >= 2);
}

/**
 * The current option, or the same item listed again under its label with another resource id (南京 saved at the top
 * and 南京 among all the cities; see sameItem).
 */
function isCurrent(hit: TapOption, group: readonly TapOption[]): boolean {
  if (hit.current) return true;
  const current = group.find((o) => o.current);
  return !!current && hit.label !== '' && hit.label === current.label && !!hit.id && !!current.id && hit.id !== current.id;
}

/** Whether the screen a pick led to still shows every option of its group (a bar of tabs, not a picker that closed). */
function stillShownAfter(m: PageModel, e: GraphEdge): boolean {
  const there = new Set((m.byId.get(e.to)?.controls ?? []).map((c) => c.label));
  return e.group!.every((o) => there.has(o.label));
}

/**
 * Whether the edge closed a picker back to the page that opened it: in a demonstration, the step before it was a tap
 * on that page that opened the picker (a toolbar button that opens the dialog is not itself an option of one).
 */
function closesBack(m: PageModel, e: GraphEdge): boolean {
  const back = m.pageOf.get(e.to);
  if (back === undefined || back === m.pageOf.get(e.from)) return false;
  return openedFrom(e, m.leavingOf.get(back) ?? []);
}

/** Whether the demonstration's step before the pick was one of `openers` into the picker (from another page). */
function openedFrom(e: GraphEdge, openers: Iterable<GraphEdge>): boolean {
  for (const o of openers) {
    if (o.to !== e.from || o.from === e.from) continue;
    if (e.uses.some(([d, t]) => o.uses.some(([od, ot]) => od === d && ot === t - 1))) return true;
  }
  return false;
}

/**
 * closesBack, or a picker of an activity of its own (the weather's city list) that closed back to the activity that
 * opened it, where that page shows the pick in its title (the weather's main page, titled by its city: another page) —
 * picked at once, or after steps inside the picker (the city searched for first).
 */
export function closesToOpener(m: PageModel, e: GraphEdge): boolean {
  if (closesBack(m, e)) return true;
  const activity = (id: string): string | undefined => m.byId.get(id)?.signature.activity;
  const back = activity(e.to);
  if (back === undefined || back === activity(e.from)) return false;
  // The demonstration's way into the picker: the step before the pick, or before the steps it took inside the picker's
  // own activity first (the city searched for, then picked from the results), came from the activity closed back to.
  const picker = activity(e.from);
  return e.uses.some(([d, t]) => {
    for (let k = t - 1; k >= 0; k--) {
      const before = m.stepOf.get(`${d}:${k}`);
      if (!before || activity(before.to) !== picker) return false;
      if (activity(before.from) === back) return true;
      if (activity(before.from) !== picker) return false;
    }
    return false;
  });
}

/**
 * Whether an edge is a demonstrated pick of the picker an earlier other option was picked from (its page): an option of
 * it, or — a picker of an activity of its own — any recorded way it closes back to its opener (the city searched for in
 * the weather's city list, then its result).
 */
export const pickedAgain = (m: PageModel, e: GraphEdge, page: string): boolean =>
  m.pageOf.get(e.from) === page && (e.singleChoice === true || showsCurrent(e) || closesToOpener(m, e));

/** A group that shows one of its options as the value (the city the weather shows, selected in its city list). */
const showsCurrent = (e: GraphEdge): boolean => (e.group ?? []).some((o) => o.current === true);

/**
 * Whether the edge is an option of a picker: single-choice options closed back to the page that opened them, or a
 * picker of an activity of its own whose group shows the value, closed back to the opener's activity, which shows the
 * pick in its title (the weather's city list: another city than the asked one, then 城市管理 again and the asked one).
 */
function isPicker(m: PageModel, e: GraphEdge): boolean {
  return (e.singleChoice === true && closesBack(m, e)) || (showsCurrent(e) && closesToOpener(m, e));
}

const centre = (b: { left: number; top: number; right: number; bottom: number }): [number, number] => [
  (b.left + b.right) / 2,
  (b.top + b.bottom) / 2,
];

/**
 * Another member of the group a goal action was pressed in, named as an action of the same kind (语音通话 beside the
 * demonstrated 视频通话: both 通话), among the page's own controls: it does what that kind does — a call placed — which no
 * Back takes back, so a tap on it is no look at another page, and the walk does not go on blind from it. A member named
 * otherwise (发消息 beside 视频通话), or an item of a list that scrolls (another search result, which shares the query's
 * words with the one opened: a look), stays a tap the graph does not know. Returns its label, or null.
 */
export function goalSibling(
  m: PageModel,
  action: Action,
  page: string,
  shown: readonly (GraphNode | undefined)[],
  screen: { width: number; height: number },
): string | null {
  if (action.type !== 'Tap') return null;
  const p = toPixels(action.at, screen);
  // Only the page's own controls: where the screens say nothing of what scrolls, or the tap is in a list, not.
  if (shown.some((n) => n?.scrolls === undefined || n.scrolls.some((s) => contains(s, p.x, p.y)))) return null;
  for (const e of m.leavingOf.get(page) ?? []) {
    if (!e.goal || !e.group || !e.target || contains(e.target.bounds, p.x, p.y)) continue;
    const hit = e.group.find((o) => contains(o.bounds, p.x, p.y));
    if (hit && (sameKind(hit.label, pressedLabel(e)) || sameList(m, e, hit))) return hit.label;
  }
  return null;
}

/**
 * An item of the list in a dialog the goal action chose from, no single choice (a list of targets: share to 女儿, 儿子,
 * 老伴): every item one resource id with the goal's, so each does what the goal's did, to another target (found by hand
 * set G: 儿子 tapped in the share dialog shared the photo to him and closed the dialog; the walk read it as a page
 * opened). Not a list of a page (the chats: another row opens another chat, a look). A dialog: its window, smaller than
 * the screen (tap-controls.ts smallWindow).
 */
function sameList(m: PageModel, e: GraphEdge, hit: TapOption): boolean {
  const inDialog = m.byId.get(e.from)?.window !== undefined;
  return (
    inDialog && !e.singleChoice && hit.id !== undefined && e.target?.resourceId === hit.id && (e.group ?? []).every((o) => o.id === hit.id)
  );
}

/** Two labels that share a word (two Chinese characters, or three letters): 语音通话 and 视频通话, not 老李 and 老年大学合唱团. */
export function sameKind(a: string, b: string): boolean {
  const words = (s: string): Set<string> => {
    const plain = normalizeContent(s).replace(/[\d\s\p{P}\p{S}]+/gu, ' ');
    const out = new Set<string>();
    for (const run of plain.match(/\p{Script=Han}+/gu) ?? []) for (let i = 0; i + 2 <= run.length; i++) out.add(run.slice(i, i + 2));
    for (const w of plain.match(/\p{L}{3,}/gu) ?? []) if (!/\p{Script=Han}/u.test(w)) out.add(w.toLowerCase());
    return out;
  };
  const mine = words(a);
  return mine.size > 0 && [...words(b)].some((w) => mine.has(w));
}
