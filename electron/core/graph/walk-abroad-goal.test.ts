import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { b, button, field, id, page, row, tapAt, text } from '../../../test/support/ui-builder.js';
import { demoOf, taskGraphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A reply to 王丽 written as a new message to her. This task (reply) recorded her conversation opened from the list and
 * the reply sent there; another task (party) recorded a new conversation — 发起聊天, her name typed, her suggestion
 * picked, the text, 发送 — which lands in her conversation. The path takes the other task's route: its 发送 lands where
 * this task's 发送 is pressed, so it is this task's goal, with what the path typed judged by this task's conditions.
 * Found by held-out sets BC and BD (right on the phone, refused as the other task's goal; before that, the message box
 * tapped on the other task's page was refused as committing its form). Not for another recipient, another text than the
 * task's, or without 发送.
 */
describe("another task's goal that lands where this task's goal is pressed", () => {
  const [ROW, FAB] = [b(0, 300, 1080, 450), b(800, 2100, 1040, 2280)];
  const [RECIPIENT, SUGGESTION, BOX, SEND] = [b(40, 260, 1040, 380), b(0, 400, 1080, 520), b(40, 560, 800, 680), b(820, 560, 1040, 680)];
  const [THREAD_BOX, THREAD_SEND] = [b(40, 2000, 800, 2120), b(820, 2000, 1040, 2120)];
  const list = page(
    '信息',
    button('王丽', ROW, { resourceId: id('conversation') }),
    button('发起聊天', FAB, { resourceId: id('start_chat') }),
  );
  const compose = (recipient: string, message: string, opts: { suggest?: boolean; typing?: 'to' | 'box' } = {}) =>
    page(
      '新对话',
      field(recipient, '收件人：姓名或号码', RECIPIENT, { resourceId: id('recipient_text_view'), focused: opts.typing === 'to' }),
      // As the app lists it under a name or a number typed: her name, and her number beside it.
      ...(opts.suggest ? [row('王丽', '13800000001', SUGGESTION, { clickable: true, resourceId: id('suggestion') })] : []),
      field(message, '短信', BOX, { resourceId: id('compose_message_text'), focused: opts.typing === 'box' }),
      button('发送', SEND, { resourceId: id('send') }),
    );
  const thread = (sent: string[], message: string, typing = false) =>
    page(
      '王丽',
      text('妈,周日回来吃饭吗?', b(40, 300, 1040, 400), { resourceId: id('message_text') }),
      ...sent.map((t, i) => text(t, b(40, 420 + i * 120, 1040, 520 + i * 120), { resourceId: id('message_text') })),
      field(message, '短信', THREAD_BOX, { resourceId: id('compose_message_text'), focused: typing }),
      button('发送', THREAD_SEND, { resourceId: id('send') }),
    );
  const C = 'ConversationActivity';
  const party = taskGraphOf('party', [
    demoOf(1, [
      { ui: list, action: tapAt(FAB), activity: 'ListActivity' },
      { ui: compose('', ''), action: tapAt(RECIPIENT), activity: C },
      { ui: compose('', '', { typing: 'to' }), action: { type: 'Type', text: '王丽' }, activity: C },
      { ui: compose('王丽', '', { suggest: true, typing: 'to' }), action: tapAt(SUGGESTION), activity: C },
      { ui: compose('13800000001', '', { suggest: true }), action: tapAt(BOX), activity: C },
      { ui: compose('13800000001', '', { suggest: true, typing: 'box' }), action: { type: 'Type', text: '周日中午一起吃饭' }, activity: C },
      { ui: compose('13800000001', '周日中午一起吃饭', { suggest: true, typing: 'box' }), action: tapAt(SEND), activity: C },
      { ui: page('王丽', text('周日中午一起吃饭', b(40, 300, 1040, 400), { resourceId: id('message_text') })), action: null, activity: C },
    ]),
  ]);
  const reply = taskGraphOf('reply', [
    demoOf(2, [
      { ui: list, action: tapAt(ROW), activity: 'ListActivity' },
      { ui: thread([], ''), action: tapAt(THREAD_BOX), activity: C },
      { ui: thread([], '', true), action: { type: 'Type', text: '周日我回去吃饭' }, activity: C },
      { ui: thread([], '周日我回去吃饭', true), action: tapAt(THREAD_SEND), activity: C },
      { ui: thread(['周日我回去吃饭'], ''), action: null, activity: C },
    ]),
  ]);
  const walk = (actions: readonly Action[], others = [party]): boolean => walkPath(reply, actions, others).accepted;
  const newMessage = (to: string, message: string): Action[] => [
    tapAt(FAB),
    tapAt(RECIPIENT),
    { type: 'Type', text: to },
    tapAt(SUGGESTION),
    tapAt(BOX),
    { type: 'Type', text: message },
  ];

  it("the reply by this task's route, and by the other task's new conversation to her: accepted", () => {
    expect(walk([tapAt(ROW), tapAt(THREAD_BOX), { type: 'Type', text: '周日我回去吃饭' }, tapAt(THREAD_SEND)])).toBe(true);
    expect(walk([...newMessage('王丽', '周日我回去吃饭'), tapAt(SEND)])).toBe(true);
  });

  // Her number typed instead of her name, and no suggestion picked (held-out set BH): the field holds what the other
  // task's pick put there; the suggestion the app lists under a typed number no screen of the path shows, and is not
  // compared — the field is.
  const numberTyped = (to: string, message: string): Action[] => [
    tapAt(FAB),
    tapAt(RECIPIENT),
    { type: 'Type', text: to },
    tapAt(BOX),
    { type: 'Type', text: message },
    tapAt(SEND),
  ];

  it('her number typed for her name: accepted; a digit off, or her name typed and not picked: refused', () => {
    expect(walk(numberTyped('13800000001', '周日我回去吃饭'))).toBe(true);
    expect(walk(numberTyped('13800000003', '周日我回去吃饭'))).toBe(false);
    expect(walk(numberTyped('王丽', '周日我回去吃饭'))).toBe(false);
  });

  // Her number typed as a person writes it (138-0000-0001, 138 0000 0001): the same number to the phone, which sends it
  // to her conversation (held-out set BJ); on the other task's own graph too, where its demonstration picked her.
  it('her number typed with dashes or spaces: accepted, here and on the task that recorded the route; a digit off: refused', () => {
    expect(walk(numberTyped('138-0000-0001', '周日我回去吃饭'))).toBe(true);
    expect(walk(numberTyped('138 0000 0001', '周日我回去吃饭'))).toBe(true);
    expect(walk(numberTyped('138-0000-0003', '周日我回去吃饭'))).toBe(false);
    expect(walkPath(party, numberTyped('138-0000-0001', '周日中午一起吃饭')).accepted).toBe(true);
    expect(walkPath(party, numberTyped('138-0000-0003', '周日中午一起吃饭')).accepted).toBe(false);
  });

  it('another recipient, not sent, or where no other task recorded the route: refused', () => {
    expect(walk([...newMessage('李强', '周日我回去吃饭'), tapAt(SEND)])).toBe(false);
    expect(walk(newMessage('王丽', '周日我回去吃饭'))).toBe(false);
    expect(walk([...newMessage('王丽', '周日我回去吃饭'), tapAt(SEND)], [])).toBe(false);
  });
});
