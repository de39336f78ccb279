import type { ContentValue, GoalCondition, GraphEdge, TaskGraph } from '../../../shared/domain/task-graph.js';
import type { Bounds } from '../../../shared/domain/ui-node.js';
import { dialNumber, escapeRegex, normalizeContent, numbersIn, sameNumbers, sliderValue } from './content.js';
import { isScrollKey, isTextKey } from './content-keys.js';
import { textMatches } from './match.js';
import type { GoalHints } from './text-slots.js';
import { fieldSlots, slotsVerdict } from './text-slots.js';
import { loweredTo } from './goal-direction.js';

/**
 * Goal conditions (essential states) of DONE nodes: what the path to a goal must have typed or chosen.
 * Derived from the demonstrations: a value is a condition when every demonstration of the task committed
 * it alike (typed it, chose it, or stepped a number to it) and it is not a free choice.
 * A confirmation text that appears on the goal screen and not on the screen before it is a `shown`
 * condition (offline the goal screen is the node itself, so it only binds online).
 * A key that changes nothing on screen (the volume keys: the level is not in the app's UI) is pressed
 * content: every demonstration pressed it, so the goal needs at least as many presses as the fewest of them.
 */

/** The record key under which presses of a hardware key are counted. */
export const pressKey = (key: string): string => `press|${key}`;

/** How many times a path pressed each key that left the state as it was (a self-loop edge). */
export function pressCounts(path: readonly GraphEdge[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const e of path)
    if (e.action.type === 'Key' && e.from === e.to) out.set(pressKey(e.action.key), (out.get(pressKey(e.action.key)) ?? 0) + 1);
  return out;
}

/**
 * A text field's key without the page it is on ("…ConversationActivity|*§text|EditText|…compose_message_text"):
 * the same field of one screen reached by two routes (a new conversation, the contact's thread) whose titles
 * differ. Goal conditions on a field only some routes' pages show are keyed so.
 */
export function fieldKey(key: string): string {
  const i = key.indexOf('|');
  const j = key.indexOf('§');
  return i < 0 || j < i ? key : `${key.slice(0, i)}|*${key.slice(j)}`;
}

const isFieldKey = (key: string): boolean => key.includes('|*§');

/** The values a record holds for a condition's key: its own, or every non-empty one of a field's keys. */
export function recordValues(record: ReadonlyMap<string, string>, key: string): string[] {
  if (!isFieldKey(key)) return record.has(key) ? [record.get(key)!] : [];
  const out: string[] = [];
  for (const [k, v] of record) if (v !== '' && isTextKey(k) && fieldKey(k) === key) out.push(v);
  return out;
}

/** Content a walk has committed so far: key → value (typed text as the agent typed it). */
export type ContentRecord = ReadonlyMap<string, string>;

const KIND: Record<ContentValue['kind'], GoalCondition['kind']> = { text: 'typed', choice: 'chosen', number: 'value', label: 'value' };

export { isTextKey } from './content-keys.js';

/**
 * Each demonstration's committed content: the last value its actions gave each content key. A field the
 * app empties after use (the message box after 发送) keeps the text it held: that text is what was sent.
 */
export function committedContent(path: readonly GraphEdge[]): Map<string, ContentValue> {
  const out = new Map<string, ContentValue>();
  for (const e of path)
    for (const v of e.effects ?? [])
      // Where a list stood scrolled is how the path got there, not what it did (scroll-depth.ts).
      if (!isScrollKey(v.key) && !(v.value === '' && isTextKey(v.key) && out.has(v.key))) out.set(v.key, v);
  return out;
}

/** A search box: typing into it is how a path finds something, not what the task asks for. */
const SEARCH_FIELD = /search|搜索|查找|搜/i;
/** Whether a content key (or its label) is a search box's. */
export const isSearchKey = (key: string, label = ''): boolean =>
  SEARCH_FIELD.test(key.slice(key.indexOf('§') + 1)) || SEARCH_FIELD.test(label);
/** An instruction that asks for the search itself makes its query part of the goal. */
const ASKS_TO_SEARCH = /搜|search|查找|查询/i;

/** A typed condition for a text key from what each demonstration committed to it, or null when they share nothing. */
function typedCondition(key: string, values: readonly ContentValue[], free: boolean, hints: GoalHints): Omit<GoalCondition, 'id'> | null {
  const label = values[0]!.label;
  if (isSearchKey(key, label) && !ASKS_TO_SEARCH.test(hints.instruction ?? '')) return null;
  const same = values.every((v) => v.value === values[0]!.value);
  const base = { kind: 'typed' as const, key, label, source: 'derived' as const };
  if (numbersIn(values[0]!.value).length > 0 && normalizeContent(values[0]!.value).replace(/[\d.,\s]/g, '') === '')
    return same && !free ? { ...base, expected: values[0]!.value, match: 'exact' } : null;
  // Free text: the task's own text check where it applies, else what every demonstration's text and the instruction
  // share decides; similarity only without either.
  const slots = fieldSlots(
    values.map((v) => v.value),
    hints,
  );
  const terms = slots
    ? { ...(slots.required.length ? { required: slots.required } : {}), ...(slots.forbidden.length ? { forbidden: slots.forbidden } : {}) }
    : {};
  if (same) return { ...base, expected: values[0]!.value, match: numbersIn(values[0]!.value).length > 0 ? 'exact' : 'fuzzy', ...terms };
  // The demonstrations typed different texts: the terms they share, never nothing when they share some.
  if (!slots?.required.length) return null;
  const shortest = [...values].sort((a, b) => [...a.value].length - [...b.value].length)[0]!;
  return { ...base, expected: shortest.value, match: 'fuzzy', ...terms };
}

export function deriveGoalConditions(
  graph: Pick<TaskGraph, 'nodes' | 'edges' | 'freeKeys'>,
  paths: ReadonlyMap<string, GraphEdge[][]>,
  hints: GoalHints = {},
): Map<string, GoalCondition[]> {
  const free = new Set(graph.freeKeys ?? []);
  const choices = allowedChoices(graph.edges);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  // The value a path's page showed before the path first set the key (a stepped count's start).
  const startOf = (path: readonly GraphEdge[], key: string): string | undefined => {
    const first = path.find((e) => e.effects?.some((v) => v.key === key));
    return first ? byId.get(first.from)?.signature.content?.[key] : undefined;
  };
  const out = new Map<string, GoalCondition[]>();
  // What every demonstration of the task committed alike: a value one path typed on its way (a search
  // query) while another path reached the goal without it is how that path went, not what the goal is.
  const allPaths = [...paths.values()].flat();
  const shared = conditionsFrom(allPaths, free, hints, () => true, true, choices, startOf);
  // Keys only some routes set (the message box of another app, presses where another route used the
  // screen): the demonstrations that reached a DONE node decide that node's conditions on them, so a
  // DONE node of its own route never goes without what its route committed.
  const everywhere = keysSetBy(allPaths);
  for (const [doneId, demoPaths] of paths) {
    if (demoPaths.length === 0) continue;
    const own = paths.size > 1 ? conditionsFrom(demoPaths, free, hints, (key) => !everywhere.has(key), false, choices, startOf) : [];
    const conditions = [...shared, ...own].map((c, i) => ({ ...c, id: `c${i + 1}` }));
    // A confirmation: a label on the goal screen that no screen before the goal action shows.
    const done = byId.get(doneId);
    const before = demoPaths.map((p) => byId.get(p.at(-1)?.from ?? ''));
    if (done && before.every((b) => b !== undefined)) {
      const earlier = new Set(before.flatMap((b) => b!.signature.anchors));
      const shown = done.signature.anchors.filter((a) => !earlier.has(a) && !a.includes('#')).slice(0, 2);
      for (const text of shown)
        conditions.push({
          id: `c${conditions.length + 1}`,
          kind: 'shown',
          key: '',
          label: text,
          expected: text,
          match: 'exact',
          source: 'derived',
        });
    }
    out.set(doneId, conditions);
  }
  return out;
}

/** Content keys (and pressed keys) every path sets. */
function keysSetBy(paths: readonly GraphEdge[][]): Set<string> {
  const sets = paths.map((p) => {
    const c = committedContent(p);
    return new Set([...[...c.keys()].filter((k) => c.get(k)!.value !== ''), ...pressCounts(p).keys()]);
  });
  return new Set([...(sets[0] ?? [])].filter((k) => sets.every((x) => x.has(k))));
}

/**
 * Commits with a text key that not every path set renamed to its field key (see fieldKey), where every path
 * set that field on some page: the message typed on the new-conversation page by one route and on the
 * contact's thread by another is one field's text.
 */
function byFields(commits: readonly Map<string, ContentValue>[]): Map<string, ContentValue>[] {
  const inAll = (keys: (c: Map<string, ContentValue>) => Iterable<string>): Set<string> => {
    const sets = commits.map((c) => new Set(keys(c)));
    return new Set([...(sets[0] ?? [])].filter((k) => sets.every((x) => x.has(k))));
  };
  const set = (c: Map<string, ContentValue>) => [...c.keys()].filter((k) => c.get(k)!.value !== '');
  const everyKey = inAll(set);
  const everyField = inAll((c) => set(c).filter(isTextKey).map(fieldKey));
  return commits.map((c) => {
    const out = new Map<string, ContentValue>();
    for (const [k, v] of c) {
      const f = fieldKey(k);
      if (!isTextKey(k) || everyKey.has(k) || !everyField.has(f) || v.value === '') out.set(k, v);
      else out.set(f, { ...v, key: f });
    }
    return out;
  });
}

/** The conditions a set of paths committed alike, on the keys `want` admits (ids are assigned by the caller). */
function conditionsFrom(
  paths: readonly GraphEdge[][],
  free: ReadonlySet<string>,
  hints: GoalHints,
  want: (key: string) => boolean,
  byField = false,
  choices: ReadonlyMap<string, readonly string[]> = new Map(),
  /** The value a path's page showed before the path first set a key. */
  startOf: (path: readonly GraphEdge[], key: string) => string | undefined = () => undefined,
): GoalCondition[] {
  const commits = byField ? byFields(paths.map(committedContent)) : paths.map(committedContent);
  const out: GoalCondition[] = [];
  const keys = [...new Set(commits.flatMap((c) => [...c.keys()]))].filter(want);
  for (const key of keys) {
    const values = commits.map((c) => c.get(key));
    if (values.some((v) => v === undefined || v.value === '')) continue;
    const all = values as ContentValue[];
    if (isTextKey(key)) {
      const c = typedCondition(key, all, free.has(key), hints);
      if (c) out.push({ id: `c${out.length + 1}`, ...c });
      continue;
    }
    if (free.has(key)) continue;
    const allowed = choices.get(key);
    if (allowed) {
      // Chosen where the demonstrations left a choice among some options (大 or 超大): any of those, never another.
      if (!all.every((v) => v.value === ANY_OPTION || allowed.includes(v.value))) continue;
      const expected = `^(${[...allowed, ANY_OPTION].map(escapeRegex).join('|')})$`;
      out.push({
        id: `c${out.length + 1}`,
        kind: KIND[all[0]!.kind],
        key,
        label: all[0]!.label,
        expected,
        match: 'regex',
        source: 'derived',
      });
      continue;
    }
    const lowered =
      hints.direction === 'less' && KIND[all[0]!.kind] === 'value'
        ? loweredTo(
            key,
            paths.map((p) => startOf(p, key)),
            all.map((v) => v.value),
          )
        : null;
    if (lowered !== null) {
      out.push({
        id: `c${out.length + 1}`,
        kind: 'value',
        key,
        label: all[0]!.label,
        expected: lowered,
        match: 'regex',
        source: 'derived',
      });
      continue;
    }
    if (!all.every((v) => v.value === all[0]!.value)) continue;
    const v = all[0]!;
    out.push({ id: `c${out.length + 1}`, kind: KIND[v.kind], key, label: v.label, expected: v.value, match: 'exact', source: 'derived' });
  }
  const presses = paths.map(pressCounts);
  for (const key of [...(presses[0]?.keys() ?? [])].filter(want)) {
    const fewest = Math.min(...presses.map((p) => p.get(key) ?? 0));
    if (fewest > 0)
      out.push({
        id: `c${out.length + 1}`,
        kind: 'pressed',
        key,
        label: key.slice('press|'.length),
        expected: String(fewest),
        match: 'exact',
        source: 'derived',
      });
  }
  return out;
}

/** A field for a phone number, by its label or hint (电话号码, 手机号, 收件人：姓名或号码, Phone number). */
const PHONE_FIELD = /电话|号码|手机号|phone|number|\btel\b/i;
export const namesPhoneField = (label: string): boolean => PHONE_FIELD.test(label);

/** Whether a value satisfies a condition. Numbers compare as numbers; an unreadable regex never holds. */
export function conditionHolds(c: GoalCondition, value: string | undefined, textThreshold: number): boolean {
  if (c.kind === 'pressed') return Number(value ?? 0) >= Number(c.expected);
  if (value === undefined) return false;
  // The terms decide a typed text when they require any; a forbidden term fails it whatever the match says.
  const terms = c.required?.length || c.forbidden?.length ? slotsVerdict(value, c) : null;
  if (terms !== null) return terms;
  // A phone number typed into a number field: the phone reads its digits, however they were spaced.
  if (c.kind === 'typed' && c.match === 'exact' && PHONE_FIELD.test(c.label ?? '') && dialNumber(c.expected) !== null)
    return dialNumber(value) === dialNumber(c.expected);
  if (c.match === 'regex') {
    try {
      return new RegExp(c.expected, 'u').test(value);
    } catch {
      return false;
    }
  }
  if (c.match === 'fuzzy') return textMatches(value, c.expected, textThreshold).matched;
  const want = numbersIn(c.expected);
  if (want.length > 0 && normalizeContent(c.expected).replace(/[\d.,\s]/g, '') === '') {
    return sameNumbers(numbersIn(value), want);
  }
  return normalizeContent(value) === normalizeContent(c.expected);
}

/**
 * The conditions a walk's record leaves unmet. `shown` conditions are about the screen, which an
 * offline walk stands on by construction; they are checked online only (pass `screenTexts` there).
 */
export function unmetConditions(
  conditions: readonly GoalCondition[] | undefined,
  record: ContentRecord,
  textThreshold: number,
  screenTexts?: readonly string[],
): GoalCondition[] {
  return (conditions ?? []).filter((c) => {
    if (c.kind === 'shown') return screenTexts !== undefined && !screenTexts.some((t) => conditionHolds(c, t, textThreshold));
    if (!isFieldKey(c.key)) return !conditionHolds(c, record.get(c.key), textThreshold);
    const values = recordValues(record, c.key);
    return values.length === 0 || !values.every((v) => conditionHolds(c, v, textThreshold));
  });
}

export function describeCondition(c: GoalCondition): string {
  const how = c.match === 'exact' ? '=' : c.match === 'fuzzy' ? '≈' : '~';
  if (c.kind === 'pressed') return `pressed ${c.label} at least ${c.expected} times`;
  if (c.kind === 'shown') return `screen shows "${c.expected}"`;
  const terms = [
    c.required?.length ? `with ${c.required.map((t) => `"${t}"`).join(', ')}` : '',
    c.forbidden?.length ? `without ${c.forbidden.map((t) => `"${t}"`).join(', ')}` : '',
  ].filter(Boolean);
  // With required terms the terms decide; the demonstrated text stays as an example.
  if (c.required?.length) return `${c.kind} ${c.label} ${terms.join(' ')} (e.g. "${c.expected}")`;
  return `${c.kind} ${c.label} ${how} "${c.expected}"${terms.length ? ` ${terms.join(' ')}` : ''}`;
}

/** What a walk records for a choice taken by one of an edge's allowed options. */
/** The value a free choice leaves in a path's content: any of the allowed options (or a slider within the task's bound). */
export const ANY_OPTION = '*';

/**
 * Keys an edge's free choice sets (a tap on any of its options takes it), with the labels of the options it allows:
 * a goal condition on such a key accepts any of them, and only them.
 */
function allowedChoices(edges: readonly GraphEdge[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const same = (a: Bounds, b: Bounds): boolean => a.left === b.left && a.top === b.top && a.right === b.right && a.bottom === b.bottom;
  for (const e of edges) {
    // A slider set within the task's bound: any value there does (the walk leaves ANY_OPTION for it).
    if (e.slider?.within)
      for (const v of e.effects ?? []) if (sliderValue(v.value)) out.set(v.key, [...new Set([...(out.get(v.key) ?? []), v.value])]);
    if (!e.choice) continue;
    const labels = (e.options ?? []).filter((o) => e.choice!.options.some((b) => same(b, o.bounds))).map((o) => o.label);
    for (const v of e.effects ?? []) {
      if (v.kind !== 'choice' && v.kind !== 'label') continue;
      out.set(v.key, [...new Set([...(out.get(v.key) ?? []), ...labels, v.value].filter((l) => l !== '' && l !== ANY_OPTION))]);
    }
  }
  return out;
}
