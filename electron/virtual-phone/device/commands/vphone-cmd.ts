import type { CommandFn } from '../../shell/interpreter.js';
import { composeFrame, currentDialogTitle } from '../frame.js';
import type { PhoneModel, PhoneSnapshot } from '../phone.js';

/** Snapshots per phone (`cmd vphone snapshot`); a phone keeps at most this many at once. */
const MAX_SNAPSHOTS = 20_000;
const snapshots = new WeakMap<PhoneModel, Map<string, PhoneSnapshot>>();

/**
 * `cmd vphone …`: the virtual phone's own service, for tests and rule-based success checks.
 * Documented in docs/virtual-phone.md. Output is JSON or one plain line, never decorated.
 */
const HELP = `Virtual phone (vphone) commands:
  state [PACKAGE]            print JSON: screen, package, activity, settings, every app's state
  state set PACKAGE JSON     shallow-merge JSON into an app's state
  screen                     print the current screen id
  window [--content]         print the screen id, plus "#dialog:<title>" while a dialog covers it;
                             --content adds, as JSON, the page's parameters, what a person set on
                             it (typed text, chosen options, quantities) and the foreground app's
                             state (less what only logs views)
  truth                      print JSON: the whole state that decides what the next input does —
                             what \`state\` prints less the clock, battery and toast, plus the window
                             id, every page of the foreground task (parameters, what a person
                             set on it, scroll offset), the focused field, and which app state
                             keys only log views (viewLogs)
  snapshot save|load NAME    keep the phone's whole state under NAME / put it back (as an
                             emulator snapshot does); snapshot drop [NAME|PREFIX*] forgets one,
                             those whose name starts with PREFIX, or all
  screens [PACKAGE]          list screen ids
  open SCREEN_ID [K=V ...]   jump to a screen (launches its app)
  reset [PACKAGE]            restore initial state (whole phone, or one app)
  clock                      print epoch ms and whether the clock is frozen
  clock freeze [EPOCH_MS]    stop the clock (at now, or at EPOCH_MS)
  clock unfreeze             resume ticking from the current value
  clock set EPOCH_MS         set the time
  clock advance MS           move the time forward
  battery LEVEL|reset        pin the battery level (0-100) or let it drain again
  apps                       list apps as JSON
`;

export function vphoneCommand(phone: PhoneModel): CommandFn {
  return (ctx) => {
    const [sub, ...rest] = ctx.args;
    const json = (v: unknown) => ctx.out(JSON.stringify(v) + '\n');
    switch (sub) {
      case 'state': {
        if (rest[0] === 'set') {
          const [, pkg, raw] = rest;
          const cur = pkg ? phone.states.get(pkg) : undefined;
          if (!pkg || cur === undefined) {
            ctx.err(`vphone: unknown package ${pkg ?? ''}\n`);
            return 1;
          }
          try {
            Object.assign(cur as object, JSON.parse(raw ?? '{}'));
          } catch (e) {
            ctx.err(`vphone: bad JSON: ${(e as Error).message}\n`);
            return 1;
          }
          return 0;
        }
        const v = phone.stateJson(rest[0]);
        if (v === undefined) {
          ctx.err(`vphone: unknown package ${rest[0]}\n`);
          return 1;
        }
        json(v);
        return 0;
      }
      case 'screen':
        ctx.out(`${phone.currentScreenId()}\n`);
        return 0;
      case 'window': {
        // What a person sees: a dialog over a page is another UI state than the page itself.
        const dialog = composeFrame(phone).dialog;
        const id = `${phone.currentScreenId()}${dialog ? `#dialog:${dialog.view.title}` : ''}`;
        if (rest[0] !== '--content') {
          ctx.out(`${id}\n`);
          return 0;
        }
        // The page's own state: which entity it shows and what the person changed there. Keys starting
        // with "_" are an app's bookkeeping (nothing on screen shows them).
        const inst = phone.currentInstance();
        const sorted = (o: object): Record<string, unknown> => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
        const local = sorted(Object.fromEntries(Object.entries(inst.local).filter(([k]) => !k.startsWith('_'))));
        // The foreground app's own state too (a chosen destination, a liked post), less what only logs views.
        const app = phone.apps.get(phone.foreground);
        const viewLog: readonly string[] = app?.viewLog ?? [];
        const kept = Object.entries((phone.states.get(phone.foreground) ?? {}) as object).filter(([k]) => !viewLog.includes(k));
        // The Settings app shows the system settings themselves.
        if (phone.foreground === 'com.android.settings') kept.push(['system', phone.settings.toJSON()]);
        ctx.out(`${id} ${JSON.stringify({ params: sorted(inst.params), local, app: sorted(Object.fromEntries(kept)) })}\n`);
        return 0;
      }
      case 'truth': {
        const { serial: _s, time: _t, toast: _o, battery: _b, clockFrozen: _c, ...state } = phone.stateJson() as Record<string, unknown>;
        const dialog = currentDialogTitle(phone);
        const stack = phone.currentTask().stack;
        const pages = stack.map((inst, i) => ({
          screen: inst.screenId,
          params: inst.params,
          // Keys starting with "_" are an app's bookkeeping (nothing on screen shows them).
          local: Object.fromEntries(Object.entries(inst.local).filter(([k]) => !k.startsWith('_'))),
          scroll: inst.scroll,
          // A page below the top one keeps the field it had focused (the top one's is `focusedInput`).
          ...(i < stack.length - 1 && inst.focusedInput !== undefined ? { focusedInput: inst.focusedInput } : {}),
        }));
        // Which keys of each app's state only log what was seen (an opened article): a reader may set them apart.
        const viewLogs = Object.fromEntries([...phone.apps.values()].filter((a) => a.viewLog?.length).map((a) => [a.package, a.viewLog]));
        json({ window: `${phone.currentScreenId()}${dialog !== null ? `#dialog:${dialog}` : ''}`, pages, ...state, viewLogs });
        return 0;
      }
      case 'snapshot': {
        const [op, name] = rest;
        const kept = snapshots.get(phone) ?? new Map<string, PhoneSnapshot>();
        snapshots.set(phone, kept);
        if (op === 'drop') {
          // NAME* drops every snapshot whose name starts with NAME.
          if (name?.endsWith('*')) {
            for (const k of [...kept.keys()]) if (k.startsWith(name.slice(0, -1))) kept.delete(k);
          } else if (name) kept.delete(name);
          else kept.clear();
          return 0;
        }
        if (!name || (op !== 'save' && op !== 'load')) {
          ctx.err('vphone: snapshot save|load NAME, or snapshot drop [NAME]\n');
          return 1;
        }
        if (op === 'save') {
          if (!kept.has(name) && kept.size >= MAX_SNAPSHOTS) {
            ctx.err(`vphone: ${MAX_SNAPSHOTS} snapshots kept already; drop some (cmd vphone snapshot drop)\n`);
            return 1;
          }
          kept.set(name, phone.snapshot());
          return 0;
        }
        const snap = kept.get(name);
        if (!snap) {
          ctx.err(`vphone: no snapshot ${name}\n`);
          return 1;
        }
        phone.restore(snap);
        return 0;
      }
      case 'screens':
        for (const app of phone.apps.values()) {
          if (rest[0] && app.package !== rest[0]) continue;
          for (const s of Object.values(app.screens)) ctx.out(`${s.id}\t${app.package}/${s.activity}\n`);
        }
        return 0;
      case 'open': {
        const id = rest[0];
        const app = [...phone.apps.values()].find((a) => id && a.screens[id]);
        if (!app || !id) {
          ctx.err(`vphone: unknown screen ${id ?? ''}\n`);
          return 1;
        }
        const params = Object.fromEntries(rest.slice(1).map((kv) => [kv.split('=')[0]!, kv.split('=').slice(1).join('=')]));
        phone.launch(app.package, id, params);
        return 0;
      }
      case 'reset':
        if (rest[0]) {
          if (!phone.resetApp(rest[0])) {
            ctx.err(`vphone: unknown package ${rest[0]}\n`);
            return 1;
          }
        } else phone.resetAll();
        return 0;
      case 'clock': {
        const [op, arg] = rest;
        const n = Number(arg);
        if (op === undefined) {
          json({ now: phone.clock.now(), frozen: phone.clock.isFrozen() });
          return 0;
        }
        if (op === 'freeze') phone.clock.freeze(arg !== undefined && Number.isFinite(n) ? n : undefined);
        else if (op === 'unfreeze') phone.clock.unfreeze();
        else if (op === 'set' && Number.isFinite(n)) phone.clock.set(n);
        else if (op === 'advance' && Number.isFinite(n)) phone.clock.advance(n);
        else {
          ctx.err(`vphone: bad clock command\n${HELP}`);
          return 1;
        }
        return 0;
      }
      case 'battery': {
        const n = Number(rest[0]);
        if (rest[0] === 'reset') phone.batteryOverride = null;
        else if (Number.isInteger(n) && n >= 0 && n <= 100) phone.batteryOverride = n;
        else {
          ctx.err('vphone: battery LEVEL must be 0-100 or reset\n');
          return 1;
        }
        return 0;
      }
      case 'apps':
        json([...phone.apps.values()].map((a) => ({ package: a.package, label: a.label, home: a.home, screens: Object.keys(a.screens) })));
        return 0;
      case 'help':
      case undefined:
        ctx.out(HELP);
        return 0;
      default:
        ctx.err(`vphone: unknown command ${sub}\n${HELP}`);
        return 1;
    }
  };
}

export function cmdCommand(phone: PhoneModel, services: Record<string, CommandFn>): CommandFn {
  return (ctx) => {
    const [service, ...rest] = ctx.args;
    const fn = service === 'vphone' ? vphoneCommand(phone) : service ? services[service] : undefined;
    if (!fn) {
      ctx.err(`cmd: Can't find service: ${service ?? ''}\n`);
      return 20;
    }
    return fn({ ...ctx, name: service!, args: rest });
  };
}
