import { describe, expect, it } from 'vitest';
import { b, button, id, n, page, row, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * Two tabs above one form (the travel app's 火车票 · 机票, one page title): a destination picked on the flights tab — its
 * 北京 shortcut, the flights listed, Up — stays when the 火车票 tab is pressed, and the train form shows 北京 too. A graph
 * grown from that route (exploration's, recorded by `graph accept-routes`) did not replay it: the walk took the 火车票 tab
 * to the train form as the path had left it (no destination) and not to the recorded press after such a visit, since it
 * looked for where the demonstration left the tab's page and found the flights form (the same page, the other tab).
 */
const trainTab = b(0, 100, 540, 220);
const flightTab = b(540, 100, 1080, 220);
const tabBar = (on: string) =>
  ['火车票', '机票'].map((l, i) => button(l, [trainTab, flightTab][i]!, { resourceId: id(`tab${i}`), selected: l === on }));
const destination = b(40, 300, 1040, 420);
const beijing = b(40, 500, 540, 600);
const search = b(40, 700, 1040, 820);
const form = (tab: string, to: string) =>
  page(
    '出行',
    ...tabBar(tab),
    row('到达', to || '请选择', destination, { clickable: true, resourceId: id('to') }),
    button('北京', beijing, { resourceId: id('hot_city') }),
    button('查询', search, { resourceId: id('search') }),
  );
const up = b(0, 0, 136, 90);
const firstRow = b(0, 300, 1080, 500);
const results = (kind: string) =>
  page(
    `南京 → 北京 · ${kind}`,
    n({ className: 'android.widget.ImageButton', contentDesc: '转到上一层级', clickable: true, bounds: up }),
    button(kind === '火车票' ? 'G251 07:40' : 'MU5101 08:00', firstRow, { resourceId: id('row') }),
  );
const submit = b(40, 2000, 1040, 2120);
const book = page('填写订单', button('提交订单', submit, { resourceId: id('submit') }));
const order = page('行程详情', button('返回首页', b(40, 600, 1040, 730), { resourceId: id('home') }));
const RESULTS = { activity: 'ResultsActivity' };
const BOOK = { activity: 'BookActivity' };
const ORDER = { activity: 'OrderActivity' };

describe('a tab of a bar above one form, pressed after the other tab changed the form', () => {
  const viaFlights = [tapAt(flightTab), tapAt(beijing), tapAt(up), tapAt(trainTab), tapAt(search), tapAt(firstRow), tapAt(submit)];
  const g = graphOf([
    // The people: 北京's shortcut on the train form, the first train.
    demoOf(1, [
      { ui: form('火车票', ''), action: tapAt(beijing) },
      { ui: results('火车票'), action: tapAt(firstRow), ...RESULTS },
      { ui: book, action: tapAt(submit), ...BOOK },
      { ui: order, action: null, ...ORDER },
    ]),
    // Grown: the flights tab, its 北京 shortcut, Up, the train tab (北京 there too), 查询, the first train.
    demoOf(2, [
      { ui: form('火车票', ''), action: tapAt(flightTab) },
      { ui: form('机票', ''), action: tapAt(beijing) },
      { ui: results('机票'), action: tapAt(up), ...RESULTS },
      { ui: form('机票', '北京'), action: tapAt(trainTab) },
      { ui: form('火车票', '北京'), action: tapAt(search) },
      { ui: results('火车票'), action: tapAt(firstRow), ...RESULTS },
      { ui: book, action: tapAt(submit), ...BOOK },
      { ui: order, action: null, ...ORDER },
    ]),
  ]);

  it('the grown route replays: the train tab shows the form as its recorded press after that visit did', () => {
    const r = walkPath(g, viaFlights);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('the flights tab looked at and left without a destination, then 查询 on the train form: refused', () => {
    expect(walkPath(g, [tapAt(flightTab), tapAt(trainTab), tapAt(search), tapAt(firstRow), tapAt(submit)]).accepted).toBe(false);
  });

  it('the flight booked instead of the train: refused', () => {
    expect(walkPath(g, [tapAt(flightTab), tapAt(beijing), tapAt(firstRow), tapAt(submit)]).accepted).toBe(false);
  });
});
