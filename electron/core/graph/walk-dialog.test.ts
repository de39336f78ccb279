import { describe, expect, it } from 'vitest';
import { b, button, n, page, row, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A confirmation dialog (Android's AlertDialog: the positive button `android:id/button1`, the negative one
 * `android:id/button2`). The demonstration confirmed; a path that first answers 再想想 (the negative button: the
 * dialog closes, nothing happens), then asks again and confirms, is accepted; one that stops after 再想想 is not.
 */
describe("a dialog's negative button closes it as Back does", () => {
  const refund = b(60, 380, 500, 480);
  const yes = b(744, 1208, 975, 1334);
  const no = b(492, 1208, 723, 1334);
  const order = (state: string) => page('行程详情', row('状态', state, b(40, 260, 1040, 360)), button('退票', refund));
  const dialog = page(
    '',
    n({
      className: 'android.widget.FrameLayout',
      bounds: b(63, 1014, 1017, 1386),
      children: [button('确认退票', yes, { resourceId: 'android:id/button1' }), button('再想想', no, { resourceId: 'android:id/button2' })],
    }),
  );
  const g = graphOf([
    demoOf(1, [
      { ui: order('已出票'), action: tapAt(refund) },
      { ui: dialog, action: tapAt(yes) },
      { ui: order('已退票'), action: null },
    ]),
  ]);

  it('再想想, then 退票 again and 确认退票: accepted', () => {
    const r = walkPath(g, [tapAt(refund), tapAt(no), tapAt(refund), tapAt(yes)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('再想想 and stop: not accepted', () => {
    expect(walkPath(g, [tapAt(refund), tapAt(no)]).accepted).toBe(false);
  });

  it('再想想 leaves the dialog: 确认退票 where it was is not there any more', () => {
    expect(walkPath(g, [tapAt(refund), tapAt(no), tapAt(yes)]).accepted).toBe(false);
  });
});
