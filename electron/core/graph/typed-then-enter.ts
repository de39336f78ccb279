import type { Action } from '../../../shared/domain/action.js';
import type { UiHierarchy, UiNode } from '../../../shared/domain/ui-node.js';
import { isEditField } from './widget-classes.js';

/**
 * A recorded Type that submits, as the phone takes it: the text typed into the focused field, then the keyboard's
 * Enter. The hand recorder records the two as one step (the keys, then the action key); the builder reads them as two,
 * as the demonstrations recorded from the mirror do, so that the graph holds what the field held before Enter (the
 * query on the page the search starts from) and every rule of the walk about typing and Enter applies to both kinds of
 * recording (a store's search typed and submitted at once was refused by its own graph: no field held text there, so
 * the tap on the box focused nothing the walk knew).
 *
 * `typed` is the Type without its submit; `after` is the screen before it with the focused field holding the text (the
 * step in between was not captured: that screen, with the field's text, stands for it). Null when the action is not a
 * Type that submits, or no focused text field is on the screen (then the step stays whole).
 */
export function typedThenEnter(ui: UiHierarchy, action: Action | null): { typed: Action; after: UiHierarchy } | null {
  if (action?.type !== 'Type' || action.submit !== true) return null;
  let found = false;
  const withText = (n: UiNode): UiNode => {
    if (!found && n.focused && isEditField(n)) {
      found = true;
      const hint = n.extras?.['hint'] ?? '';
      const base = hint !== '' && n.text === hint ? '' : n.text;
      return { ...n, text: action.clear ? action.text : base + action.text };
    }
    return n.children.length > 0 ? { ...n, children: n.children.map(withText) } : n;
  };
  const after = { ...ui, roots: ui.roots.map(withText) };
  if (!found) return null;
  const { submit: _submit, ...typed } = action;
  return { typed, after };
}
