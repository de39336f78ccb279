import type { UiHierarchy, UiNode } from '../../../shared/domain/ui-node.js';
import { flattenUi } from '../../../shared/domain/ui-tree.js';

/**
 * How many characters the focused text field holds, from a UI dump; null when no field has
 * focus. An empty field shows its hint as text in uiautomator dumps; when the dumper reports
 * the hint separately and it equals the text, the field is empty.
 */
export function focusedFieldLength(ui: UiHierarchy): number | null {
  const isField = (n: UiNode): boolean => /EditText|AutoCompleteTextView|SearchView/.test(n.className);
  const focused = flattenUi(ui).filter((n) => n.focused);
  const field = focused.find(isField) ?? null;
  if (!field) return null;
  if (field.extras?.['hint'] !== undefined && field.extras['hint'] === field.text) return 0;
  return [...field.text].length;
}
