import type { Action } from './action.js';
import { describeAction as shortLabel } from './describe-action.js';
import type { RunStepDetails } from './run-records.js';

/**
 * One line a reviewer can read about a step: the shared short label, with what a review
 * needs besides it (swipe end points, typed text in full, why the agent stopped or could
 * not act). Used by the Review screen and the HTML run report alike.
 */
export function describeStep(a: Action | null): string {
  if (!a) return 'Final screen (DONE)';
  switch (a.type) {
    case 'Swipe':
      return `${shortLabel(a)}: (${Math.round(a.from.x)}, ${Math.round(a.from.y)}) → (${Math.round(a.to.x)}, ${Math.round(a.to.y)})`;
    case 'Type':
      return `Type "${a.text}"${a.submit ? ' and submit' : ''}`;
    case 'Wait':
      return `Wait${a.seconds !== undefined ? ` ${a.seconds} s` : ''}`;
    case 'Finish':
      return `Finish${a.status ? ` (${a.status})` : ''}${a.message ? `: ${a.message}` : ''}`;
    case 'AskUser':
      return `Ask the user: ${a.message}`;
    case 'Noop':
      return `No action: ${a.reason}`;
    case 'ParseError':
      return `Could not parse the output: ${a.reason}`;
    default:
      return shortLabel(a);
  }
}

/** Offline step details: whether the action matched a graph edge, or how far off it was. */
export function describeMatch(details: RunStepDetails): string | null {
  const m = details.match;
  if (!m) return null;
  const text = matchText(m);
  // The step's screenshot is then what the agent was shown, not a recorded screen: say so.
  if (details.view === 'excursion') return `${text} (shown: a page no demonstration recorded)`;
  if (details.view === 'scrolled') return `${text} (shown: the page scrolled ${details.scrolledPx ?? '?'} px)`;
  if (details.view === 'app-page') return `${text} (shown: the page ${details.recordedBy ?? 'another task'}'s demonstrations recorded)`;
  return text;
}

function matchText(m: NonNullable<RunStepDetails['match']>): string {
  // A move no recorded edge made (a Back, a scroll, a look at a page): say how the walk took it.
  if (m.matched && !m.edge) return `Taken without an edge (${m.how ?? 'unrecorded'})${m.to ? ` → node ${m.to}` : ''}`;
  if (m.matched) return `Matched edge ${String(m.edge)}${m.to ? ` → node ${m.to}` : ''}`;
  const parts = [`Off the graph (${m.reason ?? 'no edge matched'})`];
  if (typeof m.distancePx === 'number')
    parts.push(
      `${Math.round(m.distancePx)} px from the nearest edge${m.nearestEdge !== undefined && m.nearestEdge !== null ? ` ${String(m.nearestEdge)}` : ''}`,
    );
  if (typeof m.similarity === 'number') parts.push(`similarity ${m.similarity.toFixed(2)}`);
  return parts.join(', ');
}
