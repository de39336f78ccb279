import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { b, button, id, n, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf } from '../../../test/support/page-demos.js';
import { GraphWalker } from './walk.js';

/**
 * Another option of a group a demonstration chose from is taken where the screen the walk stands on shows the group: a
 * state of the same page that shows another control in that place takes the tap on that control (held-out set AC: the
 * clock's timer, 10 分钟 and 开始, then 暂停 where 1 分钟 was — read as the preset 1 分钟 chosen while the timer ran).
 */
describe('another option of a group, where another state of the page shows another control', () => {
  const presetAt = (i: number) => b(40 + i * 340, 550, 360 + i * 340, 700);
  const presets = () =>
    n({
      className: 'android.widget.GridLayout',
      bounds: b(40, 550, 1040, 700),
      children: ['1 分钟', '5 分钟', '10 分钟'].map((l, i) => button(l, presetAt(i), { resourceId: id('preset') })),
    });
  const start = b(40, 1000, 520, 1150);
  const pause = b(40, 600, 520, 750);
  const idle = (minutes: string) => page('计时器', presets(), text(minutes, b(40, 850, 1040, 950)), button('开始', start));
  const running = () => page('计时器', text('09:59', b(40, 300, 1040, 500)), button('暂停', pause), button('重置', b(560, 600, 1040, 750)));
  const g = graphOf([
    demoOf(1, [
      { ui: idle(''), action: tapAt(presetAt(2)) },
      { ui: idle('10'), action: tapAt(start) },
      { ui: running(), action: null },
    ]),
  ]);

  it('before the start, a tap on 1 分钟 is another option of the group', () => {
    const w = new GraphWalker(g, DEFAULT_MATCH_OPTIONS);
    expect(w.act(tapAt(presetAt(0))).taken?.how).toBe('other-option');
  });

  it('while the timer runs, the same place is 暂停: not the preset', () => {
    const w = new GraphWalker(g, DEFAULT_MATCH_OPTIONS);
    w.act(tapAt(presetAt(2)));
    w.act(tapAt(start));
    expect(w.act(tapAt(b(40, 600, 360, 700))).taken?.how).not.toBe('other-option');
  });
});
