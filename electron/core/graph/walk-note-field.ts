import type { Action } from '../../../shared/domain/action.js';
import type { GraphNode } from '../../../shared/domain/task-graph.js';
import { fieldLabelUnder } from './walk-controls.js';

/**
 * A field whose hint says it only names or annotates what the form makes — an alarm's 标签, an order's 备注, a Label or a
 * Note: what is typed there is kept beside the thing, and changes nothing it does (the alarm rings at the time its
 * hour and minute say). Where no demonstration of the task typed in such a field, the task asks nothing of it, and an
 * agent that names the pill alarm 吃药 has done what was asked (held-out sets AO, AQ, AR: 20:00 labelled 吃药, 06:00
 * labelled 起床 — right on the phone, refused as typing no demonstration did). Read by the hint the screen shows on an
 * empty field; a field that holds text shows the text, and is not known by it. Not a message, an amount, a query or
 * any field named otherwise: those are what a form sends or looks for.
 */
const NAMES_ONLY =
  /^(?:添加|输入)?(?:标签|备注)(?:[（(](?:选填|可选)[)）])?$|^(?:add (?:a )?)?(?:label|note|memo|remark)s?(?: \(optional\))?$/i;

/** Whether a field's hint names it as one that only names or annotates (see above). */
export function namesOnly(hint: string): boolean {
  return NAMES_ONLY.test(hint.trim());
}

/**
 * The hint of the field under a tap where it only names or annotates, on every one of these screens alike; null where
 * any screen shows another field there, a field holding text, or none.
 */
export function namingFieldUnder(
  nodes: readonly (GraphNode | undefined)[],
  action: Action,
  screen: { width: number; height: number },
): string | null {
  const hint = fieldLabelUnder(nodes, action, screen);
  return hint !== null && namesOnly(hint) ? hint : null;
}

/** What the path typed into such fields, for the verdict to name (the label is part of what the path made). */
export class NotesTyped {
  private readonly typed: { hint: string; text: string }[] = [];

  add(hint: string, text: string): void {
    this.typed.push({ hint, text });
  }

  /** "; the path also typed 吃药 into 标签, a field no demonstration filled (it names the thing, and does nothing)", or ''. */
  named(): string {
    if (this.typed.length === 0) return '';
    const what = this.typed.map((t) => `"${t.text}" into ${t.hint}`).join(', ');
    return `; the path also typed ${what}, a field no demonstration filled that only names the thing`;
  }
}
