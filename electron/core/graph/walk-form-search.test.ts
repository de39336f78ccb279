import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { Demo, TaskGraph } from '../../../shared/domain/task-graph.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { b, button, n, page, row, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf } from '../../../test/support/page-demos.js';
import { GraphWalker } from './walk.js';
import { AppPages } from './walk-app-pages.js';

/**
 * A travel app's home: 到达 opens the city list; a row of 热门目的地 sets 到达 and opens the results at once. This task's
 * demonstration took the 三亚 shortcut; another task's went to 杭州 both ways (the shortcut, and 到达 then 查询), which
 * reached one state. So the form's 查询, with the form holding what the 三亚 shortcut sets (三亚, then Back: the phone's
 * form shows 到达 三亚), leads where the shortcut led (exploration: 三亚, Back, 查询 was refused on the other task's page).
 */
describe("the form's search where this task took a shortcut", () => {
  const toRow = b(0, 300, 1080, 450);
  const search = b(40, 500, 1040, 650);
  const shortcut = (i: number) => b(0, 800 + i * 150, 1080, 950 + i * 150);
  const cities = ['北京', '三亚', '杭州'];
  const home = (to: string) =>
    page(
      '出行',
      n({
        className: 'android.widget.LinearLayout',
        bounds: b(0, 300, 1080, 1250),
        children: [row('到达', to, toRow, { clickable: true }), button('查询', search), ...cities.map((c, i) => button(c, shortcut(i)))],
      }),
    );
  const cityRow = (i: number) => b(0, 300 + i * 150, 1080, 450 + i * 150);
  const cityList = page('到达城市', ...cities.map((c, i) => button(c, cityRow(i))));
  const train = b(0, 300, 1080, 450);
  const results = (to: string) => page(`南京 → ${to} · 火车票`, button('G1', train));
  const order = (to: string) => page('行程详情', button(`南京 → ${to}`, b(0, 300, 1080, 450)));
  const byShortcut = (id: number, i: number): Demo =>
    demoOf(id, [
      { ui: home('选择城市'), action: tapAt(shortcut(i)) },
      { ui: results(cities[i]!), action: tapAt(train), activity: 'ResultsActivity' },
      { ui: order(cities[i]!), action: null, activity: 'OrderActivity' },
    ]);
  const byList = (id: number, i: number): Demo =>
    demoOf(id, [
      { ui: home('选择城市'), action: tapAt(toRow) },
      { ui: cityList, action: tapAt(cityRow(i)), activity: 'CityActivity' },
      { ui: home(cities[i]!), action: tapAt(search) },
      { ui: results(cities[i]!), action: tapAt(train), activity: 'ResultsActivity' },
      { ui: order(cities[i]!), action: null, activity: 'OrderActivity' },
    ]);
  const named = (g: TaskGraph, taskId: string): TaskGraph => ({ ...g, taskId });
  const own = named(graphOf([byShortcut(1, 1)]), 'to-sanya');
  const bothWays = named(graphOf([byShortcut(2, 2), byList(3, 2)]), 'to-hangzhou');
  const back: Action = { type: 'Back' };
  const walk = (others: readonly TaskGraph[], actions: readonly Action[]) => {
    const w = new GraphWalker(own, DEFAULT_MATCH_OPTIONS, new AppPages([own, ...others]));
    for (const a of actions) if (!w.act(a).taken) return false;
    return w.finish().success;
  };

  it('三亚, Back, 查询: where the shortcut led, and the task is done there', () => {
    expect(walk([bothWays], [tapAt(shortcut(1)), tapAt(train)])).toBe(true);
    expect(walk([bothWays], [tapAt(shortcut(1)), back, tapAt(search), tapAt(train)])).toBe(true);
  });

  it('the form holding something else (another shortcut taken since): not where the shortcut led', () => {
    expect(walk([bothWays], [tapAt(shortcut(1)), back, tapAt(shortcut(2)), back, tapAt(search), tapAt(train)])).toBe(false);
  });

  it('where no recording shows the search reach what a shortcut reaches, or no other task is known: not taken', () => {
    const shortcutOnly = named(graphOf([byShortcut(2, 2)]), 'to-hangzhou');
    expect(walk([shortcutOnly], [tapAt(shortcut(1)), back, tapAt(search), tapAt(train)])).toBe(false);
    expect(walk([], [tapAt(shortcut(1)), back, tapAt(search), tapAt(train)])).toBe(false);
  });
});
