import { describe, expect, it } from 'vitest';
import { b, button, page, row, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import { numberAt, numberStep, withNumberAt } from './stepped-number.js';

/**
 * A stepper that steps one of the numbers a label shows (a cart row's ¥45.00 × 3: the price stays, the count steps).
 * The key holds them joined by ',' (45.00,3), which was read as one number (45.003): overshot and corrected, the path
 * ended on a value no node shows (held-out set AC: +, −, − on a row of 3 — 2 on the phone, as the demonstration's −).
 */
describe('the number a stepper steps among those its label shows', () => {
  const key = 'cart§number|TextView|android:id/summary|纯牛奶';
  it('finds the one number that changed by its place, and steps it there; a single number as before', () => {
    expect(numberStep(key, '45.00,3', '45.00,2')).toEqual({ at: 1, by: -1 });
    expect(numberStep(key, '45.00,3', '46.00,2')).toBeNull();
    expect(numberAt(key, '45.00,4', 1)).toBe(4);
    expect(withNumberAt(key, '45.00,4', 1, 3)).toBe('45.00,3');
    expect(numberStep('alarm§text|EditText|hour', '07', '06')).toEqual({ at: 0, by: -1 });
    // A field's 1,000 is one number.
    expect(numberStep('pay§text|EditText|amount', '1,000', '1,100')).toEqual({ at: 0, by: 100 });
  });

  const minus = b(40, 600, 360, 720);
  const plus = b(720, 600, 1040, 720);
  const cart = (qty: number) =>
    page('购物车', row('纯牛奶 整箱 12 盒', `¥45.00 × ${qty}`, b(0, 300, 1080, 450)), button('−', minus), button('+', plus));
  const g = graphOf([
    demoOf(1, [
      { ui: cart(3), action: tapAt(minus) },
      { ui: cart(2), action: null },
    ]),
  ]);

  it('overshot and corrected, or back and forth, ends where the count ends: 2 accepted, 3 and 4 not', () => {
    expect(walkPath(g, [tapAt(minus)]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(plus), tapAt(minus), tapAt(minus)]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(minus), tapAt(plus), tapAt(minus)]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(plus), tapAt(minus)]).accepted).toBe(false);
    expect(walkPath(g, [tapAt(plus), tapAt(plus), tapAt(minus), tapAt(minus)]).accepted).toBe(false);
  });
});
