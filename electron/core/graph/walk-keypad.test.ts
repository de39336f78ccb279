import { describe, expect, it } from 'vitest';
import { b, button, id, n, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * The Phone app's keypad: each key appends its digit to the number shown. A demonstration dialled 138 and pressed 拨打.
 * The same keys in the same order are accepted; a key pressed twice dials another number (1138), which a preset's
 * "choose 1 again, nothing changes" would have taken for the demonstration's, and is not accepted. A key no
 * demonstration pressed adds its digit too, and the erase key (⌫) takes the last one back: a typo corrected dials
 * the number, a typo left does not.
 */
describe('a keypad: each key appends its digit', () => {
  const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '⌫'];
  const keyAt = (k: string) => {
    const i = keys.indexOf(k);
    return b(60 + (i % 3) * 320, 900 + Math.floor(i / 3) * 200, 360 + (i % 3) * 320, 1080 + Math.floor(i / 3) * 200);
  };
  const call = b(340, 1700, 740, 1850);
  const keypad = (dialled: string) =>
    page(
      '',
      text(dialled || ' ', b(40, 400, 1040, 600), { resourceId: id('digits') }),
      n({
        className: 'android.widget.GridLayout',
        resourceId: id('dialpad'),
        bounds: b(40, 880, 1040, 1520),
        children: keys.map((k) => button(k, keyAt(k), { resourceId: id(`key_${k}`) })),
      }),
      button('拨打', call, { resourceId: id('dial') }),
    );
  const inCall = page('通话中', button('挂断', b(340, 1900, 740, 2050)));
  const g = graphOf([
    demoOf(1, [
      { ui: keypad(''), action: tapAt(keyAt('1')) },
      { ui: keypad('1'), action: tapAt(keyAt('3')) },
      { ui: keypad('13'), action: tapAt(keyAt('8')) },
      { ui: keypad('138'), action: tapAt(call) },
      { ui: inCall, action: null, activity: 'InCallActivity' },
    ]),
  ]);
  const press = (...ks: string[]) => ks.map((k) => tapAt(keyAt(k)));

  it('the demonstrated digits, then 拨打: accepted', () => {
    expect(walkPath(g, [...press('1', '3', '8'), tapAt(call)]).accepted).toBe(true);
  });

  it('1 pressed twice (1138), then 拨打: not accepted', () => {
    expect(walkPath(g, [...press('1', '1', '3', '8'), tapAt(call)]).accepted).toBe(false);
  });

  it('8 pressed twice at the end (1388): not accepted', () => {
    expect(walkPath(g, [...press('1', '3', '8', '8'), tapAt(call)]).accepted).toBe(false);
  });

  it('a key no demonstration pressed adds its digit: 1, 5, ⌫, 3, 8 dials 138; 1, 5, 3, 8 dials 1538, not accepted', () => {
    const corrected = walkPath(g, [...press('1', '5', '⌫', '3', '8'), tapAt(call)]);
    expect(corrected.reason).toMatch(/reached DONE/);
    expect(corrected.accepted).toBe(true);
    expect(walkPath(g, [...press('1', '5', '3', '8'), tapAt(call)]).accepted).toBe(false);
  });

  it('the erase key takes the last digit off: 1, 3, 8, 8, ⌫ is 138; 1, 3, 8, ⌫ is 13, not accepted', () => {
    expect(walkPath(g, [...press('1', '3', '8', '8', '⌫'), tapAt(call)]).accepted).toBe(true);
    expect(walkPath(g, [...press('1', '3', '8', '⌫'), tapAt(call)]).accepted).toBe(false);
    expect(walkPath(g, [...press('1', '3', '8', '9', '⌫', '⌫', '8'), tapAt(call)]).accepted).toBe(true);
  });
});
