import type { UiNode } from '../../../shared/domain/ui-node.js';

/**
 * What a widget is, from its class name: an editable field, a slider, a list. Decided once per class
 * name, since a dump repeats a few dozen class names thousands of times.
 */
const EDIT_CLASSES = /EditText|AutoCompleteTextView|SearchView/;
const SLIDER_CLASSES = /SeekBar|Slider|RatingBar|ProgressBar/;
const LIST_CLASSES = /RecyclerView|ListView|GridView/;

const EDIT = 1;
const SLIDER = 2;
const LIST = 4;
const kinds = new Map<string, number>();

function kindOf(className: string): number {
  let k = kinds.get(className);
  if (k === undefined) {
    k =
      (EDIT_CLASSES.test(className) ? EDIT : 0) | (SLIDER_CLASSES.test(className) ? SLIDER : 0) | (LIST_CLASSES.test(className) ? LIST : 0);
    // Class names come from apps; a bound keeps a hostile dump from growing the table without end.
    if (kinds.size < 10_000) kinds.set(className, k);
  }
  return k;
}

/** An editable text field's class (EditText and its relatives): a recorded target names only its class. */
export const isEditClass = (className: string): boolean => (kindOf(className) & EDIT) !== 0;
/** An editable text field (EditText and its relatives). */
export const isEditField = (n: UiNode): boolean => isEditClass(n.className);
/** A slider, seek bar, rating bar or progress bar: its value is state. */
export const isSliderClass = (n: UiNode): boolean => (kindOf(n.className) & SLIDER) !== 0;
/** A list or grid view (whether or not it scrolls yet). */
export const isListClass = (n: UiNode): boolean => (kindOf(n.className) & LIST) !== 0;

/**
 * A widget's `class|resource-id`, interned: sets and keys built from these tokens then hash each one
 * once, not once per node of every dump.
 */
const tokens = new Map<string, Map<string, string>>();
export function widgetToken(n: UiNode): string {
  let byId = tokens.get(n.className);
  if (!byId) {
    byId = new Map();
    if (tokens.size < 10_000) tokens.set(n.className, byId);
  }
  let t = byId.get(n.resourceId);
  if (t === undefined) {
    t = `${n.className}|${n.resourceId}`;
    if (byId.size < 10_000) byId.set(n.resourceId, t);
  }
  return t;
}
