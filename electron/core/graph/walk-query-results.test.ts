import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { b, button, field, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, taskGraphOf, walkPath } from '../../../test/support/page-demos.js';
import { GraphWalker } from './walk.js';
import { AppPages } from './walk-app-pages.js';

/**
 * A broader query than the task's (医院 where its demonstrations searched 人民医院) lists results no screen of the task
 * shows. Where another task's demonstration submitted that very query in the same box (最近的医院: 医院, then the
 * clinic), its recording shows what the phone lists: the agent is shown it, and a tap on it is judged there — the
 * place this task's demonstrations opened, found again by its label (人民医院, second in that list), opens what it
 * opened for them; another (the clinic) opens what no demonstration of this task saw. Held-out set AI: 医院 searched,
 * 人民医院 picked, bus directions — right by the phone, refused before.
 */
describe("another query's results, as another task's demonstration saw them", () => {
  const box = b(40, 260, 1040, 380);
  const rows = [b(0, 420, 1080, 560), b(0, 560, 1080, 700), b(0, 700, 1080, 840)];
  const go = b(40, 900, 1040, 1050);
  const type = (t: string): Action => ({ type: 'Type', text: t });
  const enter: Action = { type: 'Enter' };
  const search = (q: string, focused: boolean) => field(q, '搜索地点', box, { resourceId: id('search'), focused });
  // The results page is titled by the query, as the phone's is.
  const results = (q: string, places: readonly string[]) =>
    page(
      q,
      search(q, false),
      n({
        className: 'android.widget.LinearLayout',
        bounds: b(0, 420, 1080, 840),
        children: places.map((l, i) => button(l, rows[i]!, { resourceId: id('place') })),
      }),
    );
  const place = (name: string) => page(name, button('开始导航', go, { resourceId: id('nav') }));
  const searched = (demo: number, q: string, places: readonly string[], picked: number) =>
    demoOf(demo, [
      { ui: page('地图', search('', false)), action: tapAt(box) },
      { ui: page('地图', search('', true)), action: type(q) },
      { ui: page('地图', search(q, true)), action: enter },
      { ui: results(q, places), action: tapAt(rows[picked]!), activity: 'ResultsActivity' },
      { ui: place(places[picked]!), action: tapAt(go), activity: 'PlaceActivity' },
      { ui: page('导航中'), action: null, activity: 'NavActivity' },
    ]);
  const own = taskGraphOf('bus-hospital', [searched(1, '人民医院', ['人民医院'], 0)]);
  const nearest = taskGraphOf('nearest-hospital', [searched(2, '医院', ['社区卫生服务中心', '人民医院', '中医院'], 0)]);
  const walker = (others: readonly TaskGraph[]) => new GraphWalker(own, DEFAULT_MATCH_OPTIONS, new AppPages([own, ...others]));
  const walk = (actions: readonly Action[], others: readonly TaskGraph[] = [nearest]): boolean => walkPath(own, actions, others).accepted;
  const query = (q: string): Action[] => [tapAt(box), type(q), enter];

  it("the place this task's demonstrations opened, where the other recording lists it: accepted, that recording shown", () => {
    expect(walk([...query('人民医院'), tapAt(rows[0]!), tapAt(go)])).toBe(true);
    const w = walker([nearest]);
    for (const a of query('医院')) w.act(a);
    expect(w.view.recordedBy).toBe('nearest-hospital');
    // Home over them: the launcher is shown, not the results (the app's page is behind it).
    const home = walker([nearest]);
    for (const a of query('医院')) home.act(a);
    home.act({ type: 'Home' });
    expect(home.view.recordedBy).toBeUndefined();
    const picked = w.act(tapAt(rows[1]!));
    expect(picked.taken?.result.reason).toMatch(/the same result this task's demonstrations opened/);
    expect(w.act(tapAt(go)).taken).not.toBeNull();
    expect(w.finish().success).toBe(true);
  });

  it('another place of that list, the first row (where the own recording shows 人民医院), or no recording of the query: refused', () => {
    expect(walk([...query('医院'), tapAt(rows[0]!), tapAt(go)])).toBe(false);
    expect(walk([...query('医院'), tapAt(rows[2]!), tapAt(go)])).toBe(false);
    expect(walk([...query('医院'), tapAt(rows[1]!), tapAt(go)], [])).toBe(false);
    // A query no recording submitted (院): what it lists, no screen shows.
    expect(walk([...query('院'), tapAt(rows[1]!), tapAt(go)])).toBe(false);
  });

  it("Back from the place picked finds that query's results again: the first row is still the clinic", () => {
    const back: Action = { type: 'Back' };
    expect(walk([...query('医院'), tapAt(rows[1]!), back, tapAt(rows[0]!), tapAt(go)])).toBe(false);
    expect(walk([...query('医院'), tapAt(rows[1]!), back, tapAt(rows[1]!), tapAt(go)])).toBe(true);
  });
});
