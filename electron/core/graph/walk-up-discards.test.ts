import { describe, expect, it } from 'vitest';
import { b, button, field, id, n, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, taskGraphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A form left by a recorded press of its Up arrow: the phone discards it as it does on Back. A graph grown from a route
 * that opened the 07:00 alarm's editor, stepped its hour and left by the Up arrow before adding the 06:00 alarm holds that
 * Up as an edge of its own; a weekday ticked there (no demonstration moved it) was refused as saved with the form ("the
 * way off it saves a value no demonstration saw"), though the Up arrow saves nothing (exploration on the grown graphs:
 * four right paths of clock-alarm-six). Through the CLI: grown-kinds-cli, clock-alarm-six.
 */
describe('a form left by a recorded press of its Up arrow is discarded, as by Back', () => {
  const add = b(800, 1900, 1040, 2100);
  const seven = b(0, 300, 1080, 450);
  const upArrow = b(0, 80, 136, 240);
  const hourDown = b(40, 500, 280, 650);
  const wednesday = b(300, 1000, 420, 1100);
  const save = b(540, 1400, 1040, 1550);
  const list = (alarms: string[]) =>
    page(
      '闹钟',
      ...alarms.map((a, i) => button(a, b(0, 300 + i * 160, 1080, 450 + i * 160), { resourceId: id('alarm') })),
      button('添加闹钟', add, { resourceId: id('fab') }),
    );
  const editor = (title: string, hh: string) =>
    page(
      title,
      n({ className: 'android.widget.ImageButton', contentDesc: '转到上一层级', clickable: true, bounds: upArrow }),
      field(hh, '小时', b(40, 700, 1040, 850), { resourceId: id('hour') }),
      button('−1 h', hourDown, { resourceId: id('hour_down') }),
      n({ className: 'android.widget.CheckBox', text: '三', checkable: true, checked: false, clickable: true, bounds: wednesday }),
      button('保存', save, { resourceId: id('save') }),
    );
  const done = page('闹钟', text('07:00', b(0, 300, 1080, 450)), text('06:00', b(0, 460, 1080, 610)));
  const own = taskGraphOf('alarm-six', [
    demoOf(1, [
      { ui: list(['07:00']), action: tapAt(add) },
      { ui: editor('添加闹钟', '07'), action: tapAt(hourDown), activity: 'AlarmEditActivity' },
      { ui: editor('添加闹钟', '06'), action: tapAt(save), activity: 'AlarmEditActivity' },
      { ui: done, action: null },
    ]),
    // The grown route: the 07:00 editor, its hour stepped, left by the Up arrow (still 07:00 on the list), then 06:00 added.
    demoOf(2, [
      { ui: list(['07:00']), action: tapAt(seven) },
      { ui: editor('修改闹钟', '07'), action: tapAt(hourDown), activity: 'AlarmEditActivity' },
      { ui: editor('修改闹钟', '06'), action: tapAt(upArrow), activity: 'AlarmEditActivity' },
      { ui: list(['07:00']), action: tapAt(add) },
      { ui: editor('添加闹钟', '07'), action: tapAt(hourDown), activity: 'AlarmEditActivity' },
      { ui: editor('添加闹钟', '06'), action: tapAt(save), activity: 'AlarmEditActivity' },
      { ui: done, action: null },
    ]),
  ]);
  const walk = (...taps: ReturnType<typeof b>[]): boolean => walkPath(own, taps.map(tapAt)).accepted;
  const addSix = [add, hourDown, save];

  it('a weekday ticked on the 07:00 editor, left by its Up arrow, then 06:00 added: accepted', () => {
    expect(walk(seven, hourDown, upArrow, ...addSix)).toBe(true);
    expect(walk(seven, wednesday, hourDown, upArrow, ...addSix)).toBe(true);
    expect(walk(seven, hourDown, wednesday, upArrow, ...addSix)).toBe(true);
  });

  it('a weekday ticked on the editor saved with it: refused (a repeating alarm no demonstration saved)', () => {
    expect(walk(add, wednesday, hourDown, save)).toBe(false);
    // The 07:00 editor's weekday left by Up, then ticked on the new alarm's editor and saved: that one repeats.
    expect(walk(seven, wednesday, upArrow, add, wednesday, hourDown, save)).toBe(false);
  });
});
