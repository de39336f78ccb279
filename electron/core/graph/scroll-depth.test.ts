import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
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
