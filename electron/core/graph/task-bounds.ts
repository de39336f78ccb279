import type { UiNode } from '../../../shared/domain/ui-node.js';
import { labelOf } from '../../../shared/domain/ui-tree.js';
import { normalizeContent, numbersIn } from './content.js';

/**
 * A bound the task's own words put on a value: "调到 150% 或更大", "音量调到 12 以上", "at least 12". A
 * demonstration picks one value; the task accepts every value within the bound, so an agent that picks
 * 200% where the demonstration picked 150% did what was asked. Read from the task (its instruction and
 * its normalized rewrite), never from the demonstrations.
 */
export interface TaskBound {
  value: number;
  dir: 'atLeast' | 'atMost';
}

const NUM = String.raw`(\d+(?:\.\d+)?)\s*(?:%|％|度|级|格)?\s*`;
const PATTERNS: readonly [RegExp, TaskBound['dir']][] = [
  [new RegExp(`${NUM}(?:或更大|或更高|或更多|或以上|及以上|以上|or more|or larger|or higher|or above|and above)`, 'giu'), 'atLeast'],
  [new RegExp(`(?:至少|不少于|不低于|不小于|at least|no less than)\\s*${NUM}`, 'giu'), 'atLeast'],
  [new RegExp(`${NUM}(?:或更小|或更低|或更少|或以下|及以下|以下|or less|or lower|or fewer|or below|and below)`, 'giu'), 'atMost'],
  [new RegExp(`(?:至多|最多|不超过|不多于|不高于|at most|no more than)\\s*${NUM}`, 'giu'), 'atMost'],
];

/** The bounds a task's texts state (none for most tasks). */
export function taskBounds(texts: readonly (string | undefined)[]): TaskBound[] {
  const out: TaskBound[] = [];
  for (const text of texts) {
    if (!text) continue;
    const s = normalizeContent(text);
    for (const [re, dir] of PATTERNS)
      for (const m of s.matchAll(re)) {
        const value = Number(m[1]);
        if (!out.some((b) => b.value === value && b.dir === dir)) out.push({ value, dir });
      }
  }
  return out;
}

/** An option's one number ("150%" → 150), or null when its label holds none or several. */
function numberOf(o: UiNode): number | null {
  const n = numbersIn(labelOf(o));
  return n.length === 1 ? Number(n[0]) : null;
}

/** Whether a value lies within a bound the task states. */
export const within = (v: number, b: TaskBound): boolean => (b.dir === 'atLeast' ? v >= b.value : v <= b.value);

/**
 * The options of a group that the task accepts as well as the one tapped: when the tapped option's number
 * is a bound the task states (the demonstration picked 150% of "150% 或更大"), every option of the group
 * whose number lies within it. Null when no bound applies (the tap is judged as recorded).
 */
export function optionsWithinBounds(group: readonly UiNode[], tapped: UiNode, bounds: readonly TaskBound[]): UiNode[] | null {
  const picked = numberOf(tapped);
  if (picked === null) return null;
  const b = bounds.find((x) => x.value === picked);
  if (!b) return null;
  const ok = group.filter((o) => {
    const v = numberOf(o);
    return v !== null && within(v, b);
  });
  return ok.length >= 2 ? ok : null;
}

/**
 * The way the task's words ask a value to go, with no number said: 减少 (the cart's milk, bought too much), 调低; or
 * 增加, 调高. A demonstration steps the value to one place on that way (3 cases down to 2); the task accepts any
 * other on it (1 case, as the task's own check does). Only explicit verbs count; where the texts say both ways, none.
 */
export function taskDirection(texts: readonly (string | undefined)[]): 'less' | 'more' | null {
  const s = texts.map((t) => normalizeContent(t ?? '')).join(' ');
  const less = /减少|减小|降低|调低|调小|少一点|少点/.test(s);
  const more = /增加|增大|提高|调高|加大|多一点|多点/.test(s);
  return less === more ? null : less ? 'less' : 'more';
}
