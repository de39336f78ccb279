import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, page, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';
import { cut } from '../../../test/support/word-list-tokenizer.js';

/**
 * Two routes to one message: written on a new conversation's page by one demonstration, on the contact's
 * thread by the other. The message box is one field on two pages with other titles; its text is still the goal.
 */
const type = (t: string): Action => ({ type: 'Type', text: t });
const box = b(40, 2000, 900, 2120);
const send = b(900, 2000, 1040, 2120);
const open = b(40, 400, 1040, 520);
const compose = (title: string, msg: string) =>
  page(
    title,
    field(msg, '短信', box, { resourceId: id('compose_message_text'), focused: true }),
    button('发送', send, { resourceId: id('send') }),
  );
const sent = (msg: string) =>
  page('王丽', text(msg, b(40, 600, 1040, 720)), field('', '短信', box, { resourceId: id('compose_message_text') }));
const hints = { instruction: '给王丽发个短信，说周六一起吃饭，哦不对，不是周六，改天了', tokenize: cut };

describe('a field reached by two routes, on pages with other titles, is one field for the goal', () => {
  const g = graphOf(
    [
      demoOf(1, [
        { ui: page('信息', button('新对话：王丽', open)), action: tapAt(open), activity: 'ListActivity' },
        { ui: compose('新对话', ''), action: type('周日中午一起吃饭') },
        { ui: compose('新对话', '周日中午一起吃饭'), action: tapAt(send) },
        { ui: sent('周日中午一起吃饭'), action: null },
      ]),
      demoOf(2, [
        {
          ui: page('信息', button('新对话：王丽', open), button('王丽', b(40, 600, 1040, 720))),
          action: tapAt(b(40, 600, 1040, 720)),
          activity: 'ListActivity',
        },
        { ui: compose('王丽', ''), action: type('周日中午一起吃饭') },
        { ui: compose('王丽', '周日中午一起吃饭'), action: tapAt(send) },
        { ui: sent('周日中午一起吃饭'), action: null },
      ]),
    ],
    hints,
  );

  it('the DONE node needs the message, keyed without the page', () => {
    const done = g.nodes.filter((n) => n.done);
    expect(done.length).toBeGreaterThan(0);
    for (const n of done)
      expect(n.goal?.some((c) => c.kind === 'typed' && c.key.includes('|*§') && c.required?.includes('周日'))).toBe(true);
  });

  it('the corrected day in other words passes on either route; the retracted day fails', () => {
    expect(walkPath(g, [tapAt(open), type('周日一起吃饭'), tapAt(send)]).accepted).toBe(true);
    expect(walkPath(g, [tapAt(open), type('周六中午一起吃饭'), tapAt(send)]).accepted).toBe(false);
  });
});
