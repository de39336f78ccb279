import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A label tapped where no recorded move of the page takes it is moved to where a recorded press of that label was made
 * (the page's layout moved) — only a press made with the list where the walk has it. The app store's home, its search
 * box the list's first row: 挂号网 is the fifth row at the top, the first one swipe down. Pressed one swipe down in a
 * recording, 挂号网 tapped at the top was moved to the first row's place — the search box there — and the keyboard rose
 * (a graph grown from exploration's routes refused 19 right paths so).
 */
const down: Action = { type: 'Swipe', from: { x: 500, y: 1500 }, to: { x: 500, y: 700 }, ms: 400 };
const APPS = ['微信', '支付宝', '抖音', '挂号网', '天气通', '广场舞', '象棋', '收音机', '手电筒'];
const rowAt = (i: number) => b(0, 300 + i * 300, 1080, 600 + i * 300);
/** The home list, its search box the first of its rows (it scrolls away with them), scrolled by `first` rows. */
const home = (first: number, query = '') => {
  const rows = [
    field(query, '搜索应用', rowAt(0), { resourceId: id('search') }),
    ...APPS.map((label) => button(label, rowAt(0), { resourceId: id('row') })),
  ].slice(first, first + 6);
  return page(
    '应用商店',
    n({
      className: 'androidx.recyclerview.widget.RecyclerView',
      resourceId: id('list'),
      scrollable: true,
      bounds: b(0, 300, 1080, 2200),
      children: rows.map((r, i) => ({ ...r, bounds: rowAt(i) })),
    }),
  );
};
const installAt = b(40, 2000, 1040, 2130);
const details = (app: string) => page(app, button('安装', installAt, { resourceId: id('install') }));
const DETAILS = { activity: 'DetailsActivity' };
const install = tapAt(installAt);
const results = page('搜索结果', button('挂号网', rowAt(0), { resourceId: id('result') }));

describe('a label moved to where a recorded press of it was made, only on the list as the walk has it', () => {
  const g = graphOf([
    // 挂号网 pressed one swipe down (the first row there).
    demoOf(1, [
      { ui: home(0), action: down },
      { ui: home(4), action: tapAt(rowAt(0)) },
      { ui: details('挂号网'), action: install, ...DETAILS },
      { ui: details('挂号网'), action: null, ...DETAILS },
    ]),
    // 挂号网 searched: its page, named by the label pressed on another page.
    demoOf(3, [
      { ui: home(0), action: tapAt(rowAt(0)) },
      { ui: home(0), action: { type: 'Type', text: '挂号' } },
      { ui: home(0, '挂号'), action: { type: 'Enter' } },
      { ui: results, action: tapAt(rowAt(0)), activity: 'SearchActivity' },
      { ui: details('挂号网'), action: install, ...DETAILS },
      { ui: details('挂号网'), action: null, ...DETAILS },
    ]),
    // 微信, the second row at the top, opened and left.
    demoOf(2, [
      { ui: home(0), action: tapAt(rowAt(1)) },
      { ui: details('微信'), action: { type: 'Back' }, ...DETAILS },
      { ui: home(0), action: down },
      { ui: home(4), action: tapAt(rowAt(0)) },
      { ui: details('挂号网'), action: install, ...DETAILS },
      { ui: details('挂号网'), action: null, ...DETAILS },
    ]),
  ]);

  it('as recorded: accepted', () => {
    expect(walkPath(g, [down, tapAt(rowAt(0)), install]).accepted).toBe(true);
  });

  it('挂号网 tapped at the top, the fifth row: its own page, not the search box where it stands one swipe down (accepted)', () => {
    const r = walkPath(g, [tapAt(rowAt(4)), install]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('the search box tapped at the top, where 挂号网 stands one swipe down, and 安装’s place: refused', () => {
    expect(walkPath(g, [tapAt(rowAt(0)), install]).accepted).toBe(false);
  });
});
