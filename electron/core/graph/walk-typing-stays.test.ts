import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { b, button, field, id, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, taskGraphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A query typed into a search box this task's demonstrations never typed in (walk-app-pages.ts typingStays): where
 * another task's demonstrations typed there and the page stayed as it was until Enter, the page stays and a recorded way
 * off it stands (found by exploring the sample phone: 最近播放 typed into the music library's box, then its tab tapped).
 */
describe('a query typed into a search box no demonstration of this task typed in', () => {
  const box = b(40, 150, 1040, 280);
  const recentTab = b(720, 2127, 1080, 2274);
  const song = b(0, 300, 1080, 450);
  const library = (query: string, rows: string[] = ['甜蜜蜜', '天仙配']) =>
    page(
      '音乐',
      field(query, '搜索歌曲', box, { resourceId: id('search') }),
      ...rows.map((r, i) => button(r, b(0, 300 + i * 150, 1080, 450 + i * 150), { resourceId: id('song') })),
      button('最近播放', recentTab, { resourceId: id('tab_recent') }),
    );
  const recent = page('最近播放', button('霸王别姬', song, { resourceId: id('song') }));
  const player = (title: string) => page(title, button('暂停', b(400, 1800, 680, 1950), { resourceId: id('pause') }));
  const own = taskGraphOf('play-before', [
    demoOf(1, [
      { ui: library(''), action: tapAt(recentTab) },
      { ui: recent, action: tapAt(song), activity: 'RecentActivity' },
      { ui: player('霸王别姬'), action: null, activity: 'PlayerActivity' },
    ]),
  ]);
  /** Another task searched the library; `filters`: the app listed matches as the query was typed. */
  const searched = (filters: boolean) =>
    taskGraphOf('huangmei', [
      demoOf(2, [
        { ui: library(''), action: tapAt(box) },
        { ui: library(''), action: { type: 'Type', text: '黄梅戏' } },
        { ui: library('黄梅戏', filters ? ['天仙配'] : undefined), action: { type: 'Enter' } },
        { ui: library('黄梅戏', ['天仙配']), action: tapAt(song) },
        { ui: player('天仙配'), action: null, activity: 'PlayerActivity' },
      ]),
    ]);
  const typed: Action[] = [tapAt(box), { type: 'Type', text: '最近播放' }];
  const walk = (actions: readonly Action[], others?: readonly TaskGraph[]) => walkPath(own, actions, others).accepted;

  it('the other task saw the page stay until Enter: typed, then the tab and the song, accepted', () => {
    expect(walk([...typed, tapAt(recentTab), tapAt(song)], [searched(false)])).toBe(true);
  });

  it('with no other task typing there, what typing does there is unknown: refused', () => {
    expect(walk([...typed, tapAt(recentTab), tapAt(song)], [])).toBe(false);
    expect(walk([...typed, tapAt(recentTab), tapAt(song)])).toBe(false);
  });

  it('an app that lists matches as the query is typed (the other task saw the list change): refused', () => {
    expect(walk([...typed, tapAt(recentTab), tapAt(song)], [searched(true)])).toBe(false);
  });

  it('the query submitted by Enter: results no demonstration of this task saw, refused', () => {
    expect(walk([...typed, { type: 'Enter' }, tapAt(recentTab), tapAt(song)], [searched(false)])).toBe(false);
  });
});
