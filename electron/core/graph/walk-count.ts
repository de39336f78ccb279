import type { Action } from '../../../shared/domain/action.js';
import type { GraphNode } from '../../../shared/domain/task-graph.js';
import type { Bounds } from '../../../shared/domain/ui-node.js';
import { sameBounds } from '../../../shared/domain/ui-tree.js';
import { normalizeContent } from './content.js';
import { elementOf } from './content-keys.js';
import type { MatchOptions } from './match.js';
import type { PageModel } from './page-model.js';
import { belowFloor, stepOf } from './control-values.js';
import { contentOf } from './page-model.js';
import { numberAt, singleNumber } from './stepped-number.js';
import type { Position } from './walk-position.js';
import { onMirror } from './walk-moves.js';
import { isTapLike, tappedLabel } from './walk-view.js';

/**
 * Counts a page opens at 1 and a stepper changes: the quantity on a product page. Two things the walk knows of them
 * that no demonstration of the task may show:
 *
 * - The task's own stepper's − at 1 (two boxes of milk: the demonstrations pressed + only): it holds the count at 1,
 *   or is disabled — either way the count stays 1, so −, then +, then bought is two, as on the phone. Not a count its
 *   page opens at another value (a cart's row of 3, whose − at 1 may take the row away).
 * - A stepper no demonstration of the task pressed (the thermos's + and −), where another task's recording of a page
 *   laid out as this one did (+ on the milk's page stepped its 数量 from 1 to 2): the count steps as that recording
 *   shows, from 1, − holding at 1. Every route the task's demonstrations took was taken with the count at 1; a path
 *   that leaves it elsewhere has the page do what no demonstration saw (the thermos bought twice: the phone's check
 *   reads one). Held-out set AC and exploration: +, − and then bought passes on the phone, + and then bought does not.
 * - Any other stepper no demonstration of the task pressed (the alarm's +5 min, where the task's demonstrations set the
 *   hour only), where another task's recording of the page pressed it: from a value that recording pressed it at, it
 *   steps where the recording shows; its mirror takes each value the recording reached back to the one it came from.
 *   Nothing else is known (a minute at 00 stepped down may wrap to 55, or hold at 00), so a press from another value is
 *   refused. As with the count, the page is judged only once the value is back where the path had it: +5 min, −5 min
 *   and then saved is the alarm the demonstrations saved (held-out set AC), +5 min and then saved is not.
 */
export interface CountStepper {
  /** What the count is called on the screen (数量). */
  count: string;
  /** What one press adds (−1 for the mirror control). */
  by: number;
  /** The count when the page opens, as the recording shows it. */
  start: number;
  /** The least the count holds (1: − at 1 leaves 1), or null where the recording does not show one. */
  floor: number | null;
  /** The task whose recording shows the stepper. */
  recordedBy: string;
  /**
   * For a stepper of any other value than a count from 1: each value a recorded press stepped from, to the value it
   * stepped to (inverted for the mirror). A press from a value not in it is one no recording shows. Absent for a count.
   */
  steps?: ReadonlyMap<number, number>;
}

/** The count's name in a content key: the label at the key's end (`…§number|TextView||数量`). */
export const countName = (key: string): string => key.slice(key.lastIndexOf('|') + 1);

/**
 * Whether a screen shows the element a content key reads (`…§kind|Class|resource-id|label`): its resource id in the
 * screen's structure (the alarm's minute_input), and where the key names a label with more than digits (a list row's
 * 纯牛奶 × #), that label among the screen's texts — another item's row of the same list is another element.
 */
export function showsElement(n: GraphNode, key: string): boolean {
  const [, , id = '', ...rest] = elementOf(key).split('|');
  const label = rest.join('|');
  const named = label !== '' && !/^[#\s.,:]*$/.test(label);
  if (id === '' && !named) return false;
  return (id === '' || n.signature.structure.some((t) => t.endsWith(`|${id}`))) && (!named || n.signature.anchors.includes(label));
}

/** The count a key holds whenever its page is opened in the model: the single number every entry to the page shows, or null. */
function startOf(m: PageModel, page: string, key: string): number | null {
  const values = new Set<number | null>();
  for (const edges of m.outOf.values())
    for (const e of edges)
      if (m.pageOf.get(e.to) === page && m.pageOf.get(e.from) !== page) values.add(singleNumber(contentOf(m.byId.get(e.to))[key]));
  return values.size === 1 ? [...values][0]! : null;
}

/**
 * The count a recorded stepper's mirror (− for a recorded +) would take below 1 where the tap lands, a count that starts
 * at 1 when its page opens: it holds at 1, and the page stays as it is. Null where the tap is on no such mirror.
 */
export function heldAtOne(m: PageModel, action: Action, pos: Position, opts: MatchOptions): string | null {
  for (const e of m.leavingOf.get(pos.page) ?? []) {
    if (onMirror(e, action, opts) === null) continue;
    for (const v of e.effects ?? []) {
      const step = stepOf(m, e, v.key, v.value);
      const now = step && step.at === 0 ? numberAt(v.key, pos.content.get(v.key), 0) : null;
      if (step && now !== null && step.by > 0 && belowFloor(m, v.key, now - step.by) && startOf(m, pos.page, v.key) === 1)
        return countName(v.key);
    }
  }
  return null;
}

/**
 * The stepper under the finger (the control labelled `label`, at `bounds` on this screen), as a recording shows it: a
 * tap at the same place that stayed on its page and stepped one number — a count that starts at 1 when the page opens,
 * or another value with the steps recorded — or the control that undoes it there. `recordings`: other tasks' nodes of
 * this page or of a screen laid out as this one (this task's own other pages of the activity too), each with its graph's
 * model and task. `valueHere`: the value the walk's page holds for an element — a content key without its page,
 * elementOf — (undefined where no screen of its graph shows the key change: the page's opening value then, as the
 * recording shows it). Null where none shows such a press.
 */
export function countStepperHere(
  recordings: readonly { model: PageModel; node: GraphNode; task: string }[],
  label: string,
  bounds: Bounds,
  valueHere: (key: string) => string | undefined,
  elementShown: (key: string) => boolean = () => false,
): CountStepper | null {
  const want = normalizeContent(label);
  let other: { key: string; name: string; by: number; task: string; opens: number | null } | null = null;
  const steps = new Map<number, number>();
  for (const { model: m, node, task } of recordings)
    for (const e of m.outOf.get(node.id) ?? []) {
      if (!isTapLike(e.action) || !e.target || (e.effects?.length ?? 0) !== 1) continue;
      const page = m.pageOf.get(e.from) ?? '';
      if (m.pageOf.get(e.to) !== page) continue;
      const pressed = sameBounds(e.target.bounds, bounds) && normalizeContent(tappedLabel(e, e.action)) === want;
      const mirror = !pressed && e.mirror !== undefined && sameBounds(e.mirror, bounds);
      if (!pressed && !mirror) continue;
      const v = e.effects![0]!;
      const step = stepOf(m, e, v.key, v.value);
      const before = singleNumber(contentOf(m.byId.get(e.from))[v.key]);
      if (step === null || step.at !== 0 || before === null) continue;
      const start = startOf(m, page, v.key);
      if (start === 1)
        return {
          count: countName(v.key),
          by: mirror ? -step.by : step.by,
          start,
          floor: m.fromOne.has(v.key) ? 1 : null,
          recordedBy: task,
        };
      // The same element, whichever page's recording shows it (this graph's own new alarm beside the 07:00 alarm).
      if (other !== null && elementOf(other.key) !== elementOf(v.key)) continue;
      other ??= { key: v.key, name: v.label ?? countName(v.key), by: mirror ? -step.by : step.by, task, opens: start };
      if (mirror) steps.set(before + step.by, before);
      else steps.set(before, before + step.by);
    }
  if (other === null) return null;
  // The value the path's page holds; where none of its screens shows the value change, the one the page opens with —
  // only where they show the value's own element (the alarm's minute field), not a row of another page's list (the
  // milk's row of another cart: the − there presses whatever this cart lists in its place).
  const shown = valueHere(elementOf(other.key));
  if (shown === undefined && !elementShown(other.key)) return null;
  const now = shown === undefined ? other.opens : singleNumber(shown);
  if (now === null) return null;
  return { count: other.name, by: other.by, start: now, floor: null, recordedBy: other.task, steps };
}

/**
 * The count the path stepped on the page it stands on, where it differs from what the page showed when opened. Leaving
 * the page by Back drops it (the page opened again shows the count it starts at, as a phone's product page does).
 */
export class SteppedCount {
  private held: { page: string; count: string; start: number; now: number } | null = null;

  /**
   * A press on the stepper on `page`: the count after it, and whether it changed (at its floor, − changes nothing); null
   * where the stepper's recorded steps do not include the value it stands at (what the press does there, none shows).
   */
  press(page: string, s: CountStepper): { now: number; changed: boolean } | null {
    const held = this.held?.page === page && this.held.count === s.count ? this.held : null;
    const before = held ? held.now : s.start;
    const start = held ? held.start : s.start;
    const stepped = s.steps ? s.steps.get(before) : before + s.by;
    if (stepped === undefined) return null;
    const now = s.floor !== null && stepped < s.floor ? before : stepped;
    this.held = now === start ? null : { page, count: s.count, start, now };
    return { now, changed: now !== before };
  }

  /** The count stepped away from its start on `page`, or null. */
  on(page: string): { count: string; start: number; now: number } | null {
    return this.held?.page === page ? this.held : null;
  }

  /** The walk left `page` (or stands elsewhere): the count is the page's own, gone with it. */
  left(page: string): void {
    if (this.held?.page !== page) this.held = null;
  }
}
