import type { ContentValue, Demo, StateSignature } from '../../../shared/domain/task-graph.js';
import { OPERATIONAL_ACTIONS } from '../../../shared/domain/action.js';
import { signatureKey } from './signature.js';

/** A content key of the text kind (an editable field's text). */
export const isTextKey = (key: string): boolean => key.slice(key.indexOf('§') + 1).startsWith('text|');
export const isChoiceKey = (key: string): boolean => key.slice(key.indexOf('§') + 1).startsWith('choice|');
export const isNumberKey = (key: string): boolean => key.slice(key.indexOf('§') + 1).startsWith('number|');

/**
 * Which content candidates a task graph's states carry, learned from its demonstrations:
 *
 * - a key is **content** when a demonstration's actions changed its value: it shows another value than
 *   when the demonstration last saw it (typing an amount, tapping "+", choosing a tab, picking a date on
 *   a picker page that the search page then shows). Values no action touches never split a state;
 * - a content key is **free** when demonstrations that all reached the goal committed different values
 *   to it (one topped up 50, the other 100): the state then keeps only whether it is set, so their
 *   paths meet. Which taps may set it is still what was demonstrated (or marked free, see merge.ts).
 */
export interface ContentModel {
  keys: Set<string>;
  free: Set<string>;
  /** Keys inside scrolling lists or forms: absent from an observation means out of view, not empty. */
  listed?: Set<string>;
  /** Content keys by the page they belong to (the prefix before `§`, see contentCandidates). */
  byPage: Map<string, string[]>;
}

const acts = (t: string): boolean => (OPERATIONAL_ACTIONS as readonly string[]).includes(t);

/** The page a content key belongs to. */
export const pageOfKey = (key: string): string => key.slice(0, key.indexOf('§'));

/** A content key without its page: the element it reads (`number|TextView|…|小时`), the same on every page laid out alike. */
export const elementOf = (key: string): string => key.slice(key.indexOf('§') + 1);

/** What a page holds for an element (a content key without its page), by the page's own key: for rules that compare pages. */
export const valueOfElement =
  (pos: { page: string; content: ReadonlyMap<string, string> }) =>
  (element: string): string | undefined =>
    pos.content.get(`${pos.page}§${element}`);

/** The content key, on a page some demonstration scrolled, that says how far it is scrolled (scroll-depth.ts). */
const SCROLL_SUFFIX = '§label|scroll-position';
export const scrollKeyOf = (page: string): string => `${page}${SCROLL_SUFFIX}`;
export const isScrollKey = (key: string): boolean => key.endsWith(SCROLL_SUFFIX);

/** The page an observation's candidates belong to (they all share it), or null without candidates (pass the page then). */
const pageOf = (c: readonly ContentValue[] | undefined): string | null => (c && c.length > 0 ? pageOfKey(c[0]!.key) : null);

export function contentModel(keys: Iterable<string>, free: Iterable<string> = [], listed: Iterable<string> = []): ContentModel {
  const model: ContentModel = { keys: new Set(keys), free: new Set(free), listed: new Set(listed), byPage: new Map() };
  for (const k of model.keys) model.byPage.set(pageOfKey(k), [...(model.byPage.get(pageOfKey(k)) ?? []), k]);
  return model;
}

/**
 * For each action of a demonstration, the content it changed: what the next observation shows
 * differently from when the demonstration last saw that key. A key that appears on, or vanishes from,
 * a page seen before changes from or to '' (a status line after sending, a button gone after it was
 * used) — unless it sits in a scrolling list or form, where it may just be out of view, the action
 * was a swipe, which brings content into view rather than changing it, or the keyboard came or went.
 * Index t holds the effects of action t.
 */
export function demonstrationEffects(
  steps: readonly { action: Demo['steps'][number]['action']; content?: readonly ContentValue[]; page?: string; keyboard?: boolean }[],
): ContentValue[][] {
  const seen = new Map<string, ContentValue>();
  const pages = new Set<string>();
  const look = (c: readonly ContentValue[] | undefined, known?: string): void => {
    const page = known ?? pageOf(c);
    if (page === null) return;
    const present = new Set((c ?? []).map((v) => v.key));
    for (const [k, v] of seen) if (pageOfKey(k) === page && !present.has(k) && !v.listed) seen.set(k, { ...v, value: '' });
    for (const v of c ?? []) seen.set(v.key, v);
    pages.add(page);
  };
  look(steps[0]?.content, steps[0]?.page);
  const out: ContentValue[][] = [];
  for (let t = 0; t + 1 < steps.length; t++) {
    const action = steps[t]!.action;
    const next = steps[t + 1]!.content;
    const page = steps[t + 1]!.page ?? pageOf(next);
    const effects: ContentValue[] = [];
    if (action && acts(action.type) && page !== null) {
      // The keyboard coming up or going away hides or shows content without changing it.
      const known = pages.has(page) && action.type !== 'Swipe' && !steps[t]!.keyboard === !steps[t + 1]!.keyboard;
      const present = new Set<string>();
      for (const v of next ?? []) {
        present.add(v.key);
        const prev = seen.get(v.key)?.value ?? (known && !v.listed ? '' : undefined);
        if (prev !== undefined && prev !== v.value) effects.push(v);
      }
      if (known) {
        for (const [k, v] of seen)
          if (pageOfKey(k) === page && !present.has(k) && !v.listed && v.value !== '') effects.push({ ...v, value: '' });
      }
    }
    // Choosing an option is the content; what else the page shows because of it (the route's time for the
    // chosen travel mode, another tab's texts) follows from the choice and is not content of its own.
    out.push(effects.some((v) => v.kind === 'choice') ? effects.filter((v) => v.kind === 'choice' || v.kind === 'text') : effects);
    look(next, steps[t + 1]!.page);
  }
  return out;
}

export function learnContent(demos: readonly Demo[]): ContentModel {
  const keys = new Set<string>();
  const listed = new Set<string>();
  const committed = new Map<string, Set<string>>();
  // Keys a demonstration first saw holding a value (the media volume at 5/15 before it was raised).
  const shown = new Set<string>();
  for (const d of demos) {
    const first = new Map<string, string>();
    for (const s of d.steps) for (const v of s.content ?? []) if (!first.has(v.key)) first.set(v.key, v.value);
    for (const [k, v] of first) if (v !== '') shown.add(k);
    const last = new Map<string, string>();
    for (const effects of demonstrationEffects(d.steps)) {
      for (const v of effects) {
        keys.add(v.key);
        if (v.listed) listed.add(v.key);
        // A field the app empties after use (the message box after 发送) committed what it held.
        if (v.value === '' && isTextKey(v.key) && last.get(v.key)) continue;
        last.set(v.key, v.value);
      }
    }
    for (const [k, v] of last) committed.set(k, (committed.get(k) ?? new Set()).add(v));
  }
  return contentModel(
    keys,
    // Reduced to "set", a value the page already showed before any action would read as the goal's: such a key
    // keeps its values, however the demonstrations differ (a slider tap within the task's bound still counts as any of them).
    [...committed].filter(([k, values]) => values.size > 1 && !shown.has(k)).map(([k]) => k),
    listed,
  );
}

/**
 * The state's content under a model: the page's content keys, '' where the page does not show one,
 * free keys reduced to set ('*') or empty ('').
 */
export function contentUnder(
  model: ContentModel,
  candidates: readonly ContentValue[] | undefined,
  knownPage?: string,
  keyboard = false,
): Record<string, string> {
  const out: Record<string, string> = {};
  const page = knownPage ?? pageOf(candidates);
  // Under the keyboard a missing key may just be hidden.
  for (const k of page === null || keyboard ? [] : (model.byPage.get(page) ?? [])) if (!model.listed?.has(k)) out[k] = '';
  for (const v of candidates ?? []) {
    if (!model.keys.has(v.key)) continue;
    out[v.key] = model.free.has(v.key) ? (v.value === '' ? '' : '*') : v.value;
  }
  return out;
}

/** The signature with its content set, and its exact-match key recomputed. */
export function withContent(sig: StateSignature, content: Record<string, string>): StateSignature {
  const next = { ...sig, content };
  return { ...next, structureKey: signatureKey(next) };
}
