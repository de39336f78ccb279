import type { PhoneModel } from './phone.js';
import { composeFrameInputs } from './focus.js';

/**
 * Text entry into the focused EditText. The field's value lives in app state; the screen's input
 * widget gives us its onChange/onSubmit, found by re-rendering the current screen.
 */
export function typeIntoFocused(phone: PhoneModel, text: string): boolean {
  const input = composeFrameInputs(phone);
  if (!input) return false;
  input.onChange(input.value + text);
  return true;
}

export function deleteFromFocused(phone: PhoneModel): boolean {
  const input = composeFrameInputs(phone);
  if (!input) return false;
  input.onChange([...input.value].slice(0, -1).join(''));
  return true;
}

export function clearFocused(phone: PhoneModel): boolean {
  const input = composeFrameInputs(phone);
  if (!input) return false;
  input.onChange('');
  return true;
}

export function submitFocused(phone: PhoneModel): boolean {
  const input = composeFrameInputs(phone);
  if (!input) return false;
  if (input.multiline && !input.onSubmit) input.onChange(input.value + '\n');
  else input.onSubmit?.();
  return true;
}
