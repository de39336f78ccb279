import type { CommandContext, CommandFn } from '../../shell/interpreter.js';
import type { PhoneModel } from '../phone.js';
import type { CallEntry, PhoneState } from '../../apps/phone/data.js';
import type { MessagesState, Thread } from '../../apps/messages/messages.js';

/**
 * `content query --uri URI [--projection a:b] [--where "col=value"] [--sort "col DESC"]`: the
 * platform's content providers as the shell user reads them, with the real tool's output
 * (`Row: 0 _id=1, display_name=王丽, …`, `NULL` for null, `No result found.` for none). The rows come
 * from the apps' own state (the dialer's contacts and call log, the messaging app's threads), so a
 * snapshot taken this way sees what a snapshot of a real phone sees. Like many real phones, the
 * blocked-number provider refuses the shell user.
 */
type Row = Record<string, string | number | null>;
interface Provider {
  columns: string[];
  rows(phone: PhoneModel): Row[];
}

const DIALER = 'com.android.dialer';
const MESSAGING = 'com.android.messaging';

/** Stable `_id`s for rows the apps keep without one, as a provider's database would give them. */
class RowIds {
  private readonly ids = new WeakMap<object, number>();
  private next = 1;
  /** Objects seen for the first time get ids oldest first, so a new row always gets the highest id. */
  assign<T extends object>(items: readonly T[], time: (t: T) => number): (t: T) => number {
    const fresh = items.filter((i) => !this.ids.has(i)).sort((a, b) => time(a) - time(b));
    for (const f of fresh) this.ids.set(f, this.next++);
    return (t) => this.ids.get(t)!;
  }
}

const idsOf = new WeakMap<PhoneModel, Record<'calls' | 'sms' | 'threads', RowIds>>();
function rowIds(phone: PhoneModel): Record<'calls' | 'sms' | 'threads', RowIds> {
  let r = idsOf.get(phone);
  if (!r) idsOf.set(phone, (r = { calls: new RowIds(), sms: new RowIds(), threads: new RowIds() }));
  return r;
}

const dialer = (phone: PhoneModel): PhoneState | undefined => phone.states.get(DIALER) as PhoneState | undefined;
const norm = (n: string): string => n.replace(/[^\d+]/g, '');
const nameFor = (phone: PhoneModel, number: string): string | null =>
  dialer(phone)?.contacts.find((c) => norm(c.number) === norm(number))?.name ?? null;

const CALL_TYPE: Record<CallEntry['type'], number> = { incoming: 1, outgoing: 2, missed: 3 };

function smsRows(phone: PhoneModel, box: 'all' | 'inbox' | 'sent'): Row[] {
  const threads = (phone.states.get(MESSAGING) as MessagesState | undefined)?.threads ?? [];
  const ids = rowIds(phone);
  const threadId = ids.threads.assign(threads, (t: Thread) => t.messages[0]?.time ?? 0);
  const all = threads.flatMap((t) => t.messages.map((m, i) => ({ t, m, i })));
  const msgId = ids.sms.assign(
    all.map((x) => x.m),
    (m) => m.time,
  );
  return all
    .map(({ t, m, i }) => {
      // The last `unread` messages they sent are the unread ones.
      const theirsAfter = t.messages.slice(i + 1).filter((x) => x.from === 'them').length;
      const read = m.from === 'me' || theirsAfter >= t.unread ? 1 : 0;
      return {
        _id: msgId(m),
        thread_id: threadId(t),
        address: t.address,
        person: null,
        date: m.time,
        read,
        type: m.from === 'me' ? 2 : 1,
        body: m.text,
      } as Row;
    })
    .filter((r) => box === 'all' || (box === 'inbox' ? r.type === 1 : r.type === 2))
    .sort((a, b) => Number(b.date) - Number(a.date));
}

const PROVIDERS: Record<string, Provider> = {
  'content://com.android.contacts/contacts': {
    columns: ['_id', 'display_name', 'has_phone_number', 'starred'],
    rows: (p) => (dialer(p)?.contacts ?? []).map((c) => ({ _id: c.id, display_name: c.name, has_phone_number: 1, starred: 0 })),
  },
  'content://com.android.contacts/data/phones': {
    columns: ['_id', 'contact_id', 'display_name', 'data1', 'data2', 'mimetype'],
    rows: (p) =>
      (dialer(p)?.contacts ?? []).map((c) => ({
        _id: c.id * 10 + 1,
        contact_id: c.id,
        display_name: c.name,
        data1: c.number,
        data2: 2,
        mimetype: 'vnd.android.cursor.item/phone_v2',
      })),
  },
  'content://contacts/phones': {
    columns: ['_id', 'name', 'number', 'type'],
    rows: (p) => (dialer(p)?.contacts ?? []).map((c) => ({ _id: c.id, name: c.name, number: c.number, type: 2 })),
  },
  'content://call_log/calls': {
    columns: ['_id', 'number', 'date', 'duration', 'type', 'new', 'name'],
    rows: (p) => {
      const calls = dialer(p)?.calls ?? [];
      const id = rowIds(p).calls.assign(calls, (c) => c.time);
      return calls.map((c) => ({
        _id: id(c),
        number: c.number,
        date: c.time,
        duration: c.durationSec,
        type: CALL_TYPE[c.type],
        new: c.seen ? 0 : 1,
        name: nameFor(p, c.number),
      }));
    },
  },
  'content://sms': { columns: ['_id', 'thread_id', 'address', 'person', 'date', 'read', 'type', 'body'], rows: (p) => smsRows(p, 'all') },
  'content://sms/inbox': {
    columns: ['_id', 'thread_id', 'address', 'person', 'date', 'read', 'type', 'body'],
    rows: (p) => smsRows(p, 'inbox'),
  },
  'content://sms/sent': {
    columns: ['_id', 'thread_id', 'address', 'person', 'date', 'read', 'type', 'body'],
    rows: (p) => smsRows(p, 'sent'),
  },
  // The calendar provider is there and empty: the phone has no calendar app.
  'content://com.android.calendar/events': { columns: ['_id', 'calendar_id', 'title', 'dtstart', 'dtend', 'deleted'], rows: () => [] },
  'content://com.android.calendar/calendars': { columns: ['_id', 'name', 'account_name', 'visible'], rows: () => [] },
  ...Object.fromEntries(
    (['system', 'secure', 'global'] as const).map((t) => [
      `content://settings/${t}`,
      {
        columns: ['_id', 'name', 'value'],
        rows: (p: PhoneModel) => p.settings.list(t).map(([name, value], i) => ({ _id: i + 1, name, value })),
      },
    ]),
  ),
};

/** Providers the shell user may not read (as on many real phones). */
const CLOSED: Record<string, string> = {
  'com.android.blockednumber': 'java.lang.SecurityException: Caller must be system, default dialer or default SMS app',
};

function usage(ctx: CommandContext): number {
  ctx.err(
    'usage: adb shell content [subcommand] [options]\n\nusage: adb shell content query --uri <URI> [--user <USER_ID>] [--projection <PROJECTION>] [--where <WHERE>] [--sort <SORT_ORDER>]\n',
  );
  return 1;
}

type Pred = (r: Row) => boolean;

/** The small part of SQL a `--where` needs here: `col op value` joined with AND. */
function parseWhere(where: string, columns: readonly string[]): Pred | string {
  const preds: Pred[] = [];
  for (const part of where.split(/\s+AND\s+/i)) {
    const m = /^\s*(\w+)\s*(=|!=|<>|>=|<=|>|<)\s*(?:'((?:[^']|'')*)'|"([^"]*)"|(\S+))\s*$/.exec(part);
    if (!m) return `near "${part.trim()}": syntax error`;
    const [, col, op, q1, q2, bare] = m;
    if (!columns.includes(col!)) return `no such column: ${col}`;
    const want = q1 !== undefined ? q1.replace(/''/g, "'") : (q2 ?? bare!);
    preds.push((r) => {
      const v = r[col!];
      if (v === null || v === undefined) return false;
      const num = typeof v === 'number' && /^-?\d+(\.\d+)?$/.test(want);
      const [a, b] = num ? [v, Number(want)] : [String(v), want];
      switch (op) {
        case '=':
          return a === b;
        case '!=':
        case '<>':
          return a !== b;
        case '>':
          return a > b;
        case '<':
          return a < b;
        case '>=':
          return a >= b;
        default:
          return a <= b;
      }
    });
  }
  return (r) => preds.every((p) => p(r));
}

const show = (v: string | number | null | undefined): string => (v === null || v === undefined ? 'NULL' : String(v));

export function contentCommand(phone: PhoneModel): CommandFn {
  return (ctx) => {
    const [sub, ...rest] = ctx.args;
    if (sub !== 'query') {
      if (['insert', 'update', 'delete', 'call', 'read', 'write', 'gettype'].includes(sub ?? ''))
        ctx.err(`[ERROR] ${sub} is not supported by this device's content tool\n`);
      return usage(ctx);
    }
    const opt: Record<string, string> = {};
    for (let i = 0; i < rest.length; i++) {
      const a = rest[i]!;
      if (a.startsWith('--') && i + 1 < rest.length) opt[a.slice(2)] = rest[++i]!;
      else return usage(ctx);
    }
    const uri = opt['uri'];
    if (!uri) return usage(ctx);
    const authority = /^content:\/\/([^/]+)/.exec(uri)?.[1] ?? '';
    const closed = CLOSED[authority];
    if (closed) {
      ctx.err(`Error while accessing provider:${authority}\n${closed}\n`);
      return 1;
    }
    const provider = PROVIDERS[uri.replace(/\/$/, '')];
    if (!provider) {
      ctx.err(`Error while accessing provider:${authority}\njava.lang.IllegalArgumentException: Unknown URI ${uri}\n`);
      return 1;
    }
    const columns = opt['projection'] ? opt['projection'].split(/[:,]/).filter(Boolean) : provider.columns;
    const bad = columns.find((c) => !provider.columns.includes(c));
    if (bad) {
      ctx.err(`Error while accessing provider:${authority}\njava.lang.IllegalArgumentException: Invalid column ${bad}\n`);
      return 1;
    }
    let rows = provider.rows(phone);
    if (opt['where']) {
      const pred = parseWhere(opt['where'], provider.columns);
      if (typeof pred === 'string') {
        ctx.err(`Error while accessing provider:${authority}\nandroid.database.sqlite.SQLiteException: ${pred}\n`);
        return 1;
      }
      rows = rows.filter(pred);
    }
    const sort = opt['sort'] ? /^\s*(\w+)(?:\s+(ASC|DESC))?\s*$/i.exec(opt['sort']) : null;
    if (sort) {
      const [, col, dir] = sort;
      const sign = dir?.toUpperCase() === 'DESC' ? -1 : 1;
      rows = [...rows].sort((a, b) => (a[col!]! < b[col!]! ? -sign : a[col!]! > b[col!]! ? sign : 0));
    }
    if (rows.length === 0) {
      ctx.out('No result found.\n');
      return 0;
    }
    rows.forEach((r, i) => ctx.out(`Row: ${i} ${columns.map((c) => `${c}=${show(r[c])}`).join(', ')}\n`));
    return 0;
  };
}
