/** Short human labels for actions: edges in graph views, step lists, CLI tables. */
import type { Action } from './action.js';

/** A short label for an action, for edges and step lists. */
export function describeAction(a: Action, target?: string): string {
  switch (a.type) {
    case 'Tap':
    case 'LongPress':
    case 'DoubleTap':
      return target ? `${a.type} "${target.slice(0, 18)}"` : `${a.type} (${Math.round(a.at.x)}, ${Math.round(a.at.y)})`;
    case 'Swipe':
      return `Swipe ${Math.abs(a.to.y - a.from.y) > Math.abs(a.to.x - a.from.x) ? (a.to.y < a.from.y ? 'up' : 'down') : a.to.x < a.from.x ? 'left' : 'right'}`;
    case 'Type':
      return `Type "${a.text.slice(0, 18)}"`;
    case 'LaunchApp':
      return `Open ${a.app}`;
    case 'Key':
      return a.key;
    default:
      return a.type;
  }
}
