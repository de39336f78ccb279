import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { b, button, field, id, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf } from '../../../test/support/page-demos.js';
import { GraphWalker } from './walk.js';

/**
 * A picker of an activity of its own that shows its value (the weather's city list, the city shown selected), closed
 * back to the main page, which is titled by the city picked. Another city than the asked one picked first closes it as
 * the asked one would, with a value no demonstration saw; 城市管理 again and the asked city — from the list, or searched
 * for — sets it right (exploration: 城市管理, 北京, 城市管理, 上海 was refused; on the phone the city is 上海).
 */
describe('another option of a city picker first, then the asked one', () => {
  const manage = b(933, 84, 1059, 210);
  const box = b(42, 242, 1038, 367);
  const cities = ['南京', '北京', '上海', '广州'];
  const row = (i: number) => b(0, 400 + i * 150, 1080, 550 + i * 150);
  const main = (city: string) =>
    page(city, button('城市管理', manage, { resourceId: id('cities') }), text('晴 22°', b(40, 400, 1040, 600)));
  const search = (q: string) => field(q, '搜索城市', box, { resourceId: id('city_search') });
  const list = () =>
    page('城市管理', search(''), ...cities.map((c, i) => button(c, row(i), { resourceId: id('city_row'), selected: c === '南京' })));
  const result = b(0, 400, 1080, 550);
  const found = () => page('城市管理', search('上海'), button('上海', result, { resourceId: id('city_row') }));
  const g = graphOf([
    demoOf(1, [
      { ui: main('南京'), action: tapAt(manage) },
      { ui: list(), action: tapAt(row(2)), activity: 'CitiesActivity' },
      { ui: main('上海'), action: null },
    ]),
    demoOf(2, [
      { ui: main('南京'), action: tapAt(manage) },
      { ui: list(), action: tapAt(box), activity: 'CitiesActivity' },
      { ui: list(), action: { type: 'Type', text: '上海' }, activity: 'CitiesActivity' },
      { ui: found(), action: tapAt(result), activity: 'CitiesActivity' },
      { ui: main('上海'), action: null },
    ]),
  ]);
  const walk = (actions: readonly Action[]): boolean => {
    const w = new GraphWalker(g, DEFAULT_MATCH_OPTIONS);
    for (const a of actions) if (!w.act(a).taken) return false;
    return w.finish().success;
  };

  it('the asked city: accepted; another city, left: not', () => {
    expect(walk([tapAt(manage), tapAt(row(2))])).toBe(true);
    expect(walk([tapAt(manage), tapAt(box), { type: 'Type', text: '上海' }, tapAt(result)])).toBe(true);
    expect(walk([tapAt(manage), tapAt(row(1))])).toBe(false);
  });

  it('another city first, then the asked one from the list or by the search: accepted', () => {
    expect(walk([tapAt(manage), tapAt(row(1)), tapAt(manage), tapAt(row(2))])).toBe(true);
    expect(walk([tapAt(manage), tapAt(row(3)), tapAt(manage), tapAt(box), { type: 'Type', text: '上海' }, tapAt(result)])).toBe(true);
  });

  it('the asked city, then another: not accepted', () => {
    expect(walk([tapAt(manage), tapAt(row(2)), tapAt(manage), tapAt(row(1))])).toBe(false);
  });
});
