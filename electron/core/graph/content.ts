import type { Bounds, UiHierarchy, UiNode } from '../../../shared/domain/ui-node.js';
import { area } from '../../../shared/domain/ui-tree.js';
import type { ContentValue, SignatureConfig } from '../../../shared/domain/task-graph.js';
import { isEditField, widgetToken } from './widget-classes.js';

/**
 * What a person changed or chose on a page, read from one UI dump: the candidates for a state's
 * content. Which of them count is decided per task graph (see content-keys.ts): a candidate becomes
 * part of the state only when a demonstration's own action changed it, so clocks, feed counters and
 * rotating hints never split states, while a typed amount, a chosen tab or a stepper's value do.
 *
 * Four kinds:
 * - `text`: the text of an editable field (EditText and its relatives, a NumberPicker's input),
 *   normalized; a password field counts its characters only.
 * - `choice`: for every group of options (two or more clickable items of one class in a container:
 *   tabs, chips, presets, rows), the labels of the selected or checked ones ('' when none is).
 * - `number`: the numbers in a short static text (a quantity between − and +, a badge, an hour shown
 *   by a picker), keyed by the text with its numbers masked and the row it sits in. Clock times are
 *   never numbers of this kind.
 * - `label`: a short text with a stable place on the page (its resource id, or the row label it follows):
 *   a control's text (安装 → 打开), a status, a value a picker row shows ("到达  北京"). Texts in lists
 *   (keys that repeat on the page) are not candidates.
 * - `label` keyed `entered|…`: whether the page shows, outside an editable field, a text the task's
 *   demonstrations typed (`enteredTexts` of the graph's configuration): the message in the thread after
 *   it was sent, the reminder in the list after it was saved. The list row is what changed.
 */

const TIME = /\d{1,2}:\d{2}(:\d{2})?/g;
const DIGITS = /\d+(?:[.,]\d+)*/g;
const MAX_VALUE_TEXT = 24;
const ROW_MAX_CHILDREN = 8;

/** Characters NFKC would change here: full-width forms, the ideographic space, circled digits and the like. */
const NEEDS_NFKC = /[^\t\n\r\u0020-\u007e\u00a0-\u00ff\u3400-\u9fff]/;
const nfkc = (s: string): string => (NEEDS_NFKC.test(s) ? s.normalize('NFKC') : s);

/** Normalizes content for comparison: width forms folded, case and spacing ignored. */
export function normalizeContent(s: string): string {
  return nfkc(s).toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Whether a typed search query reaches an app's search as the walk reads it. An app trims a query and ignores its case,
 * nothing more (the sample apps' search; a field keeps what is typed): full-width or look-alike characters (⼤⽶ typed
 * with Kangxi radicals, ５kg), an ideographic space or a run of spaces make another text to it, which the walk would
 * fold into the demonstration's (found by hand: 20 false accepts, rows tapped where the recorded results were); and
 * 什么?医生 finds no title that shows 什么？医生, which the graph keeps folded.
 */
export function plainQuery(typed: string): boolean {
  const t = typed.trim();
  // ASCII punctuation too: a label is kept folded (？ as ?), so ? typed may or may not be what the label holds.
  return t.normalize('NFKC') === t && !/\s{2,}/.test(t) && !/[!-/:-@[-`{-~]/.test(t);
}

/**
 * Text with the spaces beside Chinese characters taken out: Chinese writes no spaces between words, so 我到 家了 says
 * 我到家了 (a task's check that looks for 到家 reads it so); spaces between Latin words stay.
 */
export const foldCjkSpaces = (s: string): string =>
  s.replace(/(?<=[\u3400-\u9fff\u3000-\u303f\uff00-\uffef])\s+|\s+(?=[\u3400-\u9fff\u3000-\u303f\uff00-\uffef])/gu, '');

/**
 * A short number typed into a field in one canonical form: "06" and "6" are the same hour, "1.50" and
 * "1.5" the same amount. Long digit strings (phone numbers, codes) keep their leading zeros.
 */
export function canonicalNumber(s: string): string {
  // Two leading zeros or more (00 with 30 typed after it: 0030) are no way a field shows a short number: kept as typed.
  if (!/^\d{1,4}(\.\d+)?$/.test(s) || /^0\d{2,}/.test(s)) return s;
  return String(Number(s));
}

/** Two lists of numbers alike as fields show them (canonicalNumber): 06 is 6, but 02195566888 is not 2195566888, nor 0030 30. */
export const sameNumbers = (got: readonly string[], want: readonly string[]): boolean =>
  got.length === want.length && got.every((n, i) => canonicalNumber(n) === canonicalNumber(want[i]!));

/**
 * A phone number as a dialer reads it: its digits (and a leading +), the separators a person types between them — a
 * space, a dash, brackets, a dot — taken out (021-9556-6888 is 02195566888 to the phone's blocked list, as to
 * Android's PhoneNumberUtils). Null for a text that is not a number so written.
 */
export function dialNumber(s: string): string | null {
  const t = nfkc(s).trim();
  if (!/^\+?[\d\s\-().]+$/.test(t)) return null;
  const digits = t.replace(/[\s\-().]/g, '');
  return /^\+?\d{5,}$/.test(digits) ? digits : null;
}

/** The numbers in a text, in order (clock times removed first): "¥59.90 × 3" → ["59.90", "3"]. */
export function numbersIn(s: string): string[] {
  if (!/\d|[\uff10-\uff19]/.test(s)) return [];
  return (
    nfkc(s)
      .replace(TIME, ' ')
      .match(DIGITS)
      ?.map((d) => d.replace(/,/g, '')) ?? []
  );
}

/** A label with its clock times and numbers masked, so a key stays the same when a count changes. */
export const maskNumbers = (s: string): string => nfkc(s).replace(TIME, '#t').replace(DIGITS, '#').replace(/\s+/g, ' ').trim();

const shortClass = (c: string): string => c.slice(c.lastIndexOf('.') + 1);
const shortId = (rid: string): string => rid.slice(rid.indexOf('/') + 1);
const own = (n: UiNode): string => n.text.trim() || n.contentDesc.trim();

/** First readable text in a subtree that is not an editable field's (whose text is content). */
function staticLabel(n: UiNode, depth = 0): string {
  if (!isEditField(n) && !n.checkable) {
    const t = own(n);
    if (t) return t;
  }
  if (depth > 4) return '';
  for (const c of n.children) {
    const l = staticLabel(c, depth + 1);
    if (l) return l;
  }
  return '';
}

const clickable = (n: UiNode): boolean => n.clickable || n.checkable;
const visible = (n: UiNode): boolean => n.bounds !== null && area(n.bounds) > 0;

/**
 * The label of the row a text sits in: the first static text of its nearest ancestor (of two) that has
 * another text child. Null when the text is itself that first text (a row's title is a label, not a value).
 */
function rowLabel(ancestors: readonly UiNode[], self: UiNode): string | null {
  for (let i = ancestors.length - 1; i >= 0 && i >= ancestors.length - 2; i--) {
    // A row holds a few views; a container of many is a list or a page, whose first text labels nothing here.
    if (ancestors[i]!.children.length > ROW_MAX_CHILDREN) return '';
    for (const c of ancestors[i]!.children) {
      if (c.clickable && c !== self) continue;
      const l = c === self ? own(c) : staticLabel(c);
      if (!l) continue;
      if (c === self) return null;
      return maskNumbers(l);
    }
  }
  return '';
}

/**
 * The options of a group: the clickable children of a container (or, when it has none, of the
 * wrappers inside it), of the class most of them share. Two or more make a group (tabs, chips,
 * presets, list rows); a lone button does not.
 */
function optionsOf(container: UiNode): UiNode[] {
  const direct = container.children.filter((c) => visible(c) && clickable(c));
  // Wrapped items (a cell around each button) count only where the container has no clickable of its own:
  // a form's confirm button beside a grid of presets is not one of the presets.
  const found =
    direct.length > 0
      ? direct
      : container.children.flatMap((c) => (visible(c) ? c.children.filter((g) => visible(g) && clickable(g)) : []));
  if (found.length < 2) return [];
  const counts = new Map<string, number>();
  for (const o of found) counts.set(o.className, (counts.get(o.className) ?? 0) + 1);
  const cls = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  const same = found.filter((o) => o.className === cls);
  return same.length >= 2 ? same : [];
}

/** A section header before the container in its parent (e.g. "座位" above seat chips), numbers masked. */
function sectionLabel(parent: UiNode | undefined, container: UiNode): string {
  if (!parent) return '';
  let label = '';
  for (const c of parent.children) {
    if (c === container) break;
    if (!c.clickable) label = staticLabel(c) || label;
  }
  return maskNumbers(label);
}

const chosen = (n: UiNode): boolean => n.selected || (n.checkable && n.checked);

/** A label's key within its page, interned: a page's many list rows then hash one string each, not a new one per row. */
const labelKeys = new Map<string, Map<string, string>>();
function labelKey(n: UiNode, row: string): string {
  const widget = widgetToken(n);
  let byRow = labelKeys.get(widget);
  if (!byRow) {
    byRow = new Map();
    if (labelKeys.size < 10_000) labelKeys.set(widget, byRow);
  }
  let key = byRow.get(row);
  if (key === undefined) {
    key = `label|${shortClass(n.className)}|${n.resourceId}|${row}`;
    if (byRow.size < 1_000) byRow.set(row, key);
  }
  return key;
}

/**
 * Every content candidate of one dump, keys unique within it (a repeated key gets `#2`, `#3`, …) and
 * prefixed with the page (`page`, e.g. the activity), so a key never means two pages' widgets.
 */
export function contentCandidates(
  ui: UiHierarchy,
  cfg: Pick<SignatureConfig, 'ignoredPackages' | 'ignoredResourceIds' | 'enteredTexts'>,
  page = '',
  /** Filled with where each editable field is on the screen, by its key (a tap there focuses it). */
  fields?: Map<string, Bounds>,
): ContentValue[] {
  const out: ContentValue[] = [];
  const entered = cfg.enteredTexts ?? [];
  // Static texts of the page, normalized, when there are entered texts to look for.
  const shownTexts: string[] = [];
  const seen = new Map<string, number>();
  // Labels wait until the walk is done: only those whose key occurs once on the page are kept, so a
  // list's rows (most labels of a page) never cost more than their key.
  const labels: { key: string; text: string; label: string; listed: boolean }[] = [];
  // Counted by the key within the page; the page prefix goes on only when a candidate is kept.
  const keyed = (key: string): string => {
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    return k === 0 ? `${page}§${key}` : `${page}§${key}#${k + 1}`;
  };
  const push = (key: string, kind: ContentValue['kind'], value: string, label: string): ContentValue => {
    const v: ContentValue = { key: keyed(key), kind, value, label };
    if (lists > 0) v.listed = true;
    out.push(v);
    return v;
  };
  const ancestors: UiNode[] = [];
  let lists = 0;
  const visit = (n: UiNode): void => {
    if (cfg.ignoredPackages.includes(n.packageName) || cfg.ignoredResourceIds.includes(n.resourceId)) return;
    if (!visible(n)) return;
    if (isEditField(n)) {
      const hint = n.extras?.['hint'] ?? '';
      const raw = n.password ? '•'.repeat(Array.from(n.text).length) : n.text;
      const value = hint && raw === hint ? '' : canonicalNumber(normalizeContent(raw));
      const row = rowLabel(ancestors, n) ?? '';
      const v = push(`text|${shortClass(n.className)}|${n.resourceId || row}`, 'text', value, hint || row || shortId(n.resourceId));
      fields?.set(v.key, n.bounds!);
    } else {
      const t = own(n);
      if (entered.length > 0 && t !== '') shownTexts.push(normalizeContent(t));
      const short = t !== '' && t.length <= MAX_VALUE_TEXT;
      const row = short ? rowLabel(ancestors, n) : null;
      const nums = short && !clickable(n) && n.children.length === 0 ? numbersIn(t) : [];
      if (nums.length > 0) {
        const masked = maskNumbers(t);
        // Keyed by its row when it has one: the masked text itself may change with the value ("12月2日周三").
        push(`number|${shortClass(n.className)}|${n.resourceId}|${row || masked}`, 'number', nums.join(','), row || masked);
      } else if (short && (n.resourceId || row)) {
        // A label that may change with what the person did: a control's text (安装 → 打开, 暂停 → 播放), a
        // status or a value shown after its label in a row ("状态  申诉处理中", "到达  北京").
        const key = labelKey(n, row ?? '');
        seen.set(key, (seen.get(key) ?? 0) + 1);
        labels.push({ key, text: t, label: row || shortId(n.resourceId), listed: lists > 0 });
      }
    }
    if (n.children.length > 0 && !clickable(n)) {
      const options = optionsOf(n);
      if (options.length >= 2) {
        const picked = options
          .filter(chosen)
          .map((o) => normalizeContent(staticLabel(o) || shortId(o.resourceId)))
          .sort();
        const section = sectionLabel(ancestors.at(-1), n);
        push(
          `choice|${shortClass(n.className)}|${n.resourceId}|${section}`,
          'choice',
          picked.join(' + '),
          section || shortId(n.resourceId) || shortClass(n.className),
        );
      }
    }
    // Only a container that can scroll hides content out of view; a list that fits shows all of it.
    const list = n.scrollable;
    if (list) lists++;
    ancestors.push(n);
    for (const c of n.children) visit(c);
    ancestors.pop();
    if (list) lists--;
  };
  for (const r of ui.roots) visit(r);
  // A label key that repeats on the page belongs to a list (rows of headlines, prices): its texts come
  // and go with data and scrolling, so none of them identifies what the person did. Clock times masked.
  for (const l of labels) {
    if (seen.get(l.key) !== 1) continue;
    const v: ContentValue = { key: `${page}§${l.key}`, kind: 'label', value: normalizeContent(l.text.replace(TIME, '#t')), label: l.label };
    if (l.listed) v.listed = true;
    out.push(v);
  }
  for (const text of entered) {
    const shown = shownTexts.some((s) => s.includes(text));
    out.push({ key: `${page}§entered|${text}`, kind: 'label', value: shown ? 'shown' : '', label: text });
  }
  return out;
}

/** Texts worth looking for on later pages: long enough not to turn up by chance, not a bare number or amount. */
export function enteredTextsOf(typed: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const raw of typed) {
    const t = normalizeContent(raw);
    if (Array.from(t).length < 4 || /^[\d.,\s¥$+-]+$/.test(t)) continue;
    out.add(t);
  }
  return [...out].sort();
}

/**
 * The option group a tap lands in: every option of the smallest group (two or more clickable items
 * in one container) that contains the tapped item. Null when the tap hits no group.
 */
export function optionsAt(ui: UiHierarchy, x: number, y: number): UiNode[] | null {
  const inside = (b: Bounds | null): b is Bounds => b !== null && x >= b.left && x < b.right && y >= b.top && y < b.bottom;
  let best: UiNode[] | null = null;
  const visit = (n: UiNode): void => {
    if (!inside(n.bounds)) return;
    if (n.children.length > 0 && !clickable(n)) {
      const options = optionsOf(n);
      if (options.length >= 2 && options.some((o) => inside(o.bounds))) best = options;
    }
    for (const c of n.children) visit(c);
  };
  for (const r of ui.roots) visit(r);
  return best;
}

/** The bounds of every option of the group a tap lands in (see optionsAt). */
export function optionGroupAt(ui: UiHierarchy, x: number, y: number): Bounds[] | null {
  return optionsAt(ui, x, y)?.map((o) => o.bounds!) ?? null;
}

/** Whether an editable field has focus: the soft keyboard is likely up, hiding what lies under it. */
export function keyboardLikelyUp(ui: UiHierarchy): boolean {
  const visit = (n: UiNode): boolean => (n.focused && isEditField(n)) || n.children.some(visit);
  return ui.roots.some(visit);
}

/** A slider's shown value out of its maximum ("13/15" → 13 of 15), or null when a value is not that. */
export function sliderValue(shown: string): { value: number; max: number } | null {
  // A number value is kept as its numbers joined by commas ("13/15" → "13,15"), which numbersIn would read as one.
  const n = /^\d+,\d+$/.test(shown) ? shown.split(',') : numbersIn(shown);
  if (n.length !== 2 || normalizeContent(shown).replace(/[\d.,\s/-]/g, '') !== '') return null;
  const [value, max] = n.map(Number) as [number, number];
  return Number.isInteger(value) && Number.isInteger(max) && max > 0 && value >= 0 && value <= max ? { value, max } : null;
}

/** Whether a search query names something: two characters at least, or one Chinese character (米, 药: a word of its own). */
export function namesSomething(query: string): boolean {
  const chars = [...query];
  return chars.length >= 2 || (chars.length === 1 && /\p{Script=Han}/u.test(chars[0]!));
}

/** A text as a regex that matches it literally (an option's label, a value inside a goal condition's regex). */
export const escapeRegex = (t: string): string => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
