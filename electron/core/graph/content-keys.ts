import type { ContentValue, Demo, StateSignature } from '../../../shared/domain/task-graph.js';
import { OPERATIONAL_ACTIONS } from '../../../shared/domain/action.js';
import { signatureKey } from './signature.js';

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
}

const acts = (t: string): boolean => (OPERATIONAL_ACTIONS as readonly string[]).includes(t);

/** The content an observation shows that differs from what was last seen of the same key, with the new value. */
export function changedContent(lastSeen: ReadonlyMap<string, string>, after: readonly ContentValue[] | undefined): ContentValue[] {
  return (after ?? []).filter((v) => lastSeen.has(v.key) && lastSeen.get(v.key) !== v.value);
}

/**
 * For each action of a demonstration, the content it changed: what the next observation shows
 * differently from when the demonstration last saw that key. Index t holds the effects of action t.
 */
export function demonstrationEffects(steps: readonly { action: Demo['steps'][number]['action']; content?: readonly ContentValue[] }[]): ContentValue[][] {
  const seen = new Map<string, string>();
  for (const v of steps[0]?.content ?? []) seen.set(v.key, v.value);
  const out: ContentValue[][] = [];
  for (let t = 0; t + 1 < steps.length; t++) {
    const action = steps[t]!.action;
    const next = steps[t + 1]!.content;
    out.push(action && acts(action.type) ? changedContent(seen, next) : []);
    for (const v of next ?? []) seen.set(v.key, v.value);
  }
  return out;
}

export function learnContent(demos: readonly Demo[]): ContentModel {
  const keys = new Set<string>();
  const committed = new Map<string, Set<string>>();
  for (const d of demos) {
    const last = new Map<string, string>();
    for (const effects of demonstrationEffects(d.steps)) {
      for (const v of effects) {
        keys.add(v.key);
        last.set(v.key, v.value);
      }
    }
    for (const [k, v] of last) committed.set(k, (committed.get(k) ?? new Set()).add(v));
  }
  const free = new Set([...committed].filter(([, values]) => values.size > 1).map(([k]) => k));
  return { keys, free };
}

/** The state's content under a model: free keys reduced to set ('*') or empty (''). */
export function contentUnder(model: ContentModel, candidates: readonly ContentValue[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
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
