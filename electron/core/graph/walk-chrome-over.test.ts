import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { b, button, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, taskGraphOf } from '../../../test/support/page-demos.js';
import { GraphWalker } from './walk.js';
import { AppPages } from './walk-app-pages.js';

/**
 * After the goal acted (a song set playing), a bar that comes with it (the mini player) may cover the foot of a list the
 * recorded screen, taken before, shows as rows: where another task's recording of the same page shows a control there
 * outside what scrolls, a tap by place there is refused (walk-app-pages.ts chromeOver). Found by hand set M: 女驸马
 * played, Back, Back, the 歌曲 tab, and a tap on the mini player's 暂停 read as the list's last row, 女驸马 again.
 */
describe('a bar over the list after the goal acted', () => {
  const top = b(0, 300, 1080, 450);
  const last = b(0, 2000, 1080, 2150);
  const pause = b(900, 2000, 1040, 2150);
  const library = (playing: boolean) =>
    page(
      '音乐',
      n({
        className: 'androidx.recyclerview.widget.RecyclerView',
        scrollable: true,
        bounds: b(0, 240, 1080, playing ? 1950 : 2300),
        children: [
          button('天仙配', top, { resourceId: id('song') }),
          ...(playing ? [] : [button('女驸马', last, { resourceId: id('song') })]),
        ],
      }),
      ...(playing ? [button('暂停', pause, { resourceId: id('mini_pause') })] : []),
    );
  const player = page('正在播放', button('暂停', b(400, 1800, 680, 1950), { resourceId: id('pause') }));
  const own = taskGraphOf('play-huangmei', [
    demoOf(1, [
      { ui: library(false), action: tapAt(last) },
      { ui: player, action: null, activity: 'PlayerActivity' },
    ]),
  ]);
  const other = taskGraphOf('pause', [
    demoOf(2, [
      { ui: library(true), action: tapAt(pause) },
      { ui: library(true), action: null },
    ]),
  ]);
  const back: Action = { type: 'Back' };
  /** Whether the path is accepted, or the reason of the step refused. */
  const walk = (path: readonly Action[], app: AppPages | null): true | string => {
    const w = new GraphWalker(own, DEFAULT_MATCH_OPTIONS, app);
    for (const a of path) {
      const m = w.act(a);
      if (!m.taken) return m.nearest?.result.reason ?? 'refused';
    }
    return w.finish().success || w.finish().reason;
  };
  const BAR = /a bar over its list here \(another task's recording shows 暂停\)/;

  it('before the goal, the last row where the bar would stand: accepted', () => {
    expect(walk([tapAt(pause)], new AppPages([own, other]))).toBe(true);
  });

  it('after the goal and Back, the last row’s place where another task recorded the mini player: refused', () => {
    expect(walk([tapAt(last), back, tapAt(pause)], new AppPages([own, other]))).toMatch(BAR);
  });

  it('with no recording of a bar there, not this rule’s (the goal taken again is judged as before)', () => {
    expect(walk([tapAt(last), back, tapAt(pause)], new AppPages([own]))).not.toMatch(BAR);
  });

  it('after the goal, a row above the bar: not this rule’s (judged as before)', () => {
    const w = new GraphWalker(own, DEFAULT_MATCH_OPTIONS, new AppPages([own, other]));
    w.act(tapAt(last));
    w.act(back);
    expect(w.act(tapAt(top)).taken?.result.reason ?? '').not.toMatch(/bar over its list/);
  });

  it('after another row opened a page no demonstration recorded (a song played on the way), Back, the bar’s place: refused', () => {
    // Held-out set P: 甜蜜蜜 played, Back, and a tap where the recorded screen shows 女驸马 read as it; the mini player is there.
    expect(walk([tapAt(top), back, tapAt(pause)], new AppPages([own, other]))).toMatch(
      /after a row opened a page no demonstration recorded, the page may show a bar over its list here/,
    );
  });

  it('a recording whose list is too short to scroll lays its rows outside what scrolls: no bar', () => {
    const short = taskGraphOf('short', [
      demoOf(3, [
        { ui: page('音乐', button('天仙配', top), button('小河淌水', last, { resourceId: id('other_song') })), action: tapAt(top) },
        { ui: player, action: null, activity: 'PlayerActivity' },
      ]),
    ]);
    expect(walk([tapAt(top), back, tapAt(pause)], new AppPages([own, short]))).toBe(true);
  });
});
