import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { contains } from '../../../shared/domain/ui-tree.js';
import { toPixels } from '../geometry/coordinates.js';
import type { MatchOptions, MatchResult } from './match.js';
import { matchEdge, pressedLabel } from './match.js';
import type { PageModel } from './page-model.js';
import { contentOf, isEdit, loopAllows, loopShows, textAgrees, typedField, fieldInput, slotsOf, valueAgrees } from './page-model.js';
import { belowFloor, optionSets, optionValue, stepOf } from './control-values.js';
import { typedValue, filterDecides } from './typed-text.js';
import { normalizeContent, plainQuery } from './content.js';
import { numberAt } from './stepped-number.js';
import { isChoiceKey, isScrollKey } from './content-keys.js';
import { isSearchKey, isTextKey } from './goal-conditions.js';
import { pressedBack } from './walk-switch.js';
import { presetFilledField } from './walk-presets.js';
import { appOfPage } from './walk-position.js';
import type { Position } from './walk-position.js';
import type { Candidate } from './walk-candidate.js';
import { isTapLike } from './walk-view.js';

/**
 * The moves a walk makes beyond the edges out of where it stands (see walk.ts): what a page's recorded
 * actions do when applied with other content on the page, other options of a group, a stepper's mirror,
 * a recorded way off the page, Back.
 */

/**
 * Typing that is no recorded typing however alike the text. A search box lists what contains its query: another query
 * lists other results — a shorter one (京 for 北京) more, in other places (南京 where 北京 was); a longer one (哈尔滨市 for
 * 哈尔滨) fewer, maybe none (found by hand: 15 false accepts, the rows tapped where the recorded results were) — and a
 * query the app takes as typed where the walk folds it (plainQuery) is another text to it; a search that finds by
 * words (PageModel.fuzzySearch) lists for a query alike in words what it listed, but for a shorter one more. (The walk
 * takes another query as such: walk-view.ts searchQueryMove.) A number field's filter may make of the text a number no
 * demonstration saw (PageModel.numeric, filterDecides).
 */
function notTheRecordedText(
  m: PageModel,
  field: { key: string; value: string },
  base: string,
  action: Extract<Action, { type: 'Type' }>,
  value: string,
): boolean {
  if (m.numeric.has(field.key) && filterDecides(base, action.text, action.clear, fieldInput(m, field.key))) return true;
  if (!isSearchKey(field.key)) return false;
  if (!plainQuery(`${action.clear ? '' : base}${action.text}`)) return true;
  const typed = normalizeContent(value);
  const searched = normalizeContent(field.value);
  return typed !== searched && (!m.fuzzySearch.has(field.key) || searched.includes(typed));
}

/** A Type against a recorded Type: the text the field then holds against the text the demonstration's field held. */
export function typeMatch(
  m: PageModel,
  e: GraphEdge,
  action: Extract<Action, { type: 'Type' }>,
  pos: Position,
  opts: MatchOptions,
): MatchResult {
  const field = typedField(e);
  if (!field) return matchEdge(action, e, opts);
  const base = pos.content.get(field.key) ?? '';
  const value = typedValue(base, action.text, action.clear, fieldInput(m, field.key));
  const r = notTheRecordedText(m, field, base, action, value)
    ? { matched: false, similarity: 0, rule: null }
    : textAgrees(m, field.key, value, field.value, opts.textThreshold);
  const said = action.clear ? '' : base ? ` (typed after "${base}" already there)` : '';
  return {
    matched: r.matched,
    distancePx: null,
    similarity: r.similarity,
    rule: r.matched ? r.rule : null,
    reason: r.matched
      ? `the field holds "${value}"${r.rule === 'key-terms' ? ', with the key terms' : r.rule === 'same-numbers' ? ', the same numbers' : ''}`
      : `the field would hold "${value}"${said}, not like the demonstrated "${field.value}"`,
  };
}

/**
 * The option of an edge's group a tap landed in, when it is not the demonstrated one — where the screens the walk stands
 * on show the group there: a state of the page that shows another control in its place (the running timer's 暂停 where
 * its presets were: held-out set AC) takes the tap on that control, not on the option.
 */
function otherOption(
  m: PageModel,
  e: GraphEdge,
  action: Action,
  here: readonly string[],
): { option: string; key: string; value: string } | null {
  if (!e.options || !isTapLike(action)) return null;
  const p = toPixels(action.at, e.screen);
  const hit = e.options.find((o) => contains(o.bounds, p.x, p.y));
  if (!hit) return null;
  const under = (id: string) => m.byId.get(id)?.controls?.find((c) => contains(c.bounds, p.x, p.y))?.label;
  if (here.length > 0 && here.every((id) => (under(id) ?? hit.label) !== hit.label)) return null;
  // The value the demonstrated option set, and how (its label, or its number). A key its group appends to is no choice.
  for (const v of e.effects ?? []) {
    if (m.appends.has(v.key)) continue;
    const demonstrated = e.options.find((o) => optionSets(o.label, v.value) !== null);
    if (!demonstrated || demonstrated === hit) continue;
    const value = optionValue(optionSets(demonstrated.label, v.value)!, hit.label);
    return value === v.value ? null : { option: hit.label, key: v.key, value };
  }
  return null;
}

/** Whether a tap lands on an edge's mirror control (inside it, or within the tolerance of its centre). */
export function onMirror(e: GraphEdge, action: Action, opts: MatchOptions): number | null {
  if (!e.mirror || !isTapLike(action)) return null;
  const p = toPixels(action.at, e.screen);
  const b = e.mirror;
  const d = Math.hypot(p.x - (b.left + b.right) / 2, p.y - (b.top + b.bottom) / 2);
  return contains(b, p.x, p.y) || d <= opts.tapTolerancePx ? d : null;
}

const yes = (rule: MatchResult['rule'], reason: string, distancePx: number | null): MatchResult => ({
  matched: true,
  distancePx,
  similarity: null,
  rule,
  reason,
});

/**
 * Whether a recorded edit can be applied with the walk's content: a `set` edit only where each key it
 * changed holds what it held before the recorded tap (pressing 安装 again does not install twice).
 */
function applicable(m: PageModel, e: GraphEdge, pos: Position, opts: MatchOptions, setByPath: ReadonlySet<string>): boolean | 'refused' {
  const before = contentOf(m.byId.get(e.from));
  let refused = false;
  const multi = (e.effects?.length ?? 0) > 1;
  let done = 0;
  for (const v of e.effects ?? []) {
    if (e.action.type === 'Type') continue;
    // A keypad's key appends wherever it is pressed.
    if (m.appends.has(v.key)) continue;
    if (e.options?.some((o) => optionSets(o.label, v.value) !== null)) continue;
    const step = stepOf(m, e, v.key, v.value);
    const at = step && numberAt(v.key, pos.content.get(v.key), step.at);
    if (step !== null && at !== null) {
      if (belowFloor(m, v.key, at + step.by)) return false;
      continue;
    }
    const had = before[v.key];
    const now = pos.content.get(v.key);
    if (had === undefined || now === undefined) continue;
    if (valueAgrees(m, v.key, had, now, opts.textThreshold)) continue;
    // One key of an edit of several that the path set already with an action of its own (one row updated, then
    // 全部更新): the edit does the rest. Not a key that merely reads the same (a row another tab's screen does not show
    // reads '' too), nor an edit of one key (收藏 pressed again toggles it back on a phone), nor one with nothing left to do.
    if (multi && setByPath.has(v.key) && valueAgrees(m, v.key, v.value, now, opts.textThreshold)) {
      done++;
      continue;
    }
    // What choosing any option of a group also does (the start button shown), already done by choosing another.
    if (e.options?.length && valueAgrees(m, v.key, v.value, now, opts.textThreshold)) continue;
    // 发送 with nothing typed: the field the demonstration filled is empty, and the app does nothing.
    if (now === '' && had !== '' && isTextKey(v.key)) refused = true;
    else return false;
  }
  if (multi && done === e.effects!.length) return false;
  return refused ? 'refused' : true;
}

/**
 * Whether a recorded way off the page can be taken with the walk's content, and how many keys differ: only
 * where every key that differs from the node it left is set again further on (the font size row opens the
 * picker that sets it again). A form confirmed with another amount, a route started with another travel mode
 * or a quantity never stepped is not a recorded route, whatever the goal conditions say. A form confirmed
 * with a field the demonstration filled left empty is refused: apps do not submit it, the page stays.
 */
function exitWith(
  m: PageModel,
  e: GraphEdge,
  pos: Position,
  opts: MatchOptions,
  shown: boolean,
  unsubmitted: boolean,
  /** A tap or press: what it acts on is where the finger lands, so how far a list is scrolled counts (walk-view.ts). */
  positional: boolean,
): number | 'refused' | null {
  const had = contentOf(m.byId.get(e.from));
  let differs = 0;
  let empty = false;
  for (const k in had) {
    const now = pos.content.get(k);
    if (now === undefined || valueAgrees(m, k, had[k]!, now, opts.textThreshold)) continue;
    // Enter submits the field that has the focus, Back leaves the page: wherever a list of the page is scrolled.
    if (!positional && isScrollKey(k)) continue;
    // The control found by its label under the finger is there whatever the search box holds: a query is a means. And a
    // way off the page a demonstration took with the box empty is there with a query typed and not yet submitted (the
    // screen the walk stands on, recorded with the query typed, says what is under the finger: see sameControl) —
    // not once it is submitted, when the results stand there.
    // So too once the query was submitted where its results stand on a page of their own and the path came back: the page
    // shows its own controls with the query in the box (held-out set AW: 医院 searched, nothing found, Back, 医疗健康).
    if (isSearchKey(k) && (shown || (had[k] === '' && (unsubmitted || resultsElsewhere(m, pos.page))))) continue;
    // What the way off sets itself, as another route to the same state shows (a 热门目的地 shortcut sets 到达): whatever
    // the form held there before is overwritten (held-out set U: another task's shortcut 上海, Back, then this one's 北京).
    if (m.implied.get(e)?.has(k)) continue;
    if (now === '' && had[k] !== '') empty = true;
    else if (!setFurtherOn(m, e).has(k)) return null;
    differs++;
  }
  // A form confirmed with a field the demonstration filled left empty: the app refuses, nothing happens.
  return empty ? 'refused' : differs;
}

/** Whether every query the demonstrations submitted on this page listed its results on another page (a search page). */
function resultsElsewhere(m: PageModel, page: string): boolean {
  const submits = (m.leavingOf.get(page) ?? []).filter(
    (e) => e.action.type === 'Enter' || (e.action.type === 'Type' && e.action.submit === true),
  );
  return submits.length > 0 && submits.every((e) => m.pageOf.get(e.to) !== page);
}

const further = new WeakMap<GraphEdge, Set<string>>();
/** The content keys that edges reachable from where an edge leads set. */
function setFurtherOn(m: PageModel, e: GraphEdge): Set<string> {
  let keys = further.get(e);
  if (keys) return keys;
  keys = new Set<string>();
  const seen = new Set<string>([e.to]);
  const queue = [e.to];
  while (queue.length > 0) {
    for (const next of m.outOf.get(queue.pop()!) ?? []) {
      for (const v of next.effects ?? []) keys.add(v.key);
      if (!seen.has(next.to)) {
        seen.add(next.to);
        queue.push(next.to);
      }
    }
  }
  further.set(e, keys);
  return keys;
}

/** Step 2 of the walk: every move the page's recorded actions offer for this action. */
export function pageMoves(
  m: PageModel,
  action: Action,
  pos: Position,
  out: readonly GraphEdge[],
  opts: MatchOptions,
  record: ReadonlyMap<string, string>,
  /** Keys the path's own actions set (walk.ts), for an edit part of which the path made already. */
  setByPath: ReadonlySet<string> = new Set(),
  /** The label of the control under the finger, where the tap was moved to where a recorded screen showed it. */
  shown: string | null = null,
  /** A query typed and not yet submitted (walk.ts). */
  unsubmitted = false,
): Candidate[] {
  const cands: Candidate[] = [];
  const own = new Set(out);
  const leaving = m.leavingOf.get(pos.page) ?? [];
  // The screens the walk stands on, where another option of a group is looked for under the finger.
  const here = pos.nodes.size > 0 ? [...pos.nodes] : [pos.near];
  const typedByPreset = action.type === 'Type' ? presetFilledField(m, action, pos, leaving) : null;
  if (typedByPreset) cands.push(typedByPreset);
  for (const e of leaving) {
    if (!loopAllows(m, e, record, opts.textThreshold) && !(shown !== null && loopShows(m, e, shown))) continue;
    if (action.type === 'Type') {
      if (e.action.type !== 'Type' || !isEdit(m, e)) continue;
      const field = typedField(e);
      if (!field || (pos.focus !== null && field.key !== pos.focus)) continue;
      const r = typeMatch(m, e, action, pos, opts);
      if (!own.has(e)) cands.push({ edge: e, result: r, how: 'page-edit' });
      // Another text into a field the page takes typing in: the field holds it (a wrong amount, corrected later; a
      // message typed in two goes, 我 and then 到家了). Not where the demonstrations typed different texts and no key
      // terms judge the text at the end (a search query): any text would then pass for theirs.
      if (!r.matched && (!m.free.has(field.key) || (!isSearchKey(field.key) && slotsOf(m, field.key) !== undefined)))
        cands.push({
          edge: e,
          result: { ...r, matched: true, similarity: -1, rule: 'similar-text', reason: `${r.reason}; the field holds it, as on a phone` },
          how: 'retyped',
        });
      continue;
    }
    const edit = isEdit(m, e);
    // Another option of a group a recorded tap chose from (on this page or off it).
    const option = otherOption(m, e, action, here);
    if (option)
      cands.push({
        edge: e,
        result: yes('within-tolerance', `another option of the group: "${option.option}"`, 0),
        how: 'other-option',
        option: option.value,
        optionKey: option.key,
      });
    const mirror = onMirror(e, action, opts);
    if (
      mirror !== null &&
      edit &&
      e.effects?.some((v) => {
        const step = stepOf(m, e, v.key, v.value);
        const now = step && numberAt(v.key, pos.content.get(v.key), step.at);
        return step !== null && now !== null && !belowFloor(m, v.key, now - step.by);
      })
    )
      cands.push({ edge: e, result: yes('within-tolerance', 'the control that undoes the recorded step', mirror), how: 'stepper-mirror' });
    if (own.has(e)) continue;
    const r = matchEdge(action, e, opts);
    if (!r.matched) continue;
    if (edit) {
      // An option pressed where a demonstration found it selected already (a press that changed nothing there), on a page
      // where the path selected another: on a phone it selects this one again.
      const again = reselects(m, e, action, pos);
      if (again) {
        const reason = `${r.reason}; the option a demonstration pressed where it was selected already, selected again`;
        cands.push({ edge: e, result: { ...r, reason }, how: 'other-option', option: again.value, optionKey: again.key });
        continue;
      }
      const ok = applicable(m, e, pos, opts, setByPath);
      const back = ok === false ? pressedBack(m, e, pos.content) : null;
      if (ok === true) cands.push({ edge: e, result: r, how: 'page-edit' });
      else if (back) {
        const reason = `${r.reason}; the button shows what its recorded press made it show: pressed again, it goes back`;
        cands.push({ edge: e, result: { ...r, reason }, how: 'switch-back', undoes: back });
      } else if (ok === 'refused')
        cands.push({
          edge: e,
          result: { ...r, reason: `${r.reason}; a field the demonstration filled is empty: nothing happens` },
          how: 'refused',
        });
    } else {
      const differs = exitWith(m, e, pos, opts, shown !== null, unsubmitted, isTapLike(action));
      if (differs === 'refused')
        cands.push({
          edge: e,
          result: { ...r, reason: `${r.reason}; a field the demonstration filled is empty: the app refuses` },
          how: 'refused',
        });
      else if (differs !== null) cands.push({ edge: e, result: r, how: 'page-exit', differs });
    }
  }
  return cands;
}

/**
 * A recorded tap that changed nothing because the option it pressed was selected already (公交, the route page's
 * default mode): the choice key its page showed holding that option's label. Where the path holds another value there
 * (步行 chosen first), the press selects the option again: that key and value. Else null.
 */
function reselects(m: PageModel, e: GraphEdge, action: Action, pos: Position): { key: string; value: string } | null {
  if ((e.effects?.length ?? 0) > 0 || !isTapLike(action) || e.action.type !== 'Tap') return null;
  const label = normalizeContent(pressedLabel(e));
  if (label === '') return null;
  const shown = contentOf(m.byId.get(e.from));
  for (const [key, value] of Object.entries(shown)) {
    if (!isChoiceKey(key) || normalizeContent(value) !== label) continue;
    const now = pos.content.get(key);
    if (now !== undefined && normalizeContent(now) !== label) return { key, value };
  }
  return null;
}

/** Step 3: Back hides the keyboard if one is up, else returns to the page the walk came from, as it was left. */
export function backMove(
  pos: Position,
  nodesFor: (p: Position) => Set<string>,
  /** The home screen's page (the launcher the demonstrations started from), if any: Back from an app's first page goes there. */
  home: string | null = null,
): Candidate | null {
  const result = yes('same-action', '', null);
  if (pos.keyboard) {
    const to: Position = { ...pos, keyboard: false };
    to.nodes = nodesFor(to);
    return { edge: null, result: { ...result, reason: 'Back hides the keyboard' }, how: 'keyboard', to };
  }
  if (!pos.back) return null;
  // Back in another app than the page it was opened from: that app's own history decides where it leads (found by hand
  // set G: the dialer's 短信 opens Messages, whose Up shows its list, not the contact again). A recorded Back was taken;
  // Back from an app's first page to the home screen it was launched from leaves the app, as on any phone.
  if (appOfPage(pos.page) !== appOfPage(pos.back.page) && pos.back.page !== home) return null;
  // The page as the walk left it: its nodes too (a page's states that differ in nothing the walk tracks stay apart).
  const to: Position = { ...pos.back, content: new Map(pos.back.content), nodes: new Set(pos.back.nodes) };
  return { edge: null, result: { ...result, reason: 'Back returns to the page the walk came from' }, how: 'back', to };
}

/**
 * A tap inside an editable field of the screen the walk stands on focuses it: typing then goes there. The
 * field's place is the node's own observation (a suggestion row above it moves it between observations).
 */
export function focusMove(m: PageModel, action: Action, pos: Position, screen: { width: number; height: number }): Candidate | null {
  if (!isTapLike(action)) return null;
  const p = toPixels(action.at, screen);
  for (const id of pos.nodes.size > 0 ? pos.nodes : [pos.near])
    for (const [key, list] of Object.entries(m.byId.get(id)?.fields ?? {}))
      if (list.some((b) => contains(b, p.x, p.y)))
        return {
          edge: null,
          result: yes('inside-target', `inside the field ${key.slice(key.indexOf('§') + 1)}: it takes the typing`, 0),
          how: 'focus',
          to: { ...pos, focus: key, keyboard: true },
        };
  return null;
}
