import { pressedLabel } from './match.js';
import type { PageModel } from './page-model.js';
import type { Position } from './walk-position.js';
import { settle } from './walk-position.js';

/**
 * A keypad is one control per character: each press adds its label to the number shown, and the erase key takes the
 * last one back. The walk knows a keypad from its recorded presses (PageModel.appends: each added its label to what
 * the key held), so a key no demonstration pressed (5 where they dialled 138…4) adds its label as theirs did, and
 * the erase key — by the label every phone gives it — takes the last character off: 5 pressed for 4, ⌫, then 4
 * dials the number.
 */

const ERASE = new Set(['⌫', '退格', '删除', 'backspace', 'delete']);
// Digits only: a number holding * would read as the walk's mark for "any value", and match every number.
const DIAL_KEY = /^[0-9]$/u;

/** The key a keypad's presses build on this page, when there is one, with the labels recorded presses added. */
function keypadOf(m: PageModel, page: string): { key: string; labels: string[] } | null {
  const found = new Map<string, string[]>();
  for (const e of m.leavingOf.get(page) ?? [])
    for (const v of e.effects ?? []) if (m.appends.has(v.key)) found.set(v.key, [...(found.get(v.key) ?? []), pressedLabel(e)]);
  if (found.size !== 1) return null;
  const [key, labels] = [...found][0]!;
  return { key, labels };
}

/** A press of a keypad's key: the number's key and the value it then holds. */
export interface KeypadPress {
  key: string;
  value: string;
}

/** What a tap on the control labelled `label` does to the page's keypad number, or null. */
export function keypadPress(m: PageModel, label: string | null, page: string, content: ReadonlyMap<string, string>): KeypadPress | null {
  if (label === null) return null;
  const pad = keypadOf(m, page);
  if (!pad) return null;
  const now = content.get(pad.key) ?? '';
  if (ERASE.has(label.toLowerCase())) return { key: pad.key, value: [...now].slice(0, -1).join('') };
  // Another key of a dial pad: every recorded press was one dial key, and so is this one.
  if (DIAL_KEY.test(label) && pad.labels.every((l) => DIAL_KEY.test(l))) return { key: pad.key, value: now + label };
  return null;
}

/** Where a keypad press leaves the walk: the page with the number as it now reads, and the nodes that show it. */
export function keypadPressed(m: PageModel, threshold: number, press: KeypadPress, from: Position): Position {
  return settle(m, threshold, { ...from, content: new Map(from.content).set(press.key, press.value) }, from.near);
}
