import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import type { NumberStep } from './stepped-number.js';
import { numberStep } from './stepped-number.js';
import { canonicalNumber, normalizeContent, numbersIn, sliderValue } from './content.js';
import type { PageModel } from './page-model.js';
import { contentOf } from './page-model.js';

/** The values a page's controls set: a stepper's step, an option's label or number, a slider's share of its maximum. */

/** A label that names a step (+5 min, −1 h): the tap adds to a value, it never sets the value to its number. */
const namesStep = (label: string): boolean => /^[+\-−]\s*\d/.test(normalizeContent(label).trim());

/** The step a tap made on a key (after − before, at its number's place), or null when it did not step one number. */
export function stepOf(m: PageModel, e: GraphEdge, key: string, after: string): NumberStep | null {
  return numberStep(key, contentOf(m.byId.get(e.from))[key], after);
}

/**
 * Whether a step would take a count below 1 where the least value any recorded screen showed for it is 1 (a quantity,
 * which starts at 1): apps hold such a count there (− at 1 leaves 1) or refuse it, and which, no demonstration showed —
 * so the step is not taken (found by hand: − at 1, then + twice, ordered three). Other values (an hour overshot below
 * the one asked, minutes below zero) step on as the walk models them.
 */
export function belowFloor(m: PageModel, key: string, value: number): boolean {
  return value < 1 && m.fromOne.has(key);
}

/**
 * How choosing an option sets a value: to its label (a font size 超大), or to its number (a preset 100元
 * fills the amount 100). Null when the value is neither (the option's choice is not that value).
 */
export function optionSets(label: string, value: string): 'label' | 'number' | null {
  if (label === value) return 'label';
  // +5 min pressed on 0 shows 5, its own number, by chance: a stepper, not an option of a group of presets.
  if (namesStep(label)) return null;
  const n = numbersIn(label);
  // The value is the option's numbers alone (an amount 100; a date 12,3 from 大后天 12月3日周四).
  const onlyNumbers = normalizeContent(value).replace(/[\d.,\s-]/g, '') === '';
  const same = numbersIn(value).join(',') === n.join(',') || normalizeContent(value).replace(/\s/g, '') === n.join(',');
  return n.length > 0 && onlyNumbers && same ? 'number' : null;
}

/** The value another option sets, the way the demonstrated one set its value. */
export function optionValue(how: 'label' | 'number', label: string): string {
  return how === 'label' ? label : canonicalNumber(numbersIn(label).join(','));
}

/**
 * The value a tap on a slider sets: its share of the way along the slider, of the maximum (a SeekBar tapped at 80%
 * of 15 sets 12), shown as the demonstration's value was; null when the recorded tap itself does not fit that model.
 */
export function sliderSets(e: GraphEdge, x: number, recordedX: number, shown: string): string | null {
  const v = sliderValue(shown);
  const b = e.slider?.bounds;
  if (!v || !b || b.right <= b.left) return null;
  const at = (px: number): number => Math.round(Math.min(1, Math.max(0, (px - b.left) / (b.right - b.left))) * v.max);
  // The model must explain the demonstration's own tap (within one step), or it says nothing of other taps.
  if (Math.abs(at(recordedX) - v.value) > 1) return null;
  return shown.replace(/\d+/, String(at(x)));
}
