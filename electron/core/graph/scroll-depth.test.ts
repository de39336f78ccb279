import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A list's scroll position is part of its page's state: a tap recorded two screens down the list is that row
 * only where the walk has scrolled as far; the same place unscrolled is another row.
 */
const down: Action = { type: 'Swipe', from: { x: 500, y: 750 }, to: { x: 500, y: 250 }, ms: 400 };
const up: Action = { type: 'Swipe', from: { x: 500, y: 250 }, to: { x: 500, y: 750 }, ms: 400 };
const APPS = ['天气', '计算器', '日历', '相册', '音乐', '地图', '广场舞教学', '老年麻将'];
const rowAt = (i: number) => b(0, 300 + i * 300, 1080, 600 + i * 300);
/** The store's home list scrolled by `first` rows: what shows, each row where it is. */
const home = (first: number, scrolls = true) =>
  page(
    '应用商店',
    n({
      className: 'androidx.recyclerview.widget.RecyclerView',
      resourceId: id('list'),
      scrollable: scrolls,
      bounds: b(0, 300, 1080, 2400),
      children: APPS.slice(first, first + 7).map((label, i) => button(label, rowAt(i), { resourceId: id('row') })),
    }),
  );
const install = b(40, 600, 1040, 730);
const details = (name: string, state: string) => page(name, button(state, install, { resourceId: id('install') }));
const tapRow = (i: number): Action => tapAt(rowAt(i));

describe("a list's scroll position is part of the page's state", () => {
  // Scrolled three rows down, 广场舞教学 is the fourth row shown (it is the seventh unscrolled).
  const g = graphOf([
    demoOf(1, [
      { ui: home(0), action: down },
      { ui: home(3), action: tapRow(3) },
      { ui: details('广场舞教学', '安装'), action: tapAt(install), activity: 'DetailsActivity' },
      { ui: details('广场舞教学', '已安装'), action: null, activity: 'DetailsActivity' },
    ]),
  ]);

  it('the demonstration: scrolled, the row, installed', () => {
    const r = walkPath(g, [down, tapRow(3), tapAt(install)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('the same place unscrolled, or scrolled down and back up, is another app', () => {
    expect(walkPath(g, [tapRow(3), tapAt(install)]).accepted).toBe(false);
    expect(walkPath(g, [down, up, tapRow(3), tapAt(install)]).accepted).toBe(false);
  });

  it('a swipe on a page where nothing scrolls moves nothing: the row is where the screen shows it', () => {
    const still = graphOf([
      demoOf(1, [
        { ui: home(0, false), action: down },
        { ui: home(0, false), action: tapRow(6) },
        { ui: details('广场舞教学', '安装'), action: tapAt(install), activity: 'DetailsActivity' },
        { ui: details('广场舞教学', '已安装'), action: null, activity: 'DetailsActivity' },
      ]),
    ]);
    expect(walkPath(still, [tapRow(6), tapAt(install)]).accepted).toBe(true);
    expect(walkPath(still, [down, tapRow(6), tapAt(install)]).accepted).toBe(true);
  });
});

describe('Enter submits the field with the focus, however far the page is scrolled', () => {
  // The store's home page: a search box above the list. One demonstration searched (typed, Enter), one scrolled to the
  // row; the path types the query, scrolls, and then presses Enter (found by exploring the sample phone).
  const box = b(40, 150, 1040, 280);
  const withBox = (first: number, query: string) => {
    const p = home(first);
    return { ...p, roots: [field(query, '搜索应用', box, { resourceId: id('search') }), ...p.roots] };
  };
  const results = page('搜索结果', button('广场舞教学', rowAt(0), { resourceId: id('row') }));
  const g = graphOf([
    demoOf(1, [
      { ui: withBox(0, ''), action: tapAt(box) },
      { ui: withBox(0, ''), action: { type: 'Type', text: '广场舞' } },
      { ui: withBox(0, '广场舞'), action: { type: 'Enter' } },
      { ui: results, action: tapRow(0), activity: 'SearchActivity' },
      { ui: details('广场舞教学', '安装'), action: tapAt(install), activity: 'DetailsActivity' },
      { ui: details('广场舞教学', '已安装'), action: null, activity: 'DetailsActivity' },
    ]),
    demoOf(2, [
      { ui: withBox(0, ''), action: down },
      { ui: withBox(3, ''), action: tapRow(3) },
      { ui: details('广场舞教学', '安装'), action: tapAt(install), activity: 'DetailsActivity' },
      { ui: details('广场舞教学', '已安装'), action: null, activity: 'DetailsActivity' },
    ]),
  ]);
  const typed: Action[] = [tapAt(box), { type: 'Type', text: '广场舞' }];

  it('typed, scrolled, Enter: the results, as the demonstration that searched saw them', () => {
    const r = walkPath(g, [...typed, down, { type: 'Enter' }, tapRow(0), tapAt(install)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('a tap is where the finger lands: typed, scrolled, the place of the first result is a row of the scrolled list', () => {
    expect(walkPath(g, [...typed, down, tapRow(0), tapAt(install)]).accepted).toBe(false);
  });
});
