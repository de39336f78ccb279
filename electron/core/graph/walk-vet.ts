import type { PageModel } from './page-model.js';
import { forbiddenText } from './page-model.js';
import type { Candidate } from './walk-candidate.js';
import type { Position } from './walk-position.js';
import { goalRepeat, sendsText } from './walk-pressed.js';

/**
 * What a move the page's recorded actions offer cannot be taken as it is (walk.ts applies it): refused, or — the goal's
 * own button pressed again where it stands — the goal undone. Null: the move stands.
 */
export type MoveVerdict = { kind: 'refused'; reason: string } | { kind: 'undo'; reason: string } | null;

/**
 * `toggledHere`: the page holds a switch no demonstration moved, left changed (walk-toggled.ts); `goalsTaken`: the goal
 * edges the path took; `looks`: whether a task that only asks to be shown something may take that goal edge, on
 * that page, again (walk-goal-stands.ts GoalAfter); `otherItem`: the goal was done, on another item than the page's
 * (walk-goal-items.ts).
 */
export function vetMove(
  m: PageModel,
  move: Candidate,
  pos: Position,
  toggledHere: boolean,
  goalsTaken: ReadonlySet<string>,
  looks: { mayLookAgain(edge: string, page: string): boolean } | null = null,
  otherItem = false,
): MoveVerdict {
  const edge = move.edge;
  if (!edge) return null;
  // A form holding a switch no demonstration moved, committed by a way off it.
  if (edge.action.type !== 'Back' && toggledHere && m.pageOf.get(edge.to) !== pos.page)
    return {
      kind: 'refused',
      reason: 'a switch no demonstration moved is left changed on this form: the way off it saves a value no demonstration saw',
    };
  // The goal action as recorded, or a send applied where the page stands in another state (a second message typed into
  // the box the first one left empty: held-out set AO, the same text sent twice to the family group).
  if (!edge.goal || (move.how !== 'edge' && !(move.how === 'page-edit' && sendsText(edge)))) return null;
  // The goal action sending a text that says what the task takes back (the retracted 周六): it went out, and a right text
  // sent after it does not call it back (found by hand once a wrong text could stand in a field: 周六我准时到 sent, then
  // 周日我准时到).
  const wrongText = forbiddenText(m, pos.content);
  if (wrongText !== null) return { kind: 'refused', reason: `the goal action sends "${wrongText}", which says what the task takes back` };
  // The task's goal action done again (walk-pressed.ts goalRepeat): the lone button where it stands undoes it.
  const repeat = goalRepeat(m, edge, goalsTaken, otherItem);
  if (repeat === 'undo')
    return {
      kind: 'undo',
      reason: "the goal's own button pressed again where it stands: on a phone it undoes the goal (its label says so now)",
    };
  // A task that only asks to be shown something: its goal action is a look, and a look taken again changes nothing
  // where the page stands as the path last saw it (found by hand set K: the choir group opened, Back, opened again — read
  // on the phone; set Z: the trip's card, Back, 订单, its row).
  if (repeat === 'again' && !looks?.mayLookAgain(edge.id, pos.page))
    return { kind: 'refused', reason: "the task's goal action again: no demonstration did it twice, and a phone does it again" };
  return null;
}
