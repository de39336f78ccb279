import type { CommandFn } from '../../shell/interpreter.js';
import type { PhoneModel } from '../phone.js';
import type { SettingsTable } from '../settings.js';
import { ADB_IME, LATIN_IME } from '../settings.js';

/** `settings` (SettingsService shell) and `ime` (InputMethodManagerService shell). */
const TABLES = new Set<SettingsTable>(['system', 'secure', 'global']);

export function settingsCommand(phone: PhoneModel): CommandFn {
  return (ctx) => {
    const args = ctx.args.filter((a, i) => a !== '--user' && ctx.args[i - 1] !== '--user' && a !== '--lineage');
    const [verb, ns, key, ...valueParts] = args;
    if (!verb || !['get', 'put', 'delete', 'list', 'reset'].includes(verb)) {
      ctx.err(
        `Invalid command: ${verb ?? ''}\nusage:  settings [--user <USER_ID> | current] get namespace key\n        settings [--user <USER_ID> | current] put namespace key value\n        settings [--user <USER_ID> | current] delete namespace key\n        settings [--user <USER_ID> | current] list namespace\n`,
      );
      return 1;
    }
    if (!ns || !TABLES.has(ns as SettingsTable)) {
      ctx.err(`Invalid namespace: ${ns ?? ''}\n`);
      return 1;
    }
    const table = ns as SettingsTable;
    switch (verb) {
      case 'get':
        ctx.out(`${(key && phone.settings.get(table, key)) ?? 'null'}\n`);
        return 0;
      case 'put':
        if (!key || valueParts.length === 0) {
          ctx.err('Invalid arguments\n');
          return 1;
        }
        phone.settings.put(table, key, valueParts[0]!);
        return 0;
      case 'delete':
        ctx.out(`Deleted ${key && phone.settings.delete(table, key) ? 1 : 0} rows\n`);
        return 0;
      case 'list':
        for (const [k, v] of phone.settings.list(table)) ctx.out(`${k}=${v}\n`);
        return 0;
      default:
        return 0;
    }
  };
}

const ALL_IMES = [LATIN_IME, ADB_IME];

export function imeCommand(phone: PhoneModel): CommandFn {
  const enabled = () => (phone.settings.get('secure', 'enabled_input_methods') ?? '').split(':').filter(Boolean);
  const setEnabled = (ids: string[]) => phone.settings.put('secure', 'enabled_input_methods', ids.join(':'));
  return (ctx) => {
    const [sub, ...rest] = ctx.args;
    const id = rest.find((a) => !a.startsWith('-'));
    switch (sub) {
      case 'list': {
        const ids = rest.includes('-a') ? ALL_IMES : enabled();
        for (const i of ids) {
          if (rest.includes('-s')) ctx.out(`${i}\n`);
          else
            ctx.out(
              `${i}:\n  mId=${i} mSettingsActivityName=null mIsVrOnly=false mSupportsSwitchingToNextInputMethod=false\n  mIsDefaultResId=0x0\n  Service:\n    priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n`,
            );
        }
        return 0;
      }
      case 'enable':
      case 'disable': {
        if (!id || !ALL_IMES.includes(id)) {
          ctx.err(`Unknown input method ${id ?? ''} cannot be ${sub}d for user #0\n`);
          return 1;
        }
        const cur = enabled();
        const on = sub === 'enable';
        const already = cur.includes(id) === on;
        if (!already) setEnabled(on ? [...cur, id] : cur.filter((x) => x !== id));
        if (!on && phone.settings.get('secure', 'default_input_method') === id)
          phone.settings.put('secure', 'default_input_method', LATIN_IME);
        ctx.out(`Input method ${id}: ${already ? 'already ' : 'now '}${on ? 'enabled' : 'disabled'} for user #0\n`);
        return 0;
      }
      case 'set':
        if (!id || !enabled().includes(id)) {
          ctx.err(`Unknown input method ${id ?? ''} cannot be selected for user #0\n`);
          return 1;
        }
        phone.settings.put('secure', 'default_input_method', id);
        ctx.out(`Input method ${id} selected for user #0\n`);
        return 0;
      case 'reset':
        setEnabled(ALL_IMES);
        phone.settings.put('secure', 'default_input_method', LATIN_IME);
        ctx.out(`Reset current and enabled IMEs for user #0\n  Selected: ${LATIN_IME}\n   Enabled: ${ALL_IMES.join('\n            ')}\n`);
        return 0;
      default:
        ctx.err(`Unknown command: ${sub ?? ''}\n`);
        return 1;
    }
  };
}
