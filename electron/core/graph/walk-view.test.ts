import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A search query is a means, and a scroll changes the view, not the state: the right paths next to a
 * demonstration that differ only so are accepted, the careless ones beside them are not.
 */

const type = (t: string): Action => ({ type: 'Type', text: t });
const enter: Action = { type: 'Enter' };
const swipe = (fromY: number, toY: number): Action => ({ type: 'Swipe', from: { x: 500, y: fromY }, to: { x: 500, y: toY }, ms: 500 });

describe('another search query: the result picked must be named by it', () => {
  const box = b(40, 260, 1040, 380);
  const rows = [b(0, 420, 1080, 560), b(0, 560, 1080, 700), b(0, 700, 1080, 840)];
  const search = (q: string, focused: boolean) => field(q, '搜索地点', box, { resourceId: id('search'), focused });
  const results = (q: string) =>
    page(
      '地图',
      search(q, false),
      n({
        className: 'android.widget.LinearLayout',
        bounds: b(0, 420, 1080, 840),
        children: ['益丰大药房', '老百姓大药房', '同仁堂药店'].map((l, i) => button(l, rows[i]!, { resourceId: id('place') })),
      }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: page('地图', search('', false)), action: tapAt(box) },
      { ui: page('地图', search('', true)), action: type('药店') },
      { ui: page('地图', search('药店', true)), action: enter },
      { ui: results('药店'), action: tapAt(rows[0]!) },
      { ui: page('益丰大药房', button('路线', b(40, 900, 1040, 1050))), action: null, activity: 'PlaceActivity' },
    ]),
  ]);

  it("the demonstration's query, and a query that names the place picked, are accepted", () => {
    expect(walkPath(g, [tapAt(box), type('药店'), enter, tapAt(rows[0]!)]).accepted).toBe(true);
    const named = walkPath(g, [tapAt(box), type('大药房'), enter, tapAt(rows[0]!)]);
    expect(named.reason).toMatch(/reached DONE/);
    expect(named.accepted).toBe(true);
  });

  it('a query for something else, or a result it does not name, or no result picked, is rejected', () => {
    const other = walkPath(g, [tapAt(box), type('医院'), enter, tapAt(rows[0]!)]);
    expect(other.accepted).toBe(false);
    expect(other.reason).toMatch(/not named by the query "医院"/);
    expect(walkPath(g, [tapAt(box), type('同仁堂'), enter, tapAt(rows[0]!)]).accepted).toBe(false);
    expect(walkPath(g, [tapAt(box), type('大药房'), enter]).accepted).toBe(false);
  });
});

describe('a scroll changes the view, not the state', () => {
  const tomorrow = b(40, 900, 1040, 1050);
  const tab = b(0, 2200, 540, 2350);
  // The day list scrolls; the tab bar below it does not.
  const days = n({
    className: 'androidx.recyclerview.widget.RecyclerView',
    scrollable: true,
    bounds: b(0, 300, 1080, 2150),
    children: [button('明天', tomorrow, { resourceId: id('tomorrow') })],
  });
  const g = graphOf([
    demoOf(1, [
      { ui: page('天气', days, button('城市', tab, { resourceId: id('cities') })), action: tapAt(tomorrow) },
      { ui: page('明天', button('返回', b(40, 300, 1040, 420))), action: null, activity: 'DayActivity' },
    ]),
  ]);

  it('scrolled down and back up, the page is as recorded: the tap is judged on its screen', () => {
    const r = walkPath(g, [swipe(700, 300), swipe(300, 700), tapAt(tomorrow)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
    // At the top, a swipe down moves nothing (as on a phone).
    expect(walkPath(g, [swipe(300, 700), tapAt(tomorrow)]).accepted).toBe(true);
  });

  it('scrolled and not back: what is under the finger, no demonstration saw', () => {
    const r = walkPath(g, [swipe(700, 300), tapAt(tomorrow)]);
    expect(r.accepted).toBe(false);
    expect(r.reason).toMatch(/scrolled/);
    expect(walkPath(g, [swipe(700, 300), swipe(300, 500), tapAt(tomorrow)]).accepted).toBe(false);
  });

  it('on a scrolled page, a tap outside the scrolling list is judged on the screen; inside it is not', () => {
    const tabbed = graphOf([
      demoOf(1, [
        { ui: page('天气', days, button('城市', tab, { resourceId: id('cities') })), action: tapAt(tab) },
        { ui: page('城市', button('上海', b(40, 300, 1040, 420))), action: null, activity: 'CityActivity' },
      ]),
    ]);
    expect(walkPath(tabbed, [swipe(700, 300), tapAt(tab)]).accepted).toBe(true);
    expect(walkPath(tabbed, [swipe(700, 300), tapAt(tomorrow)]).accepted).toBe(false);
  });

  it('where nothing scrolls a swipe moves nothing, and the tap after it is judged on the screen', () => {
    const still = graphOf([
      demoOf(1, [
        { ui: page('天气', button('明天', tomorrow, { resourceId: id('tomorrow') })), action: tapAt(tomorrow) },
        { ui: page('明天', button('返回', b(40, 300, 1040, 420))), action: null, activity: 'DayActivity' },
      ]),
    ]);
    const r = walkPath(still, [swipe(700, 300), tapAt(tomorrow)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
    // Judged on the screen, a tap beside the control is still off the graph.
    expect(walkPath(still, [swipe(700, 300), tapAt(b(40, 1700, 1040, 1850))]).accepted).toBe(false);
  });
});
