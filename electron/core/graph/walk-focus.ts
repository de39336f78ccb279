import type { Action } from '../../../shared/domain/action.js';
import type { PageModel } from './page-model.js';
import type { Position } from './walk-position.js';
import { UNKNOWN_FIELD } from './walk-view.js';

/**
 * What typing and Enter do by which field has the focus, before a page's recorded moves are weighed (walk.ts applies
 * each): a phone types into the focused field, and its keyboard's Enter submits that field. The focus is the field a
 * tap or typing gave it; another tab's page takes it away (walk.ts); Back that hides the keyboard keeps it, and so do
 * Back from a page it opened and the app brought back from Home (a real phone restores a resumed window's focused
 * field, with the keyboard down: walk-home.ts).
 */

/**
 * Why typing goes nowhere, or null: no field has the focus and no keyboard is up, on a page where every demonstration
 * tapped a field first (found by hand sets G and H: the payee chosen and 300 typed at once; 发送 pressed on the empty
 * box, or the + menu closed, then the text typed). Not where the page's screen was recorded with the keyboard up, or a
 * demonstration typed as it came to the page: the app focuses a field by itself there.
 */
export function typedNowhere(m: PageModel, action: Action, pos: Position): string | null {
  if (action.type !== 'Type' || pos.focus !== null || pos.keyboard || m.typesOnArrival.has(pos.page)) return null;
  return 'typed with no field focused, where no field takes the focus by itself: the text goes nowhere (tap the field first)';
}

/**
 * Why Enter submits nothing, or null: with no field focused and no keyboard up (a preset tapped, not typed), whatever a
 * demonstration that typed into the field did with it from the same content. A field that kept the focus when Back hid
 * the keyboard takes it (found by hand set H: 100 typed, Back, Enter paid the bill on the phone).
 */
export function enterWithNoField(action: Action, pos: Position): string | null {
  if (action.type !== 'Enter' || pos.keyboard || pos.focus !== null) return null;
  return 'Enter with no field focused and no keyboard up: nothing happens';
}

/**
 * Why Enter submits nothing in the focused field, or null: it holds nothing, and the page stays (as a search box or a
 * recipient field does on a phone) — not what a demonstration's Enter did with a query typed (where a demonstration
 * pressed Enter on the field as it is here, its edge was taken before this is asked). Not a query typed into a box no
 * demonstration of this task typed in (`unsubmitted`: its text the walk does not hold): that submits it.
 */
export function enterOnEmptyField(action: Action, pos: Position, unsubmitted: boolean): string | null {
  if (action.type !== 'Enter' || !pos.keyboard || pos.focus === null || (pos.content.get(pos.focus) ?? '') !== '') return null;
  if (pos.focus === UNKNOWN_FIELD && unsubmitted) return null;
  return 'Enter in a field that holds nothing: nothing to submit, the page stays';
}
