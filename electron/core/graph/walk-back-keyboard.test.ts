import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A recorded Back that stays on its page: the app store's search box tapped (the keyboard up), Back (the keyboard down,
 * the box keeps the focus), a swipe down the list and a row. A graph grown from exploration's routes holds this Back as
 * an edge of the page to itself; the walk took it and kept the keyboard up, so the swipe was read as on the keyboard and
 * the row as a key: the graph did not replay its own route (its probe called it not valid).
 */
const down: Action = { type: 'Swipe', from: { x: 500, y: 1500 }, to: { x: 500, y: 700 }, ms: 400 };
const APPS = ['微信', '支付宝', '抖音', '淘宝', '挂号网', '天气通', '广场舞', '象棋', '收音机', '手电筒'];
const rowAt = (i: number) => b(0, 300 + i * 300, 1080, 600 + i * 300);
const searchBox = b(40, 100, 1040, 220);
/** The home list scrolled by `first` rows; with the search box focused, the keyboard covers the list below 1300 px. */
const home = (first: number, focused = false, query = '') =>
  page(
    '应用商店',
    field(query, '搜索应用', searchBox, { resourceId: id('search'), focused }),
    n({
      className: 'androidx.recyclerview.widget.RecyclerView',
      resourceId: id('list'),
      scrollable: true,
      bounds: b(0, 300, 1080, focused ? 1300 : 2200),
      children: APPS.slice(first, first + (focused ? 3 : 6)).map((label, i) => button(label, rowAt(i), { resourceId: id('row') })),
    }),
  );
const details = (app: string) => page(app, button('安装', b(40, 600, 1040, 730), { resourceId: id('install') }));
const DETAILS = { activity: 'DetailsActivity' };
const install = tapAt(b(40, 600, 1040, 730));
const results = page('搜索结果', button('挂号网', rowAt(0), { resourceId: id('result') }));

describe('a recorded Back that stays on the page hides the keyboard', () => {
  const g = graphOf([
    demoOf(1, [
      { ui: home(0), action: tapAt(searchBox) },
      { ui: home(0, true), action: { type: 'Back' } },
      { ui: home(0), action: down },
      { ui: home(4), action: tapAt(rowAt(0)) },
      { ui: details('挂号网'), action: install, ...DETAILS },
      { ui: details('挂号网'), action: null, ...DETAILS },
    ]),
    // The search box typed in: the box is a field the walk knows, and a tap on it raises the keyboard.
    demoOf(3, [
      { ui: home(0), action: tapAt(searchBox) },
      { ui: home(0, true), action: { type: 'Type', text: '挂号' } },
      { ui: home(0, true, '挂号'), action: { type: 'Enter' } },
      { ui: results, action: tapAt(rowAt(0)), activity: 'SearchActivity' },
      { ui: details('挂号网'), action: install, ...DETAILS },
      { ui: details('挂号网'), action: null, ...DETAILS },
    ]),
    demoOf(2, [
      { ui: home(0), action: tapAt(rowAt(4)) },
      { ui: details('挂号网'), action: install, ...DETAILS },
      { ui: details('挂号网'), action: null, ...DETAILS },
    ]),
  ]);

  it('the route as recorded: the swipe moves the list, the row opens 挂号网 (accepted)', () => {
    const r = walkPath(g, [tapAt(searchBox), { type: 'Back' }, down, tapAt(rowAt(0)), install]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('after that Back the keyboard is down: a tap low on the page is the row there, not a key', () => {
    const r = walkPath(g, [tapAt(searchBox), { type: 'Back' }, tapAt(rowAt(4)), install]);
    expect(r.accepted).toBe(true);
  });

  it('the keyboard still up (no Back): a tap low on the page is a key (refused)', () => {
    expect(walkPath(g, [tapAt(searchBox), tapAt(rowAt(4)), install]).accepted).toBe(false);
  });
});
