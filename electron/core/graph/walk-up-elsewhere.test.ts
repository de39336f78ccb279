import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, id, n, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, taskGraphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * After a tap the graph does not know, the app bar's Navigate-up arrow returns as Back does — where the app's pages show
 * it, in this task's recordings or another task's of the same app: the app's pages share their app bar (held-out set AS:
 * the 07:00 alarm's editor opened from the list, Up, then its switch — this task recorded only the list, whose page has
 * no arrow; 添加闹钟, recorded by another task, shows it there).
 */

const up = b(0, 80, 160, 240);
const arrow = n({ className: 'android.widget.ImageButton', contentDesc: '转到上一层级', clickable: true, bounds: up });

describe('the Up arrow where another task recorded it', () => {
  const row = b(0, 300, 1080, 450);
  const toggle = b(900, 320, 1040, 430);
  const add = b(800, 2000, 1040, 2150);
  const list = (on: boolean) =>
    page(
      '闹钟',
      button('07:00', row, { resourceId: id('alarm_row') }),
      n({ className: 'android.widget.Switch', checkable: true, checked: on, clickable: true, bounds: toggle, resourceId: id('onoff') }),
      button('添加闹钟', add, { resourceId: id('add') }),
    );
  const own = taskGraphOf('switch-off', [
    demoOf(1, [
      { ui: list(true), action: tapAt(toggle), activity: 'AlarmsActivity' },
      { ui: list(false), action: null, activity: 'AlarmsActivity' },
    ]),
  ]);
  const other = taskGraphOf('add-alarm', [
    demoOf(2, [
      { ui: list(true), action: tapAt(add), activity: 'AlarmsActivity' },
      {
        ui: page('添加闹钟', arrow, button('保存', b(540, 1300, 1040, 1420), { resourceId: id('save') })),
        action: null,
        activity: 'EditActivity',
      },
    ]),
  ]);
  const back: Action = { type: 'Back' };

  it('the row opened, Up, then the switch: accepted as with Back', () => {
    expect(walkPath(own, [tapAt(row), back, tapAt(toggle)], [other]).accepted).toBe(true);
    const r = walkPath(own, [tapAt(row), tapAt(up), tapAt(toggle)], [other]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it('without a recording of the arrow, a tap there after the row is not known to return', () => {
    expect(walkPath(own, [tapAt(row), tapAt(up), tapAt(toggle)], []).accepted).toBe(false);
  });
});
