import type { WalkMove } from './walk-step.js';

/**
 * A task that acts (sets, saves, sends) is done once its goal action is: what the path does after it that cannot act —
 * Back, hiding the keyboard, a scroll, another tab, a recorded way to another page —
 * leaves the act standing, as on the phone (found by hand sets K and L: 摄氏度 chosen, then Back; 赞 given, then the
 * contact's card looked at; the font set, then Back). Finish there succeeds where the goal's DONE node, met when it was
 * reached, still has its goal conditions met by what the path set (walk.ts finish). Anything else after it — a tap the
 * graph does not know, another task's page, an edit, a tap on what the recorded screen shows selected (a page come back
 * to shows what the path set there, not what was recorded: 华氏度 tapped again after 摄氏度 was chosen changes it back,
 * which the CLI's must-fail case caught) — may act, and the goal is judged where the path ends, as before. A
 * task that only asks to be shown something is judged where it ends: the screen must show what was asked — the goal's
 * node again, come back to by such moves (a recorded way to another page, then Back), is that screen.
 */
export function keepsTheGoal(taken: NonNullable<WalkMove['taken']>, pageOf: ReadonlyMap<string, string>): boolean {
  switch (taken.how) {
    case 'back':
    case 'keyboard':
    case 'scroll':
    case 'tab':
      return true;
    case 'edge':
    case 'named-page': {
      const e = taken.edge;
      if (!e || e.goal) return false;
      return e.action.type === 'Back' || pageOf.get(e.to) !== pageOf.get(e.from);
    }
    default:
      return false;
  }
}
