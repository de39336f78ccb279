import { describe, expect, it } from 'vitest';
import { b, button, id, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import { counts } from './walk-pressed.js';

/**
 * A control pressed again: a choice made again changes nothing, a count counts again. (An option a demonstration found
 * selected already, pressed after the path chose another, selecting it again, is a CLI case on the maps app's route page:
 * test/fixtures/offline-kinds/cases.json, maps-bus-hospital.)
 */

describe('counts: an effect that only gained a number, or only changed it', () => {
  it('a count is a count; a choice, a date or a cleared label is not', () => {
    expect(counts('购物车', '购物车 1 件')).toBe(true);
    expect(counts('购物车 1 件', '购物车 2 件')).toBe(true);
    expect(counts('07', '06')).toBe(true);
    expect(counts('', '王丽')).toBe(false);
    expect(counts('今天 11月30日', '大后天 12月3日')).toBe(false);
    expect(counts('购物车 1 件', '购物车')).toBe(false);
    expect(counts(undefined, '购物车 1 件')).toBe(false);
  });
});

describe('a button that adds to a count, pressed again, adds again', () => {
  const addBox = b(40, 2000, 520, 2200);
  const cartBox = b(900, 100, 1040, 220);
  const product = (inCart: number) =>
    page(
      '保温杯',
      text('保温杯 ¥59.00', b(40, 400, 1040, 500)),
      button(inCart > 0 ? `购物车 ${inCart} 件` : '购物车', cartBox, { className: 'android.widget.ImageButton', resourceId: id('cart') }),
      button('加入购物车', addBox, { resourceId: id('add') }),
    );
  const cart = page('购物车', text('保温杯 × 1', b(40, 400, 1040, 500)), button('去结算', b(40, 2000, 1040, 2200)));
  const g = graphOf([
    demoOf(1, [
      { ui: product(0), action: tapAt(addBox) },
      { ui: product(1), action: tapAt(cartBox) },
      { ui: cart, action: null },
    ]),
  ]);

  it('added once, then the cart: accepted; added twice: not the demonstration (two in the cart)', () => {
    expect(walkPath(g, [tapAt(addBox), tapAt(cartBox)]).accepted).toBe(true);
    const twice = walkPath(g, [tapAt(addBox), tapAt(addBox), tapAt(cartBox)]);
    expect(twice.accepted).toBe(false);
  });
});
