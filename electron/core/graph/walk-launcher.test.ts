import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, id, page, tapAt } from '../../../test/support/ui-builder.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { demoOf, graphOf, taskGraphOf, walkPath } from '../../../test/support/page-demos.js';
import { AppNames } from '../tasks/app-names.js';
import { GraphWalker } from './walk.js';
import { AppPages } from './walk-app-pages.js';

/**
 * An app's icon on the home screen launches the app a recorded launch opened, where that launch opened a page titled
 * with the icon's label (held-out sets AR and AU: 信息, 设置, 相册, 应用商店, 电话 tapped on the home screen — right on the
 * phone, refused as a tap the graph does not know); or by the app's name (信息 is the messages app).
 */

const launch = (app: string): Action => ({ type: 'LaunchApp', app });

describe('an app opened from its icon on the home screen', () => {
  const icons = ['电话', '信息', '时钟'].map((l, i) => button(l, b(40 + i * 260, 1800, 260 + i * 260, 2000), { resourceId: id('icon') }));
  const iconOf = (i: number) => b(40 + i * 260, 1800, 260 + i * 260, 2000);
  const home = page('', ...icons);
  const row = b(0, 300, 1080, 450);
  const g = (title: string) =>
    graphOf([
      demoOf(1, [
        { ui: home, action: launch('com.android.messaging'), activity: 'QuickstepLauncher', app: 'com.android.launcher3' },
        {
          ui: page(title, button('王丽', row, { resourceId: id('thread') })),
          action: tapAt(row),
          activity: 'ListActivity',
          app: 'com.android.messaging',
        },
        { ui: page('王丽'), action: null, activity: 'ThreadActivity', app: 'com.android.messaging' },
      ]),
    ]);

  it('信息 tapped, where the messages app opens on its list titled 信息: accepted', () => {
    const r = walkPath(g('信息'), [tapAt(iconOf(1)), tapAt(row)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('another icon (电话, 时钟): not a launch of the recorded app', () => {
    expect(walkPath(g('信息'), [tapAt(iconOf(0)), tapAt(row)]).accepted).toBe(false);
    expect(walkPath(g('信息'), [tapAt(iconOf(2)), tapAt(row)]).accepted).toBe(false);
  });

  it('信息 is the messages app by its name, however its first page is titled', () => {
    expect(walkPath(g('短信列表'), [tapAt(iconOf(1)), tapAt(row)]).accepted).toBe(true);
  });
});

/**
 * An app whose first page is titled otherwise than its icon (the weather's by its city): the task set names the app
 * (天气 for com.vphone.weather: core/tasks/app-names.ts), and the icon of that name launches it (held-out set AU: the
 * weather's icon, refused while only the first page's title was read). An icon no name and no title tell stays unknown.
 */
describe('an app opened from its icon, by the name the task set gives it', () => {
  const iconOf = (i: number) => b(40 + i * 260, 1800, 260 + i * 260, 2000);
  const home = page('', ...['天气', '便签'].map((l, i) => button(l, iconOf(i), { resourceId: id('icon') })));
  const row = b(0, 300, 1080, 450);
  const appOf = (pkg: string, title: string) =>
    taskGraphOf('t', [
      demoOf(1, [
        { ui: home, action: launch(pkg), activity: 'QuickstepLauncher', app: 'com.android.launcher3' },
        { ui: page(title, button('明天', row, { resourceId: id('day') })), action: tapAt(row), activity: 'MainActivity', app: pkg },
        { ui: page('明天'), action: null, activity: 'DayActivity', app: pkg },
      ]),
    ]);
  const names = new AppNames([{ app: 'Weather', package: 'com.vphone.weather', app_names: ['天气'] }]);
  const walk = (graph: TaskGraph, actions: readonly Action[], withNames = true): boolean => {
    const w = new GraphWalker(graph, DEFAULT_MATCH_OPTIONS, new AppPages([graph], new Set(), withNames ? names : new AppNames()));
    for (const a of actions) if (!w.act(a).taken) return false;
    return w.finish().success;
  };

  it('天气 tapped, where the weather opens on a page titled by its city: accepted; a launch by that name too', () => {
    const weather = appOf('com.vphone.weather', '南京');
    expect(walk(weather, [tapAt(iconOf(0)), tapAt(row)])).toBe(true);
    expect(walk(weather, [launch('天气'), tapAt(row)])).toBe(true);
    expect(walk(weather, [launch('Weather'), tapAt(row)])).toBe(true);
  });

  it('without the task set’s names, another app’s icon, or an app no name tells: not a launch', () => {
    const weather = appOf('com.vphone.weather', '南京');
    expect(walk(weather, [tapAt(iconOf(0)), tapAt(row)], false)).toBe(false);
    expect(walk(weather, [launch('天气'), tapAt(row)], false)).toBe(false);
    expect(walk(weather, [tapAt(iconOf(1)), tapAt(row)])).toBe(false);
    expect(walk(appOf('com.example.notes', '全部便签'), [tapAt(iconOf(1)), tapAt(row)])).toBe(false);
  });
});
