import { defineApp } from '../types.js';
import type { AppContext } from '../types.js';
import type { DialogView, ScreenView, Widget } from '../../ui/widgets.js';
import { bottomTabs, tx } from '../sample-kit/kit.js';
import type { ChatMessage } from './data.js';
import { CONTACTS, MOMENTS, THREADS, contact } from './data.js';

/**
 * Chat (a generic messenger like the paper's offline set): chats, contacts (with groups),
 * moments with likes, voice and video calls. Most goals have two routes: message someone from
 * the chat list or from their contact card; call from the chat's "+" menu or the contact card;
 * like a post in the moments feed or on the person's own moments page.
 */
export interface ChatThread {
  with: string;
  unread: number;
  messages: ChatMessage[];
}
export interface ChatState {
  threads: ChatThread[];
  sent: Array<{ to: string; text: string }>;
  calls: Array<{ to: string; type: 'voice' | 'video' }>;
  /** The call going on: set by a call, ended by 挂断 (Back leaves it going on, as a real chat app's floating window does). */
  inCall: { to: string; type: 'voice' | 'video' } | null;
  likes: string[];
  readThreads: string[];
}
type Ctx = AppContext<ChatState>;
const TABS: Array<[string, string, string, string]> = [
  ['chat.list', 'Chats', '微信', '✉'],
  ['chat.contacts', 'Contacts', '通讯录', '☺'],
  ['chat.moments', 'Moments', '朋友圈', '◎'],
];

const name = (ctx: Ctx, id: string) => (id === 'me' ? ctx.t('Me', '我') : tx(ctx, contact(id) ?? { en: id, zh: id }));
const text = (ctx: Ctx, t: ChatMessage['text']) => (typeof t === 'string' ? t : tx(ctx, t));
const thread = (ctx: Ctx, id: string): ChatThread => {
  let t = ctx.state.threads.find((x) => x.with === id);
  if (!t) ctx.state.threads.unshift((t = { with: id, unread: 0, messages: [] }));
  return t;
};
function call(ctx: Ctx, to: string, type: 'voice' | 'video'): void {
  ctx.state.calls.push({ to, type });
  ctx.state.inCall = { to, type };
  ctx.go('chat.call', { to, type });
}

function list(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('Chats', '微信'),
    body: ctx.state.threads.map((t): Widget => {
      const last = t.messages.at(-1);
      return {
        kind: 'row',
        id: 'chat_row',
        icon: [...name(ctx, t.with)][0] ?? '?',
        iconColor: contact(t.with)?.group ? '#F29900' : '#07C160',
        title: t.unread > 0 ? `${name(ctx, t.with)} (${t.unread})` : name(ctx, t.with),
        summary: last ? text(ctx, last.text) : '',
        onTap: () => ctx.go('chat.thread', { id: t.with }),
      };
    }),
    footer: [bottomTabs(ctx, 'chat.list', TABS)],
  };
}

function threadScreen(ctx: Ctx): ScreenView {
  const id = ctx.params['id'] ?? '';
  const t = thread(ctx, id);
  if (t.unread > 0) t.unread = 0;
  if (!ctx.state.readThreads.includes(id)) ctx.state.readThreads.push(id);
  const draft = (ctx.local['draft'] ??= { v: '' }) as { v: string };
  const send = () => {
    const v = draft.v.trim();
    if (!v) return;
    t.messages.push({ from: 'me', text: v });
    ctx.state.sent.push({ to: id, text: v });
    draft.v = '';
  };
  const close = () => delete ctx.local['more'];
  const group = contact(id)?.group === true;
  const dialog: DialogView | undefined = ctx.local['more']
    ? {
        title: ctx.t('More', '更多'),
        items: [
          {
            label: ctx.t('Video call', '视频通话'),
            onTap: () => {
              close();
              call(ctx, id, 'video');
            },
          },
          {
            label: ctx.t('Voice call', '语音通话'),
            onTap: () => {
              close();
              call(ctx, id, 'voice');
            },
          },
        ],
        negative: { text: ctx.t('Cancel', '取消'), onTap: close },
      }
    : undefined;
  return {
    title: name(ctx, id),
    up: true,
    body: t.messages.map((m): Widget => ({
      kind: 'bubble',
      text: text(ctx, m.text),
      mine: m.from === 'me',
      meta: group && m.from !== 'me' ? name(ctx, m.from) : undefined,
    })),
    footer: [
      { kind: 'input', id: 'chat_input', hint: ctx.t('Message', '发消息'), value: draft.v, onChange: (v) => (draft.v = v), onSubmit: send },
      {
        kind: 'buttons',
        buttons: [
          ...(group
            ? []
            : [
                {
                  kind: 'button' as const,
                  id: 'more',
                  text: '+',
                  desc: ctx.t('More', '更多功能'),
                  style: 'tonal' as const,
                  onTap: () => (ctx.local['more'] = true),
                },
              ]),
          { kind: 'button', id: 'send', text: ctx.t('Send', '发送'), onTap: send },
        ],
      },
    ],
    dialog,
  };
}

function contacts(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('Contacts', '通讯录'),
    body: [
      {
        kind: 'row',
        id: 'groups',
        icon: '☷',
        iconColor: '#F29900',
        title: ctx.t('Group chats', '群聊'),
        onTap: () => ctx.go('chat.groups'),
      },
      ...CONTACTS.filter((c) => !c.group).map((c): Widget => ({
        kind: 'row',
        id: 'contact_row',
        icon: [...tx(ctx, c)][0] ?? '?',
        iconColor: '#07C160',
        title: tx(ctx, c),
        onTap: () => ctx.go('chat.contact', { id: c.id }),
      })),
    ],
    footer: [bottomTabs(ctx, 'chat.contacts', TABS)],
  };
}

function groups(ctx: Ctx): ScreenView {
  return {
    title: ctx.t('Group chats', '群聊'),
    up: true,
    body: CONTACTS.filter((c) => c.group).map((c): Widget => ({
      kind: 'row',
      id: 'group_row',
      icon: '☷',
      iconColor: '#F29900',
      title: tx(ctx, c),
      onTap: () => ctx.go('chat.thread', { id: c.id }),
    })),
  };
}

function contactCard(ctx: Ctx): ScreenView {
  const id = ctx.params['id'] ?? '';
  return {
    title: name(ctx, id),
    up: true,
    container: 'scroll',
    body: [
      { kind: 'bigtext', text: name(ctx, id), size: 36 },
      { kind: 'row', id: 'contact_moments', title: ctx.t('Moments', '朋友圈'), onTap: () => ctx.go('chat.moments', { by: id }) },
      { kind: 'button', id: 'send_message', text: ctx.t('Message', '发消息'), onTap: () => ctx.go('chat.thread', { id }) },
      { kind: 'button', id: 'voice_call', text: ctx.t('Voice call', '语音通话'), style: 'tonal', onTap: () => call(ctx, id, 'voice') },
      { kind: 'button', id: 'video_call', text: ctx.t('Video call', '视频通话'), style: 'tonal', onTap: () => call(ctx, id, 'video') },
    ],
  };
}

/** Posts are a seeded number of minutes old, counted from the phone's clock, so the labels tick. */
function ago(ctx: Ctx, id: string): string {
  const posted = Math.floor(ctx.sys.now() / 86_400_000) * 86_400_000 - Math.floor(ctx.sys.rand(`moment:${id}`) * 86_400_000);
  const min = Math.max(1, Math.floor((ctx.sys.now() - posted) / 60_000));
  return min < 60 ? ctx.t(`${min} min ago`, `${min}分钟前`) : ctx.t(`${Math.floor(min / 60)} h ago`, `${Math.floor(min / 60)}小时前`);
}

function moments(ctx: Ctx): ScreenView {
  const by = ctx.params['by'];
  const list = MOMENTS.filter((m) => !by || m.by === by);
  return {
    title: by ? `${name(ctx, by)} · ${ctx.t('Moments', '朋友圈')}` : ctx.t('Moments', '朋友圈'),
    up: !!by,
    body:
      list.length === 0
        ? [{ kind: 'text', text: ctx.t('No posts', '暂无动态') }]
        : list.flatMap((m): Widget[] => {
            const liked = ctx.state.likes.includes(m.id);
            return [
              {
                kind: 'row',
                id: 'moment',
                icon: [...name(ctx, m.by)][0] ?? '?',
                iconColor: '#07C160',
                title: name(ctx, m.by),
                summary: `${tx(ctx, m.text)} · ${ago(ctx, m.id)}`,
                trailing: {
                  kind: 'icon',
                  id: 'like',
                  glyph: liked ? '♥' : '♡',
                  desc: liked
                    ? ctx.t(`Liked ${name(ctx, m.by)}`, `已赞 ${name(ctx, m.by)}`)
                    : ctx.t(`Like ${name(ctx, m.by)}`, `赞 ${name(ctx, m.by)}`),
                  // A toggle, as in real chat apps' moments: 已赞 pressed again takes the like back.
                  onTap: () => {
                    if (!liked) ctx.state.likes.push(m.id);
                    else ctx.state.likes = ctx.state.likes.filter((x) => x !== m.id);
                  },
                },
              },
              { kind: 'image', desc: tx(ctx, m.text), height: 260, color: '#E6F4EA' },
            ];
          }),
    footer: by ? [] : [bottomTabs(ctx, 'chat.moments', TABS)],
  };
}

function callScreen(ctx: Ctx): ScreenView {
  const video = ctx.params['type'] === 'video';
  return {
    title: video ? ctx.t('Video call', '视频通话') : ctx.t('Voice call', '语音通话'),
    body: [
      { kind: 'spacer', height: 200 },
      {
        kind: 'bigtext',
        id: 'callee',
        text: name(ctx, ctx.params['to'] ?? ''),
        sub: ctx.t('Waiting for answer…', '等待对方接听…'),
        size: 40,
      },
    ],
    footer: [
      {
        kind: 'button',
        id: 'hang_up',
        text: ctx.t('Hang up', '挂断'),
        onTap: () => {
          ctx.state.inCall = null;
          ctx.back();
        },
      },
    ],
  };
}

export const chatApp = defineApp<ChatState>({
  package: 'com.vphone.chat',
  label: { en: 'Chat', zh: '微聊' },
  icon: { glyph: '✆', color: '#07C160' },
  versionName: '8.0.50',
  versionCode: 2850,
  home: 'chat.list',
  viewLog: ['readThreads'],
  initialState: () => ({
    threads: THREADS.map((t) => ({ ...t, messages: [...t.messages] })),
    sent: [],
    calls: [],
    inCall: null,
    likes: [],
    readThreads: [],
  }),
  badge: (s) => s.threads.reduce((a, t) => a + t.unread, 0),
  screens: {
    'chat.list': { id: 'chat.list', activity: 'com.vphone.chat.ui.LauncherUI', render: list },
    'chat.thread': { id: 'chat.thread', activity: 'com.vphone.chat.ui.ChattingUI', render: threadScreen },
    'chat.contacts': { id: 'chat.contacts', activity: 'com.vphone.chat.ui.LauncherUI', render: contacts },
    'chat.groups': { id: 'chat.groups', activity: 'com.vphone.chat.ui.GroupsUI', render: groups },
    'chat.contact': { id: 'chat.contact', activity: 'com.vphone.chat.ui.ContactInfoUI', render: contactCard },
    'chat.moments': { id: 'chat.moments', activity: 'com.vphone.chat.ui.SnsTimeLineUI', render: moments },
    'chat.call': { id: 'chat.call', activity: 'com.vphone.chat.ui.VoipUI', render: callScreen },
  },
  exportState: (s) => ({
    sent: s.sent,
    calls: s.calls,
    inCall: s.inCall,
    likes: s.likes,
    readThreads: s.readThreads,
    unread: Object.fromEntries(s.threads.map((t) => [t.with, t.unread])),
  }),
});
