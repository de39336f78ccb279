import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import { numbersIn } from './content.js';
import { isTextKey } from './goal-conditions.js';
import type { MatchResult } from './match.js';
import type { PageModel } from './page-model.js';
import { fieldInput, isEdit, typedField } from './page-model.js';
import { typedValue } from './typed-text.js';
import type { Candidate } from './walk-candidate.js';
import type { Position } from './walk-position.js';

/** A single number above zero. */
const positive = (numbers: readonly string[]): boolean =>
  numbers.length === 1 && /^\d+(\.\d+)?$/.test(numbers[0]!) && Number(numbers[0]) > 0;

/**
 * Typing into the field a preset fills (金额, where each demonstration tapped 50元 or 100元 and none typed): the field
 * holds the text as typing leaves it (appended to what it holds), as a preset of that value would have set it —
 * the typed amount and the preset are two controls for one effect. Only where no recorded Type of the page typed into
 * that field (then its own Type says what typing does there).
 */
export function presetFilledField(
  m: PageModel,
  action: Extract<Action, { type: 'Type' }>,
  pos: Position,
  leaving: readonly GraphEdge[],
): Candidate | null {
  const key = pos.focus;
  if (key === null || !isTextKey(key) || leaving.some((e) => e.action.type === 'Type' && typedField(e)?.key === key)) return null;
  const preset = leaving.find(
    (e) => e.action.type === 'Tap' && (e.options?.length ?? 0) >= 2 && e.effects?.length === 1 && e.effects[0]!.key === key && isEdit(m, e),
  );
  if (!preset) return null;
  // Presets that are amounts (50, 100): a typed amount that is none (0, or text) the app refuses, as it would a payment of
  // nothing; one above the largest preset (5000 where they offer 50–500) may pass a limit or the balance, which no
  // demonstration and no preset showed the app accepting. A smaller one (30) is an amount like theirs. The field is a
  // number field (PageModel.numeric): full-width digits typed there are dropped.
  const amounts = preset.options!.map((o) => numbersIn(o.label)).filter(positive);
  const input = fieldInput(m, key);
  const value = typedValue(
    pos.content.get(key) ?? '',
    action.text,
    action.clear,
    input === 'text' && amounts.length >= 2 ? 'number' : input,
  );
  if (amounts.length >= 2) {
    const largest = Math.max(...amounts.map((a) => Number(a[0])));
    if (!positive(value === '' ? [] : [value]) || Number(value) > largest) return null;
  }
  const reason = `typed into the field a preset fills: it holds "${value}", as that preset would have set it`;
  const result: MatchResult = { matched: true, distancePx: null, similarity: null, rule: 'same-action', reason };
  return { edge: preset, result, how: 'other-option', option: value, optionKey: key };
}
