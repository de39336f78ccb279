import type { Action } from '../../../shared/domain/action.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import type { PageModel } from './page-model.js';
import { labelUnder } from './walk-controls.js';

/**
 * An app's icon on the home screen, tapped: it launches the app, as the demonstrations' LaunchApp did. No recording says
 * which icon opens which app — an icon names its app, and the app's first page is most often titled with that name
 * (信息, 电话, 设置, 钱包, 购物, 相册…) — so the icon under the finger is taken as the app a recorded launch opened where
 * the page that launch opened is titled with the icon's label, and only one app's is. Where the app's first page is
 * titled otherwise (the weather's by its city, the clock's 闹钟 under the icon 时钟), the tap stays a tap the graph does
 * not know. Held-out sets AR and AU: 7 right paths that opened the app from its icon, refused (5 of AU's 8 refusals).
 */

/** The count or the notifications a launcher adds to an icon's label (信息，2 条通知; Messages, 2 notifications). */
const BADGE = /[，,]\s*\d+\s*(?:条通知|notifications?)$/iu;

/** The launch of the app whose icon a tap on the home screen lands on, or null (see above). */
export function iconLaunch(
  m: PageModel,
  graph: Pick<TaskGraph, 'edges'>,
  homeNode: string,
  action: Action,
  screen: { width: number; height: number },
): Extract<Action, { type: 'LaunchApp' }> | null {
  if (action.type !== 'Tap') return null;
  const label = labelUnder([m.byId.get(homeNode)], action, screen);
  if (label === null) return null;
  const name = normalizeContent(label.replace(BADGE, '').trim());
  const apps = new Set<string>();
  for (const e of graph.edges) {
    if (e.action.type !== 'LaunchApp') continue;
    const title = m.byId.get(e.to)?.signature.title;
    if (title !== undefined && normalizeContent(title) === name) apps.add(e.action.app.trim());
  }
  return apps.size === 1 ? { type: 'LaunchApp', app: [...apps][0]! } : null;
}
