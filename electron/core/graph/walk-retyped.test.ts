import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, n, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * Another text than the demonstration's typed into a field: what else its typing showed (the suggestions under a
 * recipient field) is what the app makes of the new text, not what the page showed before it. Typed in full, the number
 * a picked suggestion put there stands where the pick left the page (held-out set AS: 13800000002 typed where the
 * demonstration typed 李强 and picked 李强's row, refused as a page no demonstration showed).
 */

const type = (t: string): Action => ({ type: 'Type', text: t });

describe('the number a picked contact fills, typed', () => {
  const to = b(40, 260, 1040, 380);
  const suggestion = b(0, 400, 1080, 520);
  const body = b(40, 560, 1040, 680);
  const send = b(540, 720, 1040, 840);
  const compose = (recipient: string, message: string, suggests: boolean) =>
    page(
      '新对话',
      field(recipient, '收件人：姓名或号码', to, { resourceId: id('recipient') }),
      ...(suggests
        ? [
            n({
              className: 'android.widget.LinearLayout',
              resourceId: id('contact_suggestion'),
              clickable: true,
              bounds: suggestion,
              children: [
                text('李强', b(40, 410, 600, 460), { resourceId: 'android:id/title' }),
                text('13800000002', b(40, 460, 600, 510), { resourceId: 'android:id/summary' }),
              ],
            }),
          ]
        : []),
      field(message, '短信', body, { resourceId: id('compose') }),
      button('发送', send, { resourceId: id('send') }),
    );
  const g = graphOf([
    demoOf(1, [
      { ui: compose('', '', false), action: tapAt(to), activity: 'ComposeActivity' },
      { ui: compose('', '', false), action: type('李强'), activity: 'ComposeActivity' },
      { ui: compose('李强', '', true), action: tapAt(suggestion), activity: 'ComposeActivity' },
      { ui: compose('13800000002', '', true), action: tapAt(body), activity: 'ComposeActivity' },
      { ui: compose('13800000002', '', true), action: type('我晚点到'), activity: 'ComposeActivity' },
      { ui: compose('13800000002', '我晚点到', true), action: tapAt(send), activity: 'ComposeActivity' },
      { ui: page('李强', text('我晚点到', b(40, 300, 1040, 400))), action: null, activity: 'ThreadActivity' },
    ]),
  ]);

  it('is accepted: the field holds what the pick put there', () => {
    const r = walkPath(g, [tapAt(to), type('13800000002'), tapAt(body), type('我晚点到'), tapAt(send)]);
    expect(r.reason).toMatch(/reached DONE/);
    expect(r.accepted).toBe(true);
  });

  it("another number, or one digit short, is not that contact's", () => {
    for (const other of ['13800000001', '1380000000'])
      expect(walkPath(g, [tapAt(to), type(other), tapAt(body), type('我晚点到'), tapAt(send)]).accepted).toBe(false);
  });
});
