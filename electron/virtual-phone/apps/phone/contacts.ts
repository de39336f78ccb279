import type { ScreenView, Widget } from '../../ui/widgets.js';
import type { PhoneCtx } from './phone.js';
import { tabs, startCall, toggleBlock } from './phone.js';
import { normalize } from './data.js';

/** Contacts list, contact card, editor and the blocked-numbers page. */
export function contactsScreen(ctx: PhoneCtx): ScreenView {
  const sorted = [...ctx.state.contacts].sort((a, b) => a.name.localeCompare(b.name, ctx.locale === 'zh' ? 'zh-CN' : 'en'));
  return {
    title: ctx.t('Contacts', '通讯录'),
    body: sorted.map((c): Widget => ({
      kind: 'row',
      id: 'contact_row',
      icon: [...c.name][0] ?? '?',
      iconColor: '#7B61FF',
      title: c.name,
      summary: c.number,
      onTap: () => ctx.go('phone.contact', { id: String(c.id) }),
    })),
    fab: { glyph: '+', desc: ctx.t('Create new contact', '新建联系人'), id: 'contacts_fab', onTap: () => ctx.go('phone.contact_edit') },
    footer: [tabs(ctx, 'phone.contacts')],
  };
}

export function contactScreen(ctx: PhoneCtx): ScreenView {
  const c = ctx.state.contacts.find((x) => String(x.id) === ctx.params['id']);
  if (!c) return { title: '', up: true, body: [{ kind: 'text', text: ctx.t('Contact not found', '找不到联系人') }] };
  const blocked = ctx.sys.blockedNumbers.some((b) => normalize(b) === normalize(c.number));
  const close = () => delete ctx.local['dialog'];
  return {
    title: '',
    up: true,
    actions: [
      {
        glyph: '✎',
        desc: ctx.t('Edit contact', '修改联系人'),
        id: 'menu_edit',
        onTap: () => ctx.go('phone.contact_edit', { id: String(c.id) }),
      },
    ],
    body: [
      { kind: 'bigtext', text: c.name, sub: c.number, size: 34, id: 'contact_name' },
      {
        kind: 'buttons',
        buttons: [
          { kind: 'button', text: ctx.t('Call', '呼叫'), id: 'call_button', onTap: () => startCall(ctx, c.number) },
          {
            kind: 'button',
            text: ctx.t('Message', '短信'),
            id: 'message_button',
            style: 'tonal',
            onTap: () => ctx.openApp('com.android.messaging', 'messages.thread', { address: c.number }),
          },
        ],
      },
      {
        kind: 'row',
        icon: '⊘',
        iconColor: '#D93025',
        title: blocked ? ctx.t('Unblock number', '取消屏蔽号码') : ctx.t('Block number', '屏蔽号码'),
        onTap: () => toggleBlock(ctx, c.number),
      },
      {
        kind: 'row',
        icon: '✕',
        iconColor: '#5F6368',
        title: ctx.t('Delete contact', '删除联系人'),
        onTap: () => (ctx.local['dialog'] = 'delete'),
      },
    ],
    dialog:
      ctx.local['dialog'] === 'delete'
        ? {
            title: ctx.t('Delete this contact?', '要删除此联系人吗？'),
            message: c.name,
            positive: {
              text: ctx.t('Delete', '删除'),
              onTap: () => {
                ctx.state.contacts = ctx.state.contacts.filter((x) => x.id !== c.id);
                close();
                ctx.back();
              },
            },
            negative: { text: ctx.t('Cancel', '取消'), onTap: close },
          }
        : undefined,
  };
}

export function contactEditScreen(ctx: PhoneCtx): ScreenView {
  const existing = ctx.state.contacts.find((x) => String(x.id) === ctx.params['id']);
  const draft = (ctx.local['draft'] ??= { name: existing?.name ?? '', number: existing?.number ?? ctx.params['number'] ?? '' }) as {
    name: string;
    number: string;
  };
  const save = () => {
    if (!draft.name.trim() || !normalize(draft.number)) {
      ctx.toast(ctx.t('Enter a name and a phone number', '请输入姓名和电话号码'));
      return;
    }
    if (existing) Object.assign(existing, { name: draft.name.trim(), number: draft.number.trim() });
    else ctx.state.contacts.push({ id: ctx.state.nextContactId++, name: draft.name.trim(), number: draft.number.trim() });
    ctx.toast(ctx.t('Contact saved', '联系人已保存'));
    ctx.back();
  };
  return {
    title: existing ? ctx.t('Edit contact', '修改联系人') : ctx.t('Create contact', '新建联系人'),
    up: true,
    container: 'scroll',
    actions: [{ glyph: '✓', desc: ctx.t('Save', '保存'), id: 'editor_menu_save_button', onTap: save }],
    body: [
      { kind: 'input', id: 'name_input', hint: ctx.t('Name', '姓名'), value: draft.name, onChange: (v) => (draft.name = v) },
      {
        kind: 'input',
        id: 'phone_input',
        hint: ctx.t('Phone', '电话'),
        value: draft.number,
        onChange: (v) => (draft.number = v),
        onSubmit: save,
      },
      { kind: 'button', text: ctx.t('Save', '保存'), id: 'save_button', onTap: save },
    ],
  };
}

export function blockedScreen(ctx: PhoneCtx): ScreenView {
  const list = ctx.sys.blockedNumbers;
  const adding = ctx.local['add'] as string | undefined;
  const close = () => delete ctx.local['add'];
  return {
    title: ctx.t('Blocked numbers', '已屏蔽的号码'),
    up: true,
    body: [
      { kind: 'row', icon: '+', title: ctx.t('Add a number', '添加号码'), id: 'add_blocked_number', onTap: () => (ctx.local['add'] = '') },
      ...(list.length === 0
        ? [{ kind: 'text' as const, text: ctx.t('No blocked numbers', '没有已屏蔽的号码'), color: '#44474F' }]
        : list.map((n): Widget => ({
            kind: 'row',
            title: n,
            trailing: {
              kind: 'icon',
              glyph: '✕',
              id: 'unblock',
              desc: ctx.t(`Unblock ${n}`, `取消屏蔽 ${n}`),
              onTap: () => toggleBlock(ctx, n),
            },
          }))),
    ],
    dialog:
      adding !== undefined
        ? {
            title: ctx.t('Add a number', '添加号码'),
            body: [
              {
                kind: 'input',
                id: 'blocked_number_input',
                hint: ctx.t('Phone number', '电话号码'),
                value: adding,
                onChange: (v) => (ctx.local['add'] = v),
              },
            ],
            positive: {
              text: ctx.t('Block', '屏蔽'),
              onTap: () => {
                if (normalize(adding)) toggleBlock(ctx, adding.trim());
                close();
              },
            },
            negative: { text: ctx.t('Cancel', '取消'), onTap: close },
          }
        : undefined,
  };
}
