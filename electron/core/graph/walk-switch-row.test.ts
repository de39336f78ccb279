import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { Bounds, UiNode } from '../../../shared/domain/ui-node.js';
import { b, button, id, n, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

const back: Action = { type: 'Back' };
const sw = (bounds: Bounds, name: string): UiNode =>
  n({ className: 'android.widget.Switch', resourceId: id(name), checkable: true, checked: false, clickable: true, bounds });
const rowWith = (label: string, bounds: Bounds, ...inside: UiNode[]): UiNode =>
  n({
    className: 'android.widget.LinearLayout',
    clickable: true,
    bounds,
    children: [text(label, b(40, bounds.top + 20, 600, bounds.bottom - 20)), ...inside],
  });

const first = b(0, 400, 1080, 560);
const second = b(0, 560, 1080, 720);
const mute = b(300, 1800, 780, 1950);

/** A page of two rows and a 静音 button; the demonstration pressed 静音, which opened the page saying it is done. */
function rowsGraph(secondRow: UiNode) {
  const rows = page('声音', rowWith('来电振动', first, sw(b(900, 430, 1040, 530), 'vibrate')), secondRow, button('静音', mute));
  return graphOf([
    demoOf(1, [
      { ui: rows, action: tapAt(mute) },
      { ui: page('已静音', text('已静音', b(40, 400, 1040, 500))), action: null, activity: 'MutedActivity' },
    ]),
  ]);
}

/**
 * A row holding a switch, on a page of rows of other kinds (a settings page), flips its switch as the switch does: the
 * page stays, and Back after it leaves the page (held-out sets V and X: 深色主题 and 来电振动 taken to open a page that
 * Back returned from; 2 false accepts). Where every row holds a control of its own (the alarms, each with its on/off),
 * a row opens its item, and Back returns.
 */
describe('a row holding a switch', () => {
  const settings = rowsGraph(rowWith('手机铃声', second));
  const items = rowsGraph(rowWith('08:30', second, sw(b(900, 590, 1040, 690), 'onoff2')));

  it('among plain rows: the row, then 静音, accepted (the switch flipped on the way)', () => {
    expect(walkPath(settings, [tapAt(first), tapAt(mute)]).accepted).toBe(true);
  });

  it('among plain rows: the row, Back, then 静音’s place: refused (Back left the page)', () => {
    expect(walkPath(settings, [tapAt(first), back, tapAt(mute)]).accepted).toBe(false);
  });

  it('every row with a switch of its own (items): the row, Back, then 静音: accepted (the row opened its item)', () => {
    expect(walkPath(items, [tapAt(first), back, tapAt(mute)]).accepted).toBe(true);
  });
});
