import { describe, expect, it } from 'vitest';
import { b, button, id, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import { loweredTo } from './goal-direction.js';
import { taskDirection } from './task-bounds.js';

describe('the way the task asks a value to go (taskDirection)', () => {
  it.each([
    ['把购物车中纯牛奶的数量减少', 'less'],
    ['音量调低一点', 'less'],
    ['把数量增加', 'more'],
    ['字体调大', null],
    ['先减少再增加', null],
    ['给儿子转五百，不对，三百', null],
  ] as const)('%s: %s', (said, way) => {
    expect(taskDirection([said])).toBe(way);
  });
});

describe('a count the task asks to lower, stepped down by the demonstrations (loweredTo)', () => {
  const row = '§number|TextView|android:id/summary|纯牛奶 整箱 # 盒';
  it('any count below the start, down to 1, the other numbers of the label kept', () => {
    const re = new RegExp(loweredTo(row, ['45.00,3'], ['45.00,2'])!);
    expect(['45.00,1', '45.00,2'].map((v) => re.test(v))).toEqual([true, true]);
    expect(['45.00,0', '45.00,3', '46.00,1', '45.00,12'].map((v) => re.test(v))).toEqual([false, false, false, false]);
    expect(loweredTo('badge', ['3'], ['2'])).toBe('^(1|2)$');
  });

  it('not where the demonstrations stepped up, disagree on the start, or started at 1', () => {
    expect(loweredTo('badge', ['3'], ['4'])).toBeNull();
    expect(loweredTo('badge', ['3', '4'], ['2', '2'])).toBeNull();
    expect(loweredTo('badge', ['1'], ['0'])).toBeNull();
    expect(loweredTo('badge', [undefined], ['2'])).toBeNull();
  });
});

/**
 * The cart's milk, bought too much (把购物车中纯牛奶的数量减少): the demonstration pressed − once (3 cases to 2). The task
 * accepts one case as well — its own check does; held-out set AC: −, − passed on the phone and was refused offline.
 * Zero (the row gone) and three again are not fewer cases in the cart.
 */
describe('a DONE node stands for every value its goal condition accepts', () => {
  const minus = b(40, 600, 300, 700);
  const plus = b(780, 600, 1040, 700);
  const cart = (qty: number) =>
    page(
      '购物车',
      text(`纯牛奶 × ${qty}`, b(40, 400, 1040, 500), { resourceId: id('summary') }),
      button('−', minus, { resourceId: id('minus') }),
      button('+', plus, { resourceId: id('plus') }),
    );
  const demo = demoOf(1, [
    { ui: cart(3), action: tapAt(minus) },
    { ui: cart(2), action: null },
  ]);
  const lower = graphOf([demo], { direction: 'less' });
  const as = graphOf([demo]);
  const [m, p] = [tapAt(minus), tapAt(plus)];

  it('asked to lower: one case or two accepted; none, or three again, not', () => {
    expect(walkPath(lower, [m]).accepted).toBe(true);
    expect(walkPath(lower, [m, m]).accepted).toBe(true);
    expect(walkPath(lower, [m, m, p]).accepted).toBe(true);
    expect(walkPath(lower, [m, m, m]).accepted).toBe(false);
    expect(walkPath(lower, [m, p]).accepted).toBe(false);
  });

  it('where the task says no way, the value the demonstrations left', () => {
    expect(walkPath(as, [m]).accepted).toBe(true);
    expect(walkPath(as, [m, m]).accepted).toBe(false);
  });
});
