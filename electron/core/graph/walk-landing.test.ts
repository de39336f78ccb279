import { describe, expect, it } from 'vitest';
import { b, button, id, page, row, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A trip from a form to a picker page and back keeps what the form held before the trip. The travel app's form: one
 * demonstration chose the destination on the city page and then the date; the other chose the date and then tapped a
 * city shortcut on the form. The date first and then the city page — an order neither took — is the same booking;
 * another date first is not.
 */
describe('a picker page and back: the form keeps what was set on it before', () => {
  const dateRow = b(0, 400, 1080, 540);
  const toRow = b(0, 560, 1080, 700);
  const search = b(40, 760, 1040, 900);
  const quick = b(40, 1000, 300, 1120);
  const form = (date: string, to: string) =>
    page(
      '出行',
      row('日期', date, dateRow, { clickable: true, resourceId: id('date') }),
      row('到达', to, toRow, { clickable: true, resourceId: id('to') }),
      button('查询', search, { resourceId: id('search') }),
      button('杭州', quick, { resourceId: id('quick_city') }),
    );
  const days = ['今天', '明天', '后天'];
  const dayAt = (i: number) => b(40, 400 + i * 160, 1040, 540 + i * 160);
  const datePage = page('选择日期', ...days.map((d, i) => button(d, dayAt(i), { resourceId: id('day') })));
  const cityAt = b(40, 400, 1040, 540);
  const cityPage = page(
    '到达城市',
    button('杭州', cityAt, { resourceId: id('city') }),
    button('上海', b(40, 560, 1040, 700), { resourceId: id('city') }),
  );
  const results = page('杭州 · 火车票', button('G7501', b(40, 400, 1040, 540)));
  const g = graphOf([
    demoOf(1, [
      { ui: form('今天', '选择城市'), action: tapAt(toRow) },
      { ui: cityPage, action: tapAt(cityAt), activity: 'CityActivity' },
      { ui: form('今天', '杭州'), action: tapAt(dateRow) },
      { ui: datePage, action: tapAt(dayAt(2)), activity: 'DateActivity' },
      { ui: form('后天', '杭州'), action: tapAt(search) },
      { ui: results, action: null, activity: 'ResultActivity' },
    ]),
    demoOf(2, [
      { ui: form('今天', '选择城市'), action: tapAt(dateRow) },
      { ui: datePage, action: tapAt(dayAt(2)), activity: 'DateActivity' },
      { ui: form('后天', '选择城市'), action: tapAt(quick) },
      { ui: results, action: null, activity: 'ResultActivity' },
    ]),
  ]);
  const date = (i: number) => [tapAt(dateRow), tapAt(dayAt(i))];
  const city = [tapAt(toRow), tapAt(cityAt)];

  it('as demonstrated: accepted', () => {
    expect(walkPath(g, [...city, ...date(2), tapAt(search)]).accepted).toBe(true);
    expect(walkPath(g, [...date(2), tapAt(quick)]).accepted).toBe(true);
  });

  it('the date first, then the city page: accepted (back on the form, the date is still 后天)', () => {
    const r = walkPath(g, [...date(2), ...city, tapAt(search)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('another date first, then the city page: not accepted', () => {
    expect(walkPath(g, [...date(1), ...city, tapAt(search)]).accepted).toBe(false);
    expect(walkPath(g, [...date(0), ...city, tapAt(search)]).accepted).toBe(false);
  });
});
