import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode, TaskGraph } from '../../../shared/domain/task-graph.js';
import type { Position } from './walk-position.js';
import { appOfPage } from './walk-position.js';
import type { WalkMove } from './walk-step.js';
import { unrecorded } from './walk-step.js';

/**
 * The home screen and an app's launch, as a phone does them. Home shows the launcher and keeps each app's task as it
 * stood; the app launched again (its launcher intent) brings its task to the front where it stood, as it stood; an app
 * launched while it is in front stays as it is. (A page's activity says which app is in front.) So Home and the app
 * launched again is a detour that changes nothing — an agent that opens the app it is already in, or goes home and
 * comes back, did not leave the route. What the agent is shown on the home screen is the launcher the demonstrations
 * started from, where they did; what a tap there opens (an icon, a widget), no demonstration recorded.
 */

/** The app a screen belongs to: the package of its activity. */
export const appOf = (n: GraphNode | undefined): string | null => n?.signature.activity.split('/')[0] || null;

/** The node of the home screen: the start node, where the demonstrations launched the app from it; else null. */
export function homeNodeOf(g: Pick<TaskGraph, 'startNode' | 'edges'>): string | null {
  return g.edges.some((e) => e.from === g.startNode && e.action.type === 'LaunchApp') ? g.startNode : null;
}

/**
 * What Home or a launch did: a move (and whether the app came back to the front: its keyboard is down, while the field
 * that had the focus keeps it, as a real phone restores a resumed window's focus), or a refusal.
 */
export type FrontStep = { move: WalkMove; keyboardDown: boolean } | { refusal: string };

/** Which app is in front, as Home and launches leave it. */
export class AppFront {
  /** The app Home or another app's launch left (its task kept as it stood), while the home screen or that app shows. */
  left: string | null = null;
  /**
   * Another app launched over it (no demonstration of this task opened it), while it shows: only Home, Back (which
   * leaves that app's first page for the home screen) and launches are known there; what a tap in it does, no one saw.
   */
  elsewhere: string | null = null;
  /** The path left by Back where no recording shows what lies below (backBeyond): off what the recordings show for good. */
  beyond = false;

  /**
   * An action while the home screen or another app shows: the app launched comes back where it stood; Home and Back
   * stay on (or go to) the home screen; another app launched shows instead.
   */
  onHomeScreen(action: Action): FrontStep {
    if (action.type === 'LaunchApp' && action.app.trim() === this.left) {
      this.back();
      const reason = 'the app launched again: it comes back where the path left it, as it left it';
      return { move: unrecorded('still', reason, null), keyboardDown: true };
    }
    if (action.type === 'LaunchApp') {
      this.elsewhere = action.app.trim();
      return { move: unrecorded('still', `${action.app} launched: what it shows, no demonstration recorded`, null), keyboardDown: false };
    }
    if (action.type === 'Home' || action.type === 'Back') {
      const where = this.elsewhere === null ? 'on the home screen: it stays' : 'in another app: the home screen shows';
      this.elsewhere = null;
      return { move: unrecorded('still', `${action.type} ${where}`, null), keyboardDown: false };
    }
    if (this.elsewhere !== null)
      return { refusal: `in ${this.elsewhere}, which no demonstration of this task opened, what ${action.type} does no one saw` };
    return { refusal: `on the home screen, what ${action.type} does no demonstration recorded: launch the app to go on` };
  }

  /**
   * Home, or a launch of the app in front, where the walk stands on a page of `front` (`onLauncher`: the home screen
   * the demonstrations started from; `launchRecorded`: a recorded launch leaves from here, which the walk takes). Null
   * for any other action.
   */
  press(action: Action, front: string | null, onLauncher: boolean, launchRecorded: boolean): FrontStep | null {
    if (action.type === 'Home') {
      if (onLauncher) return { move: unrecorded('still', 'Home on the home screen: it stays', null), keyboardDown: false };
      if (front === null) return { refusal: 'Home where no recorded screen says which app is in front' };
      this.left = front;
      return {
        move: unrecorded('still', 'Home: the launcher shows, and the app is kept as it stands until it is launched again', null),
        keyboardDown: false,
      };
    }
    if (action.type !== 'LaunchApp' || launchRecorded || front === null) return null;
    // Another app launched (found by hand set I: the chat app opened over a half-filled transfer, then the wallet
    // again): the app in front is kept as it stands, as Home keeps it.
    if (action.app.trim() !== front) {
      if (onLauncher) return null;
      this.left = front;
      this.elsewhere = action.app.trim();
      const reason = `${action.app} launched: the app is kept as it stands until it is launched again`;
      return { move: unrecorded('still', reason, null), keyboardDown: false };
    }
    this.back();
    return { move: unrecorded('still', 'the app in front launched: a phone brings it to the front as it is', null), keyboardDown: true };
  }

  /**
   * Back from the app's first page, to the home screen it was launched from: the launcher shows, and the app's task is
   * kept as it stands, as Home keeps it — Android 12 and later move a task's root activity to the back on Back rather
   * than finish it (the virtual phone does the same). Found by hand set K: 明天 chosen, Back, the app launched again —
   * the date was still chosen on the phone, while the walk had started the app afresh.
   */
  backOut(front: string | null): FrontStep | null {
    if (front === null) return null;
    this.left = front;
    const reason = "Back from the app's first page: the launcher shows, and the app is kept as it stands until it is launched again";
    return { move: unrecorded('back', reason, null), keyboardDown: false };
  }

  /**
   * Back where no recording shows what lies below: the first page a task's setup opened, or a page of an app another
   * opened (whose own history decides). The path has left what the recordings show, and nothing it does from there is
   * known — only Finish, judged by a goal that stood when it left (walk-goal-stands.ts: Back acts on nothing). Found by
   * held-out set AB: 收藏网页, Back; 暂停, Back — each the goal, then Back off the page the task began on.
   */
  backBeyond(): FrontStep {
    this.beyond = true;
    const reason = 'Back where no recording shows what lies below: the path has left what the recordings show';
    return { move: unrecorded('back', reason, null), keyboardDown: false };
  }

  /**
   * The result page the goal action entered, closed by its own closing button (walk-dismiss.ts): what shows next, no
   * recording shows — the path is off them as after backBeyond, with what the goal did standing.
   */
  closed(label: string): FrontStep {
    this.beyond = true;
    const reason = `"${label}" closes the result page the goal action led to: what shows next, no recording shows; the goal stands`;
    return { move: unrecorded('dismiss', reason, null), keyboardDown: false };
  }

  /** An action after backBeyond: Back and Home only go further off; anything else, no one saw. */
  offTheRecords(action: Action): FrontStep {
    if (action.type === 'Back' || action.type === 'Home')
      return { move: unrecorded('still', `${action.type} off what the recordings show: it stays off them`, null), keyboardDown: false };
    return { refusal: `after Back off a page no recording shows below, what ${action.type} does no one saw` };
  }

  private back(): void {
    this.left = null;
    this.elsewhere = null;
  }
}

/**
 * Whether Back leads where no recording shows (AppFront.backBeyond): the walk came from no page of this app (the page a
 * setup opened; an app another opened) nor from the home screen, and no recorded Back leaves where it stands (`out`, asked only then).
 */
export function belowUnknown(pos: Position, homePage: string | null, out: () => readonly GraphEdge[]): boolean {
  const back = pos.back;
  if (back && (appOfPage(back.page) === appOfPage(pos.page) || back.page === homePage)) return false;
  return !out().some((e) => e.action.type === 'Back');
}
