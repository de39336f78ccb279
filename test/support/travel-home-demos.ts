import type { Demo } from '../../shared/domain/task-graph.js';
import { b, button, n, page, row, tapAt } from './ui-builder.js';
import { demoOf } from './page-demos.js';

/**
 * A travel app's home for tests of what its city shortcuts set: 到达 opens the city list; a row of 热门目的地 (one per
 * city given) sets 到达 and opens the results at once; 查询 searches with what the form holds. Demonstrations reach one
 * city's order by its shortcut (`byShortcut`) or by 到达, the city list and 查询 (`byList`).
 */
export function travelHome(cities: readonly string[]) {
  const toRow = b(0, 300, 1080, 450);
  const search = b(40, 500, 1040, 650);
  const shortcut = (i: number) => b(0, 800 + i * 150, 1080, 950 + i * 150);
  const cityRow = (i: number) => b(0, 300 + i * 150, 1080, 450 + i * 150);
  const train = b(0, 300, 1080, 450);
  const home = (to: string) =>
    page(
      '出行',
      n({
        className: 'android.widget.LinearLayout',
        bounds: b(0, 300, 1080, 1250),
        children: [row('到达', to, toRow, { clickable: true }), button('查询', search), ...cities.map((c, i) => button(c, shortcut(i)))],
      }),
    );
  const cityList = page('到达城市', ...cities.map((c, i) => button(c, cityRow(i))));
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
  return { toRow, search, shortcut, cityRow, train, byShortcut, byList };
}
