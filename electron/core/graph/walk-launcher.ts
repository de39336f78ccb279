import type { Action } from '../../../shared/domain/action.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import type { PageModel } from './page-model.js';
import { labelUnder } from './walk-controls.js';

/**
 * An app's icon on the home screen, tapped: it launches the app, as the demonstrations' LaunchApp did. An icon is
 * labelled with its app's name: where the task set or the system names that app (天气 for the weather: core/tasks/
 * app-names.ts), the icon launches it when a recorded launch opened it. Where no name is known, the app's first page is
 * most often titled with its name (信息, 电话, 设置, 钱包, 购物, 相册…): the icon is taken as the app a recorded launch
 * opened where the page that launch opened is titled with the icon's label, and only one app's is; else the tap stays a
 * tap the graph does not know. Held-out sets AR and AU: 7 right paths that opened the app from its icon, refused (5 of
 * AU's 8 refusals); the weather's (its first page is titled by its city) took the task set's names.
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
  /** The package an app's name names, where the task set or the system says (core/tasks/app-names.ts). */
  packageNamed: (name: string) => string | null = () => null,
): Extract<Action, { type: 'LaunchApp' }> | null {
  if (action.type !== 'Tap') return null;
  const label = labelUnder([m.byId.get(homeNode)], action, screen);
  if (label === null) return null;
  const bare = label.replace(BADGE, '').trim();
  const name = normalizeContent(bare);
  const apps = new Set<string>();
  const named = packageNamed(bare);
  for (const e of graph.edges) {
    if (e.action.type !== 'LaunchApp') continue;
    const app = e.action.app.trim();
    if (named !== null && (packageNamed(app) ?? app) === named) apps.add(app);
    const title = m.byId.get(e.to)?.signature.title;
    if (named === null && title !== undefined && normalizeContent(title) === name) apps.add(app);
  }
  return apps.size === 1 ? { type: 'LaunchApp', app: [...apps][0]! } : null;
}

/**
 * A launch as the recorded launch of the same package names its app (a package, or a name: core/tasks/app-names.ts): a
 * model says 天气 or Weather where the demonstration's launch named com.vphone.weather. Else the launch as said.
 */
export function asRecordedLaunch(
  edges: TaskGraph['edges'],
  launch: Extract<Action, { type: 'LaunchApp' }>,
  packageNamed: (name: string) => string | null,
): Action {
  const pkg = packageNamed(launch.app) ?? launch.app.trim();
  for (const e of edges)
    if (e.action.type === 'LaunchApp' && (packageNamed(e.action.app) ?? e.action.app.trim()) === pkg)
      return { ...launch, app: e.action.app };
  return launch;
}
