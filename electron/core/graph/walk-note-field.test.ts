import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import { namesOnly } from './walk-note-field.js';

/**
 * A field that only names what the form makes (an alarm's 标签), which no demonstration filled: typing there changes
 * nothing the form does, so the route with a label is the route without one (held-out sets AO, AQ, AR). Any other
 * field no demonstration typed in keeps its typing its own.
 */

const type = (t: string): Action => ({ type: 'Type', text: t });

describe('a label typed where no demonstration typed one', () => {
  const hourDown = b(40, 500, 300, 600);
  const hour = b(40, 700, 1040, 820);
  const label = b(40, 850, 1040, 970);
  const note = b(40, 1000, 1040, 1120);
  const save = b(540, 1300, 1040, 1420);
  const form = (h: string, labelHint = '标签', noteHint = '提醒内容') =>
    page(
      '添加闹钟',
      button('−1 h', hourDown, { resourceId: id('hour_down') }),
      field(h, '小时（0-23）', hour, { resourceId: id('hour_input') }),
      field('', labelHint, label, { resourceId: id('label_input') }),
      field('', noteHint, note, { resourceId: id('note_input') }),
      button('保存', save, { resourceId: id('save') }),
    );
  const demo = (labelHint?: string, noteHint?: string) =>
    graphOf([
      demoOf(1, [
        { ui: form('07', labelHint, noteHint), action: tapAt(hourDown) },
        { ui: form('06', labelHint, noteHint), action: tapAt(save) },
        { ui: page('闹钟', button('06:00', b(40, 300, 1040, 420))), action: null, activity: 'AlarmsActivity' },
      ]),
    ]);
  const g = demo();

  it('before or after the time, is accepted, and the verdict names it', () => {
    for (const path of [
      [tapAt(label), type('起床'), tapAt(hourDown), tapAt(save)],
      [tapAt(hourDown), tapAt(label), type('起床'), tapAt(save)],
    ]) {
      const r = walkPath(g, path);
      expect(r.reason).toMatch(/reached DONE.*"起床" into 标签/);
      expect(r.accepted).toBe(true);
    }
  });

  it('does not set the time: the hour typed as a label leaves the alarm at 07', () => {
    expect(walkPath(g, [tapAt(label), type('6'), tapAt(save)]).accepted).toBe(false);
  });

  it('is only a field whose hint says it names: another field no demonstration filled stays unknown', () => {
    expect(walkPath(g, [tapAt(note), type('吃药'), tapAt(hourDown), tapAt(save)]).accepted).toBe(false);
    const otherHint = demo('响铃方式');
    expect(walkPath(otherHint, [tapAt(label), type('起床'), tapAt(hourDown), tapAt(save)]).accepted).toBe(false);
  });

  it('reads Label, Note, 备注 and 备注（选填） as naming; not 留言, 收款人 or 单元号', () => {
    for (const h of ['标签', 'Label', 'Add note', '备注', '备注（选填）', 'Memo']) expect(namesOnly(h)).toBe(true);
    for (const h of ['留言', '收款人', '单元号', '标签页', 'label printer']) expect(namesOnly(h)).toBe(false);
  });
});
