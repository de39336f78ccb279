import type { Action } from '../../../shared/domain/action.js';
import type { GraphNode, TaskGraph } from '../../../shared/domain/task-graph.js';
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

/** Whether the action launches the app in front (the page shown is one of its): it stays as it is. */
export const launchesAppInFront = (action: Action, front: string | null): boolean =>
  action.type === 'LaunchApp' && front !== null && action.app.trim() === front;

/** What an action does on the home screen, the app `left` kept behind: it comes back, the screen stays, or off the graph. */
export function onHomeScreen(action: Action, left: string): { move: WalkMove; back: boolean } | { refusal: string } {
  if (action.type === 'LaunchApp' && action.app.trim() === left) {
    const reason = 'the app launched from the home screen: it comes back where the path left it, as it left it';
    return { move: unrecorded('still', reason, null), back: true };
  }
  if (action.type === 'Home' || action.type === 'Back')
    return { move: unrecorded('still', `${action.type} on the home screen: it stays`, null), back: false };
  return { refusal: `on the home screen, what ${action.type} does no demonstration recorded: launch the app to go on` };
}
