import type { UiHierarchy, UiNode } from '../../../shared/domain/ui-node.js';
import { flattenUi } from '../../../shared/domain/ui-tree.js';

const isField = (n: UiNode): boolean => /EditText|AutoCompleteTextView|SearchView/.test(n.className);

/**
 * The focused text field of a UI dump and what it holds; null when no field has focus. An empty
 * field shows its hint as text in uiautomator dumps; when the dumper reports the hint separately
 * and it equals the text, the field is empty.
 */
export function focusedField(ui: UiHierarchy): { node: UiNode; text: string } | null {
  const field = flattenUi(ui).find((n) => n.focused && isField(n)) ?? null;
  if (!field) return null;
  const empty = field.extras?.['hint'] !== undefined && field.extras['hint'] === field.text;
  return { node: field, text: empty ? '' : field.text };
}

/** How many characters the focused text field holds, from a UI dump; null when no field has focus. */
export function focusedFieldLength(ui: UiHierarchy): number | null {
  const f = focusedField(ui);
  return f ? [...f.text].length : null;
}
