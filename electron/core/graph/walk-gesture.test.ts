import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import { gestureAsTaps, sidewaysSwipe } from './walk-gesture.js';

/**
 * What a phone makes of a double tap and of a swipe too short to scroll (walk-gesture.ts): two taps, and a tap (a long
 * press when held). An alarm editor whose −1 h sets the hour; 保存 saves and goes back to the list.
 */
describe('a double tap and a swipe shorter than the touch slop', () => {
  const add = b(800, 2000, 1040, 2150);
  const minus = b(40, 600, 360, 750);
  const save = b(560, 1400, 1040, 1550);
  const list = page('闹钟', button('添加闹钟', add, { resourceId: id('add') }));
  const editor = (hour: string) =>
    page(
      '添加闹钟',
      field(hour, '小时（0-23）', b(40, 300, 520, 450), { resourceId: id('hour') }),
      button('−1 h', minus, { resourceId: id('minus') }),
      button('保存', save, { resourceId: id('save') }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: list, action: tapAt(add) },
      { ui: editor('07'), action: tapAt(minus), activity: 'EditActivity' },
      { ui: editor('06'), action: tapAt(save), activity: 'EditActivity' },
      { ui: list, action: null },
    ]),
  ]);
  const screen = { width: 1080, height: 2400 };
  const at = (bounds: ReturnType<typeof b>) => {
    const t = tapAt(bounds);
    if (t.type !== 'Tap') throw new Error('a tap');
    return t.at;
  };
  const swipeOn = (bounds: ReturnType<typeof b>, dyPx: number, ms: number): Action => {
    const p = at(bounds);
    return { type: 'Swipe', from: p, to: { x: p.x, y: p.y + (dyPx / screen.height) * 1000 }, ms };
  };

  it('a double tap is two taps at the point; a short swipe a tap, or a long press when held; a long swipe stays a swipe', () => {
    expect(gestureAsTaps({ type: 'DoubleTap', at: at(minus) }, screen)).toEqual([tapAt(minus), tapAt(minus)]);
    expect(gestureAsTaps(swipeOn(minus, 12, 100), screen)).toEqual([tapAt(minus)]);
    expect(gestureAsTaps(swipeOn(minus, 12, 600), screen)?.[0]?.type).toBe('LongPress');
    expect(gestureAsTaps(swipeOn(minus, 300, 100), screen)).toBeNull();
  });

  it('−1 h double-tapped sets 05, not 06: refused', () => {
    expect(walkPath(g, [tapAt(add), { type: 'DoubleTap', at: at(minus) }, tapAt(save)]).accepted).toBe(false);
  });

  it('−1 h pressed by a 12 px swipe is the tap that sets 06: accepted', () => {
    expect(walkPath(g, [tapAt(add), swipeOn(minus, 12, 100), tapAt(save)]).accepted).toBe(true);
  });

  it('a sideways swipe: on a slider, the value where it ends; off everything that scrolls or slides, nothing; else unknown', () => {
    const slider = b(100, 1000, 980, 1060);
    const sideways = (x1: number, x2: number, y: number): Action => ({
      type: 'Swipe',
      from: { x: (x1 / 1080) * 1000, y: (y / 2400) * 1000 },
      to: { x: (x2 / 1080) * 1000, y: (y / 2400) * 1000 },
      ms: 300,
    });
    const off = () => true;
    const slid = sidewaysSwipe(sideways(200, 1070, 1030), [slider], off, screen);
    expect(slid?.kind).toBe('slide');
    // Past the slider's end the value is its end.
    expect(slid?.kind === 'slide' && slid.tap.type === 'Tap' ? Math.round((slid.tap.at.x / 1000) * 1080) : null).toBe(980);
    expect(sidewaysSwipe(sideways(900, 100, 1600), [slider], off, screen)).toEqual({ kind: 'nothing' });
    expect(sidewaysSwipe(sideways(900, 100, 1600), [slider], () => false, screen)).toBeNull();
    // Mostly up or down: a scroll, not this.
    expect(sidewaysSwipe({ type: 'Swipe', from: { x: 500, y: 700 }, to: { x: 520, y: 300 } }, [slider], off, screen)).toBeNull();
  });
});
