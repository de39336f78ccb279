import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { Bounds } from '../../../shared/domain/ui-node.js';
import { b, button, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import { historyTitle, onListRow } from './walk-history.js';

const back: Action = { type: 'Back' };
const song = (i: number): Bounds => b(0, 300 + i * 200, 1080, 500 + i * 200);

/** A list of songs (a RecyclerView of rows) under a page's title; the first row opens the player. */
function songsGraph(title: string) {
  const list = page(
    title,
    n({
      className: 'androidx.recyclerview.widget.RecyclerView',
      resourceId: id('list'),
      bounds: b(0, 250, 1080, 2000),
      children: [button('霸王别姬', song(0), { resourceId: id('row') }), button('月亮代表我的心', song(1), { resourceId: id('row') })],
    }),
  );
  const player = page('正在播放', button('暂停', b(390, 1800, 690, 1950)));
  return graphOf([
    demoOf(1, [
      { ui: list, action: tapAt(song(0)) },
      { ui: player, action: null, activity: 'PlayerActivity' },
    ]),
  ]);
}

/**
 * A list that keeps what was used last at its head reorders on a phone when an item is used: after the path played
 * 月亮代表我的心 (a row opening a page no demonstration recorded), 月亮代表我的心 heads 最近播放 and the first row's place is
 * no longer 霸王别姬's. Held-out sets W, L, N and Q: 12 false accepts, a song played and then the first row tapped.
 */
describe('a history list after an item was used on the way', () => {
  it('the recorded first row, straight: accepted', () => {
    expect(walkPath(songsGraph('最近播放'), [tapAt(song(0))]).accepted).toBe(true);
  });

  it('another song played, Back, then the recorded first row of 最近播放: refused, the screen shown marked stale', () => {
    const path = walkPath(songsGraph('最近播放'), [tapAt(song(1)), back, tapAt(song(0))]);
    expect(path.accepted).toBe(false);
    expect(path.reason).toMatch(/may have it at its head/);
    const w = walkPath(songsGraph('最近播放'), [tapAt(song(1)), back]).walker;
    expect(w.view.stale).toBe(true);
  });

  it('the same on a list that does not call itself a history (a genre): accepted, nothing stale', () => {
    const path = walkPath(songsGraph('戏曲'), [tapAt(song(1)), back, tapAt(song(0))]);
    expect(path.accepted).toBe(true);
    expect(path.walker.view.stale).toBeUndefined();
  });
});

describe('what tells a history list and a row', () => {
  const node = (title: string | undefined) => ({ signature: { title } }) as never;
  it('a title with 最近, 历史, 记录, recent or history on every screen stood on', () => {
    expect(historyTitle([node('最近播放')])).toBe('最近播放');
    expect(historyTitle([node('Browsing History')])).toBe('Browsing History');
    expect(historyTitle([node('最近播放'), node('歌曲')])).toBeNull();
    expect(historyTitle([node(undefined)])).toBeNull();
    expect(historyTitle([])).toBeNull();
  });

  it('a row: the smallest pressable under the finger spans the screen, not a system bar', () => {
    const screen = { width: 1080, height: 2400 };
    const shot = { pressable: [b(0, 0, 1080, 63), b(0, 300, 1080, 500), b(0, 2127, 360, 2274), b(0, 2274, 1080, 2400)] };
    expect(onListRow([shot], tapAt(b(0, 300, 1080, 500)), screen)).toBe(true);
    expect(onListRow([shot], tapAt(b(0, 2127, 360, 2274)), screen)).toBe(false);
    expect(onListRow([shot], tapAt(b(0, 0, 1080, 63)), screen)).toBe(false);
    expect(onListRow([shot], tapAt(b(0, 2274, 1080, 2400)), screen)).toBe(false);
  });
});
