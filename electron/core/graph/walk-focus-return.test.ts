import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * The field that had the focus on a page has it again when a recorded way back returns there: a phone restores a resumed
 * window's focused field (the keyboard down), and typing goes into it. The app store's search box tapped, Back (the
 * keyboard down), a row opened and Back again — by a graph's recorded edges, as a graph grown from exploration's routes
 * holds them — then 麻将 typed: the phone types into the box. The walk refused the typing as going nowhere, where the
 * same trip off the recordings (Back from a page no demonstration recorded) kept the focus (exploration on the grown
 * graphs: store-card-game). Through the CLI: grown-kinds-cli, store-card-game.
 */
const rowAt = (i: number) => b(0, 300 + i * 300, 1080, 600 + i * 300);
const searchBox = b(40, 100, 1040, 220);
const APPS = ['微信', '支付宝', '抖音', '淘宝', '挂号网'];
const home = (focused = false, query = '') =>
  page(
    '应用商店',
    field(query, '搜索应用', searchBox, { resourceId: id('search'), focused }),
    ...APPS.map((label, i) => button(label, rowAt(i), { resourceId: id('row') })),
  );
const details = (app: string) => page(app, button('安装', b(40, 600, 1040, 730), { resourceId: id('install') }));
const DETAILS = { activity: 'DetailsActivity' };
const install = tapAt(b(40, 600, 1040, 730));
const back: Action = { type: 'Back' };
const type: Action = { type: 'Type', text: '挂号' };
const enter: Action = { type: 'Enter' };

describe('a field focused on a page has the focus again when a recorded way back returns there', () => {
  const g = graphOf([
    demoOf(1, [
      { ui: home(), action: tapAt(searchBox) },
      { ui: home(true), action: type },
      { ui: home(true, '挂号'), action: enter },
      {
        ui: page('搜索结果', button('挂号网', rowAt(0), { resourceId: id('result') })),
        action: tapAt(rowAt(0)),
        activity: 'SearchActivity',
      },
      { ui: details('挂号网'), action: install, ...DETAILS },
      { ui: details('挂号网'), action: null, ...DETAILS },
    ]),
    // Another app's page opened and left by Back, then 挂号网 from the list.
    demoOf(2, [
      { ui: home(), action: tapAt(rowAt(1)) },
      { ui: details('支付宝'), action: back, ...DETAILS },
      { ui: home(), action: tapAt(rowAt(4)) },
      { ui: details('挂号网'), action: install, ...DETAILS },
      { ui: details('挂号网'), action: null, ...DETAILS },
    ]),
  ]);
  const search = [type, enter, tapAt(rowAt(0)), install];

  it('the box tapped, Back, 支付宝 opened and left by Back, then typing: into the box (accepted)', () => {
    expect(walkPath(g, [tapAt(searchBox), back, tapAt(rowAt(1)), back, ...search]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(searchBox), tapAt(rowAt(1)), back, ...search]).accepted).toBe(true);
  });

  it('no field tapped before: the typing goes nowhere (refused); the search left unfinished: refused', () => {
    expect(walkPath(g, [tapAt(rowAt(1)), back, ...search]).accepted).toBe(false);
    expect(walkPath(g, [tapAt(searchBox), back, tapAt(rowAt(1)), back, type, enter, tapAt(rowAt(0))]).accepted).toBe(false);
  });
});
