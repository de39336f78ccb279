import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A picker of an activity of its own closes back to the activity below it, which shows the pick in its title (the
 * weather's 城市管理: 上海 chosen, the main screen titled 上海 — another page of the model than the one titled 南京). The
 * phone finished the picker: Back from the main screen leaves the app, and the picker opened again, then Back, shows
 * the main screen as the path left it, 上海 (held-out by hand: the walk stood on 南京 and refused the right path).
 */
describe('a picker of its own activity, closed back to the page below it', () => {
  const manage = b(840, 100, 1040, 220);
  const search = b(40, 260, 1040, 380);
  const shanghai = b(0, 845, 1080, 992);
  const result = b(0, 400, 1080, 540);
  const main = (city: string) => page(city, button('城市管理', manage, { resourceId: id('manage') }));
  const cities = (typed: string) =>
    page(
      '城市管理',
      field(typed, '搜索城市', search, { resourceId: id('city_search') }),
      button('南京', b(0, 700, 1080, 840), { resourceId: id('city_row') }),
      button('上海', shanghai, { resourceId: id('city_row') }),
      ...(typed ? [button('上海', result, { resourceId: id('city_row') })] : []),
    );
  const picked = demoOf(1, [
    { ui: main('南京'), action: tapAt(manage) },
    { ui: cities(''), action: tapAt(shanghai), activity: 'CitiesActivity' },
    { ui: main('上海'), action: null },
  ]);
  const searched = demoOf(2, [
    { ui: main('南京'), action: tapAt(manage) },
    { ui: cities(''), action: tapAt(search), activity: 'CitiesActivity' },
    { ui: cities(''), action: { type: 'Type', text: '上海' }, activity: 'CitiesActivity' },
    { ui: cities('上海'), action: tapAt(result), activity: 'CitiesActivity' },
    { ui: main('上海'), action: null },
  ]);
  const back: Action = { type: 'Back' };

  // The node the walk stands on is the screen an offline run shows the agent next.
  const standsOn = (r: ReturnType<typeof walkPath>): string[] => [...r.walker.current];

  it('上海 picked, 城市管理 opened again, Back: the main screen as the path left it (上海), shown and accepted', () => {
    const g = graphOf([picked]);
    const r = walkPath(g, [tapAt(manage), tapAt(shanghai), tapAt(manage), back]);
    expect(standsOn(r)).toEqual(['n2']);
    expect(r.accepted).toBe(true);
  });

  it('the pick made after steps inside the picker (the city searched for first): the same', () => {
    const g = graphOf([searched]);
    const r = walkPath(g, [tapAt(manage), tapAt(search), { type: 'Type', text: '上海' }, tapAt(result), tapAt(manage), back]);
    expect(standsOn(r)).toEqual([g.nodes.find((x) => x.signature.title === '上海')!.id]);
    expect(r.accepted).toBe(true);
  });

  it('nothing picked: 城市管理, Back, refused; nor after 城市管理 opened again and Back twice', () => {
    const g = graphOf([picked, searched]);
    expect(walkPath(g, [tapAt(manage), back]).accepted).toBe(false);
    expect(walkPath(g, [tapAt(manage), back, tapAt(manage), back]).accepted).toBe(false);
  });
});
