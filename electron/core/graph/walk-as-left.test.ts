import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A list left for another page by a button and come back to by that page's Up arrow: the app store's home list, 更新 in
 * its app bar, and the updates page's Up. Each recording found the list as it had left it (at the top, or one swipe
 * down), so the walk, come back, stands where the path left the list — not at every depth a recording came back to,
 * from where a swipe was taken as the one down from the top (a graph grown from exploration's routes did not replay one
 * of them, and its probe called it not valid).
 */
const down: Action = { type: 'Swipe', from: { x: 500, y: 1500 }, to: { x: 500, y: 700 }, ms: 400 };
const APPS = [
  '微信',
  '支付宝',
  '抖音',
  '淘宝',
  '老年麻将',
  '天气通',
  '广场舞',
  '象棋',
  '收音机',
  '手电筒',
  '计算器',
  '日历',
  '相册',
  '地图',
];
const rowAt = (i: number) => b(0, 300 + i * 300, 1080, 600 + i * 300);
const updatesButton = b(900, 100, 1060, 220);
const upArrow = b(0, 80, 136, 240);
/** The home list scrolled by `first` rows. */
const home = (first: number) =>
  page(
    '应用商店',
    button('更新', updatesButton, { resourceId: id('updates') }),
    n({
      className: 'androidx.recyclerview.widget.RecyclerView',
      resourceId: id('list'),
      scrollable: true,
      bounds: b(0, 300, 1080, 2200),
      children: APPS.slice(first, first + 6).map((label, i) => button(label, rowAt(i), { resourceId: id('row') })),
    }),
  );
const updates = () =>
  page(
    '应用更新',
    n({ className: 'android.widget.ImageButton', contentDesc: '转到上一层级', clickable: true, bounds: upArrow }),
    button('全部更新', b(40, 300, 1040, 420), { resourceId: id('update_all') }),
  );
const details = (app: string) => page(app, button('安装', b(40, 600, 1040, 730), { resourceId: id('install') }));
const DONE = { activity: 'DetailsActivity' };

describe('a list come back to by the Up arrow of the page it opened, as the path left it', () => {
  const g = graphOf([
    // Left at the top for the updates and back: at the top; the first row.
    demoOf(1, [
      { ui: home(0), action: tapAt(updatesButton) },
      { ui: updates(), action: tapAt(upArrow), activity: 'UpdatesActivity' },
      { ui: home(0), action: tapAt(rowAt(4)) },
      { ui: details('老年麻将'), action: null, ...DONE },
    ]),
    // Left one swipe down and back: one swipe down; a swipe more, and 老年麻将 further down.
    demoOf(2, [
      { ui: home(0), action: down },
      { ui: home(2), action: tapAt(updatesButton) },
      { ui: updates(), action: tapAt(upArrow), activity: 'UpdatesActivity' },
      { ui: home(2), action: down },
      { ui: home(4), action: tapAt(rowAt(0)) },
      { ui: details('老年麻将'), action: null, ...DONE },
    ]),
  ]);

  it('each demonstration replays', () => {
    expect(walkPath(g, [tapAt(updatesButton), tapAt(upArrow), tapAt(rowAt(4))]).accepted).toBe(true);
    const r = walkPath(g, [down, tapAt(updatesButton), tapAt(upArrow), down, tapAt(rowAt(0))]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('left one swipe down, back by Up, and the first row without the second swipe (抖音 there): refused', () => {
    expect(walkPath(g, [down, tapAt(updatesButton), tapAt(upArrow), tapAt(rowAt(0))]).accepted).toBe(false);
  });

  it('left at the top, back by Up, one swipe, and the place 老年麻将 has two swipes down (抖音 there): refused', () => {
    expect(walkPath(g, [tapAt(updatesButton), tapAt(upArrow), down, tapAt(rowAt(0))]).accepted).toBe(false);
  });
});
