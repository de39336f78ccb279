import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { toPixels } from '../geometry/coordinates.js';
import { pressedLabel } from './match.js';
import type { PageModel } from './page-model.js';
import { fieldInput, isEdit, typedField } from './page-model.js';
import { sliderSets, stepOf } from './control-values.js';
import { typedValue } from './typed-text.js';
import { sliderValue } from './content.js';
import { numberAt, withNumberAt } from './stepped-number.js';
import { ANY_OPTION } from './goal-conditions.js';
import { within } from './task-bounds.js';
import type { Candidate } from './walk-candidate.js';
import type { Position } from './walk-position.js';
import type { TapLike } from './walk-view.js';
import { isTapLike } from './walk-view.js';

/**
 * What a move does to content: the values it sets, by key. A Type gives the field what typing gives there;
 * another option its label; a stepper (or its mirror) one step more (or less); other taps what they set.
 */
export function editModel(m: PageModel, move: Candidate, action: Action, from: Position): Map<string, string> {
  const out = new Map<string, string>();
  const e = move.edge;
  if (!e) return out;
  for (const v of e.effects ?? []) {
    if (e.action.type === 'Type' && action.type === 'Type' && typedField(e)?.key === v.key) {
      out.set(v.key, typedValue(from.content.get(v.key) ?? '', action.text, action.clear, fieldInput(m, v.key)));
      continue;
    }
    // Other text than the demonstration's: what else the demonstration's typing showed (a suggestion) is unknown.
    if (move.how === 'retyped') continue;
    if (move.rows && v.key === move.rows.from) {
      out.set(move.rows.to, move.rows.value);
      continue;
    }
    // A keypad's key: its label added to what the key holds here (1 pressed again after 1 dials 11).
    if (m.appends.has(v.key) && isTapLike(action) && isEdit(m, e)) {
      out.set(v.key, (from.content.get(v.key) ?? '') + pressedLabel(e));
      continue;
    }
    if (move.how === 'switch-back' && move.undoes?.has(v.key)) {
      out.set(v.key, move.undoes.get(v.key)!);
      continue;
    }
    if (move.how === 'other-option' && v.key === move.optionKey) {
      out.set(v.key, move.option!);
      continue;
    }
    // A slider sets the value where the tap lands along it; within the task's bound, any value does (a free choice).
    const slid = e.slider && isTapLike(action) && e.action.type === 'Tap' ? slidTo(e, action, v.value) : null;
    if (slid !== null) {
      out.set(v.key, slid);
      continue;
    }
    const step = stepOf(m, e, v.key, v.value);
    const now = step && numberAt(v.key, from.content.get(v.key), step.at);
    if (step !== null && now !== null && isEdit(m, e)) {
      out.set(v.key, withNumberAt(v.key, from.content.get(v.key), step.at, now + (move.how === 'stepper-mirror' ? -step.by : step.by)));
      continue;
    }
    out.set(v.key, v.value);
  }
  // An option re-selected by a press that, recorded, changed nothing (see reselects).
  if (move.how === 'other-option' && move.optionKey && !out.has(move.optionKey)) out.set(move.optionKey, move.option!);
  return out;
}

/** The value a tap on an edge's slider sets, or '*' within the task's bound (any value there does), or null (no slider model). */
function slidTo(e: GraphEdge, action: TapLike, recorded: string): string | null {
  if (e.action.type !== 'Tap') return null;
  const value = sliderSets(e, toPixels(action.at, e.screen).x, toPixels(e.action.at, e.screen).x, recorded);
  if (value === null) return null;
  const bound = e.slider?.within;
  return bound && within(sliderValue(value)!.value, bound) ? ANY_OPTION : value;
}
