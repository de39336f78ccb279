import { defineApp } from '../types.js';
import type { AppContext } from '../types.js';
import type { ScreenView, Widget } from '../../ui/widgets.js';
import type { PhoneState } from './data.js';
import { seedContacts, seedCalls, nameFor, whenLabel, normalize } from './data.js';
import { contactsScreen, contactScreen, contactEditScreen, blockedScreen } from './contacts.js';

/** Phone: keypad, recents, contacts, in-call screen and the shared block list. */
export type PhoneCtx = AppContext<PhoneState>;
const MAIN = 'com.android.dialer.main.impl.MainActivity';

export function tabs(ctx: PhoneCtx, current: string): Widget {
  const tab = (id: string, en: string, zh: string, glyph: string) => ({
    label: ctx.t(en, zh),
    glyph,
    selected: current === id,
    onTap: () => current !== id && ctx.replace(id),
  });
  return {
    kind: 'tabs',
    id: 'bottom_navigation',
    tabs: [
      tab('phone.recents', 'Recents', '最近', '◷'),
      tab('phone.contacts', 'Contacts', '通讯录', '☺'),
      tab('phone.dialpad', 'Keypad', '拨号键盘', '⠿'),
    ],
  };
}

export function startCall(ctx: PhoneCtx, number: string): void {
  if (!normalize(number)) return;
  ctx.state.calls.unshift({ number, type: 'outgoing', time: ctx.sys.now(), durationSec: 0, seen: true });
  ctx.state.inCall = { number, startedAt: ctx.sys.now(), muted: false, speaker: false };
  ctx.go('phone.incall');
}

function dialpad(ctx: PhoneCtx): ScreenView {
  if (ctx.params['number'] !== undefined && ctx.local['_prefilled'] === undefined) {
    ctx.local['_prefilled'] = true;
    ctx.state.dialed = ctx.params['number'];
  }
  const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];
  const name = nameFor(ctx.state.contacts, ctx.state.dialed);
  return {
    body: [
      { kind: 'spacer', height: 40 },
      { kind: 'bigtext', text: ctx.state.dialed || ' ', id: 'digits', sub: name ?? '', size: 40 },
      {
        kind: 'grid',
        id: 'dialpad',
        columns: 3,
        cellHeight: 76,
        cells: keys.map((k) => ({
          kind: 'button' as const,
          text: k,
          style: 'tonal' as const,
          id: `key_${k === '*' ? 'star' : k === '#' ? 'pound' : k}`,
          onTap: () => (ctx.state.dialed += k),
        })),
      },
      {
        kind: 'buttons',
        buttons: [
          {
            kind: 'button',
            text: ctx.t('Call', '拨打'),
            id: 'dialpad_floating_action_button',
            desc: ctx.t('dial', '拨号'),
            onTap: () => {
              const n = ctx.state.dialed;
              ctx.state.dialed = '';
              startCall(ctx, n);
            },
          },
          {
            kind: 'button',
            text: '⌫',
            id: 'deleteButton',
            style: 'text',
            desc: ctx.t('backspace', '退格'),
            onTap: () => (ctx.state.dialed = ctx.state.dialed.slice(0, -1)),
          },
        ],
      },
    ],
    footer: [tabs(ctx, 'phone.dialpad')],
  };
}

function recents(ctx: PhoneCtx): ScreenView {
  const now = ctx.sys.now();
  const blocked = new Set(ctx.sys.blockedNumbers.map(normalize));
  const rows: Widget[] = ctx.state.calls.map((c, i) => {
    const name = nameFor(ctx.state.contacts, c.number) ?? c.number;
    const kind =
      c.type === 'missed' ? ctx.t('Missed', '未接') : c.type === 'incoming' ? ctx.t('Incoming', '呼入') : ctx.t('Outgoing', '呼出');
    return {
      kind: 'row',
      id: 'call_log_row',
      icon: c.type === 'missed' ? '↙' : c.type === 'incoming' ? '↙' : '↗',
      iconColor: c.type === 'missed' ? '#D93025' : '#1E8E3E',
      title: blocked.has(normalize(c.number)) ? `${name} (${ctx.t('blocked', '已屏蔽')})` : name,
      summary: `${kind} · ${whenLabel(c.time, now, ctx.sys.timeZone, ctx.t)}`,
      onTap: () => {
        for (const x of ctx.state.calls) x.seen = true;
        ctx.go('phone.call_details', { index: String(i) });
      },
      trailing: {
        kind: 'icon',
        glyph: '☎',
        id: 'call_button',
        desc: ctx.t(`Call ${name}`, `呼叫${name}`),
        onTap: () => startCall(ctx, c.number),
      },
    };
  });
  return {
    title: ctx.t('Phone', '电话'),
    actions: [{ glyph: '⋮', desc: ctx.t('More options', '更多选项'), id: 'menu', onTap: () => ctx.go('phone.blocked') }],
    body: rows.length > 0 ? rows : [{ kind: 'text', text: ctx.t('No recent calls', '没有最近通话'), align: 'center' }],
    footer: [tabs(ctx, 'phone.recents')],
  };
}

function callDetails(ctx: PhoneCtx): ScreenView {
  const c = ctx.state.calls[Number(ctx.params['index'])];
  if (!c) return { title: '', up: true, body: [] };
  const name = nameFor(ctx.state.contacts, c.number);
  const isBlocked = ctx.sys.blockedNumbers.some((b) => normalize(b) === normalize(c.number));
  return {
    title: ctx.t('Call details', '通话详情'),
    up: true,
    body: [
      { kind: 'bigtext', text: name ?? c.number, sub: name ? c.number : '', size: 32, id: 'contact_name' },
      { kind: 'row', icon: '☎', title: ctx.t('Call', '呼叫'), onTap: () => startCall(ctx, c.number) },
      {
        kind: 'row',
        icon: '✉',
        title: ctx.t('Send a message', '发送短信'),
        onTap: () => ctx.openApp('com.android.messaging', 'messages.thread', { address: c.number }),
      },
      ...(name
        ? []
        : [
            {
              kind: 'row' as const,
              icon: '+',
              title: ctx.t('Create new contact', '新建联系人'),
              onTap: () => ctx.go('phone.contact_edit', { number: c.number }),
            },
          ]),
      {
        kind: 'row',
        icon: '⊘',
        iconColor: '#D93025',
        title: isBlocked ? ctx.t('Unblock number', '取消屏蔽号码') : ctx.t('Block number', '屏蔽号码'),
        onTap: () => toggleBlock(ctx, c.number),
      },
    ],
  };
}

/**
 * Blocks or unblocks a number. The list holds it as the system's blocked-number store keys it — digits (and a leading
 * +), without the separators a person may type (021-9556-6888 blocks 02195566888) — as Android's blocked-number
 * provider matches by the normalized number, not by what was typed.
 */
export function toggleBlock(ctx: PhoneCtx, number: string): void {
  const list = ctx.sys.blockedNumbers;
  const i = list.findIndex((b) => normalize(b) === normalize(number));
  if (i >= 0) {
    list.splice(i, 1);
    ctx.toast(ctx.t(`${number} unblocked`, `已取消屏蔽 ${number}`));
  } else {
    list.push(normalize(number));
    ctx.toast(ctx.t(`${number} blocked`, `已屏蔽 ${number}`));
  }
}

function inCall(ctx: PhoneCtx): ScreenView {
  const call = ctx.state.inCall;
  const end = () => {
    if (call && ctx.state.calls[0]) ctx.state.calls[0].durationSec = Math.round((ctx.sys.now() - call.startedAt) / 1000);
    ctx.state.inCall = null;
    ctx.back();
  };
  if (!call) return { body: [{ kind: 'text', text: ctx.t('Call ended', '通话已结束'), align: 'center' }], background: '#DCEFE3' };
  const secs = Math.max(0, Math.floor((ctx.sys.now() - call.startedAt) / 1000));
  const name = nameFor(ctx.state.contacts, call.number);
  return {
    background: '#DCEFE3',
    body: [
      { kind: 'spacer', height: 120 },
      {
        kind: 'bigtext',
        text: name ?? call.number,
        sub:
          secs < 3
            ? ctx.t('Calling…', '正在拨号…')
            : `${String(Math.floor(secs / 60)).padStart(2, '0')}:${String(secs % 60).padStart(2, '0')}`,
        size: 36,
        id: 'contactgrid_contact_name',
      },
      { kind: 'spacer', height: 200 },
      {
        kind: 'grid',
        columns: 2,
        cellHeight: 80,
        cells: [
          { kind: 'toggle', text: ctx.t('Mute', '静音'), checked: call.muted, id: 'muteButton', onToggle: (v) => (call.muted = v) },
          {
            kind: 'toggle',
            text: ctx.t('Speaker', '免提'),
            checked: call.speaker,
            id: 'speakerButton',
            onToggle: (v) => (call.speaker = v),
          },
        ],
      },
      { kind: 'spacer', height: 80 },
      { kind: 'button', text: ctx.t('End call', '挂断'), id: 'incall_end_call', onTap: end },
    ],
  };
}

export const phoneApp = defineApp<PhoneState>({
  package: 'com.android.dialer',
  label: { en: 'Phone', zh: '电话' },
  icon: { glyph: '☎', color: '#1A73E8' },
  versionName: '14',
  versionCode: 34,
  home: 'phone.recents',
  initialState: (sys) => {
    const contacts = seedContacts(sys);
    return { dialed: '', contacts, nextContactId: contacts.length + 1, calls: seedCalls(sys, contacts), inCall: null };
  },
  badge: (s) => s.calls.filter((c) => c.type === 'missed' && !c.seen).length,
  activityAliases: { '.DialtactsActivity': 'phone.dialpad' },
  screens: {
    'phone.recents': { id: 'phone.recents', activity: MAIN, render: recents },
    'phone.dialpad': { id: 'phone.dialpad', activity: MAIN, render: dialpad },
    'phone.contacts': { id: 'phone.contacts', activity: MAIN, render: contactsScreen },
    'phone.contact': { id: 'phone.contact', activity: 'com.android.dialer.contactdetails.ContactDetailsActivity', render: contactScreen },
    'phone.contact_edit': {
      id: 'phone.contact_edit',
      activity: 'com.android.dialer.contactdetails.ContactEditorActivity',
      render: contactEditScreen,
    },
    'phone.call_details': { id: 'phone.call_details', activity: 'com.android.dialer.calldetails.CallDetailsActivity', render: callDetails },
    'phone.blocked': { id: 'phone.blocked', activity: 'com.android.dialer.app.settings.BlockedNumbersActivity', render: blockedScreen },
    'phone.incall': { id: 'phone.incall', activity: 'com.android.incallui.InCallActivity', render: inCall },
  },
  exportState: (s, sys) => ({ ...s, blockedNumbers: sys.blockedNumbers }),
});
