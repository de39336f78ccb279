import { normalizeContent, numbersIn } from './content.js';
import { isNumberKey } from './content-keys.js';

/**
 * The number a stepper steps, inside the value of a content key. A key of the kind `number` holds every number its
 * label shows, joined by ',' (content.ts: a cart row's "¥45.00 × 3" is 45.00,3); a stepper changes one of them, by its
 * place among them. Any other key holds one number (a field's 1,000 is one thousand). Found by held-out set AC: +, −,
 * − on a cart row of 3 (the phone: 2, as the demonstration's −) was read as 45.003 stepped to 45.002, no node's value.
 */
export interface NumberStep {
  /** The place of the number stepped among the value's numbers (0 where it holds one). */
  at: number;
  /** after − before. */
  by: number;
}

const PLAIN = /^[-−]?\d+(\.\d+)?$/;

/** The value's numbers, as written, or null where it is not a list of plain numbers. */
function listOf(key: string, value: string | undefined): string[] | null {
  if (value === undefined || !isNumberKey(key)) return null;
  const parts = value.split(',');
  return parts.length > 1 && parts.every((p) => PLAIN.test(p)) ? parts : null;
}

/**
 * A single number's value, or null (stepper steps need one number on each side). Its sign counts: a stepper
 * pressed below zero and back up returns to zero (it read −5 as 5, and a minute stepped −5 then +5 as 10).
 */
export const singleNumber = (s: string | undefined): number | null => {
  if (s === undefined) return null;
  const n = numbersIn(s);
  const plain = normalizeContent(s).replace(/\s/g, '');
  if (n.length !== 1 || plain.replace(/[\d.,\-−]/g, '') !== '') return null;
  return /^[-−]/.test(plain) ? -Number(n[0]) : Number(n[0]);
};

const asNumber = (p: string): number => (p.startsWith('−') ? -Number(p.slice(1)) : Number(p));

/**
 * The step between two values of a key: one number of a list changed (by its place), or the single number. Null where
 * none or several changed.
 */
export function numberStep(key: string, before: string | undefined, after: string): NumberStep | null {
  const a = listOf(key, before);
  const b = listOf(key, after);
  if (a && b) {
    if (a.length !== b.length) return null;
    const changed = a.flatMap((x, i) => (asNumber(x) !== asNumber(b[i]!) ? [i] : []));
    return changed.length === 1 ? { at: changed[0]!, by: asNumber(b[changed[0]!]!) - asNumber(a[changed[0]!]!) } : null;
  }
  if (a || b) return null;
  const x = singleNumber(before);
  const y = singleNumber(after);
  return x !== null && y !== null && x !== y ? { at: 0, by: y - x } : null;
}

/** The number at a step's place in a value (its single number where it holds one), or null. */
export function numberAt(key: string, value: string | undefined, at: number): number | null {
  const list = listOf(key, value);
  if (list) return at < list.length ? asNumber(list[at]!) : null;
  return at === 0 ? singleNumber(value) : null;
}

/** The value with the number at a place set to `x` (the others as written). */
export function withNumberAt(key: string, value: string | undefined, at: number, x: number): string {
  const list = listOf(key, value);
  if (!list) return String(x);
  return list.map((p, i) => (i === at ? String(x) : p)).join(',');
}
