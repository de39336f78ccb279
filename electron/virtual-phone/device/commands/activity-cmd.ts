import type { CommandFn, CommandContext } from '../../shell/interpreter.js';
import type { PhoneModel } from '../phone.js';
import type { AppDefinition } from '../../apps/types.js';
import { ADB_IME } from '../settings.js';
import { typeIntoFocused, clearFocused, deleteFromFocused, submitFocused } from '../typing.js';

/** `am`, `monkey` and `pm`: launching, stopping and listing apps, with the platform's output shapes. */

function shortName(pkg: string, cls: string): string {
  return cls.startsWith(pkg + '.') ? cls.slice(pkg.length) : cls;
}

/** Resolve `pkg/.Cls` to an app and screen id; undefined screen = the app's launch screen. */
function resolveComponent(phone: PhoneModel, comp: string): { app: AppDefinition<unknown>; screen?: string } | null {
  const [pkg, rawCls] = comp.split('/');
  const app = pkg ? phone.apps.get(pkg) : undefined;
  if (!app || !rawCls) return null;
  const cls = rawCls.startsWith('.') ? pkg + rawCls : rawCls;
  if (app.screens[app.home]?.activity === cls) return { app };
  const alias = app.activityAliases?.[shortName(pkg!, cls)] ?? app.activityAliases?.[cls];
  if (alias) return { app, screen: alias };
  const hit = Object.values(app.screens).find((s) => s.activity === cls);
  return hit ? { app, screen: hit.id } : null;
}

/** Implicit intents the stock apps answer. */
function resolveAction(
  phone: PhoneModel,
  action: string,
  data: string | undefined,
): { pkg: string; screen?: string; params?: Record<string, string> } | null {
  const num = data?.replace(/^(tel|sms|smsto):/, '') ?? '';
  const table: Record<string, () => { pkg: string; screen?: string; params?: Record<string, string> }> = {
    'android.settings.SETTINGS': () => ({ pkg: 'com.android.settings' }),
    'android.settings.WIFI_SETTINGS': () => ({ pkg: 'com.android.settings', screen: 'settings.wifi' }),
    'android.settings.BLUETOOTH_SETTINGS': () => ({ pkg: 'com.android.settings', screen: 'settings.bluetooth' }),
    'android.settings.DISPLAY_SETTINGS': () => ({ pkg: 'com.android.settings', screen: 'settings.display' }),
    'android.settings.SOUND_SETTINGS': () => ({ pkg: 'com.android.settings', screen: 'settings.sound' }),
    'android.settings.ACCESSIBILITY_SETTINGS': () => ({ pkg: 'com.android.settings', screen: 'settings.accessibility' }),
    'android.settings.INTERNAL_STORAGE_SETTINGS': () => ({ pkg: 'com.android.settings', screen: 'settings.storage' }),
    'android.intent.action.DIAL': () => ({ pkg: 'com.android.dialer', screen: 'phone.dialpad', params: num ? { number: num } : undefined }),
    'android.intent.action.SENDTO': () => ({
      pkg: 'com.android.messaging',
      screen: 'messages.compose',
      params: num ? { to: num } : undefined,
    }),
    'android.intent.action.SET_ALARM': () => ({ pkg: 'com.android.deskclock', screen: 'clock.alarm_edit' }),
    'android.intent.action.SET_TIMER': () => ({ pkg: 'com.android.deskclock', screen: 'clock.timer' }),
    'android.intent.action.MAIN': () => ({ pkg: 'com.android.launcher3' }),
  };
  const r = table[action]?.();
  return r && phone.apps.has(r.pkg) ? r : null;
}

function parseIntentArgs(args: string[]): {
  comp?: string;
  action?: string;
  data?: string;
  wait: boolean;
  extras: Record<string, string>;
  flags: string[];
} {
  const out = { wait: false, extras: {} as Record<string, string>, flags: [] as string[] } as ReturnType<typeof parseIntentArgs>;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-n') out.comp = args[++i];
    else if (a === '-a') out.action = args[++i];
    else if (a === '-d') out.data = args[++i];
    else if (a === '-W') out.wait = true;
    else if (['--es', '--ei', '--ez', '--el', '--ef', '--eu', '--eia', '--esa'].includes(a)) {
      const k = args[++i];
      const v = args[++i];
      if (k !== undefined) out.extras[k] = v ?? '';
    } else if (a === '--user' || a === '-f' || a === '-c' || a === '-t' || a === '-p' || a === '--receiver-permission') {
      const v = args[++i];
      if (a === '-f' && v) out.flags.push(v);
      if (a === '-p' && v) out.extras['__pkg'] = v;
    } else if (!a.startsWith('-') && !out.comp && a.includes('/')) out.comp = a;
  }
  return out;
}

function describeIntent(it: ReturnType<typeof parseIntentArgs>, extraFlag?: string): string {
  const parts: string[] = [];
  if (it.action) parts.push(`act=${it.action}`);
  if (it.data) parts.push(`dat=${it.data.replace(/^(\w+:).*/, '$1...')}`);
  if (extraFlag) parts.push(`flg=${extraFlag}`);
  if (it.comp) parts.push(`cmp=${it.comp}`);
  if (Object.keys(it.extras).length > 0) parts.push('(has extras)');
  return `Intent { ${parts.join(' ')} }`;
}

function amBroadcast(phone: PhoneModel, ctx: CommandContext, it: ReturnType<typeof parseIntentArgs>): number {
  ctx.out(`Broadcasting: ${describeIntent(it, '0x400000')}\n`);
  // ADBKeyboard's receiver is registered only while it is the active IME.
  const adbActive = phone.settings.get('secure', 'default_input_method') === ADB_IME;
  if (adbActive && phone.focus) {
    const msg = it.extras['msg'];
    switch (it.action) {
      case 'ADB_INPUT_TEXT':
        if (msg !== undefined) typeIntoFocused(phone, msg);
        break;
      case 'ADB_INPUT_B64':
        if (msg !== undefined) typeIntoFocused(phone, Buffer.from(msg, 'base64').toString('utf8'));
        break;
      case 'ADB_INPUT_CHARS': {
        const chars = (it.extras['chars'] ?? '').split(',').map(Number).filter(Number.isFinite);
        typeIntoFocused(phone, String.fromCodePoint(...chars));
        break;
      }
      case 'ADB_CLEAR_TEXT':
        clearFocused(phone);
        break;
      case 'ADB_INPUT_CODE':
        if (it.extras['code'] === '67') deleteFromFocused(phone);
        else if (it.extras['code'] === '66') submitFocused(phone);
        break;
      case 'ADB_EDITOR_CODE':
        submitFocused(phone);
        break;
    }
  }
  ctx.out('Broadcast completed: result=0\n');
  return 0;
}

export function amCommand(phone: PhoneModel): CommandFn {
  return (ctx) => {
    const [sub, ...rest] = ctx.args;
    const it = parseIntentArgs(rest);
    switch (sub) {
      case 'start':
      case 'start-activity': {
        ctx.out(`Starting: ${describeIntent(it)}\n`);
        let target: { pkg: string; screen?: string; params?: Record<string, string> } | null;
        if (it.comp) {
          const r = resolveComponent(phone, it.comp);
          if (!r) {
            const [pkg, cls = ''] = it.comp.split('/');
            ctx.err(`Error type 3\nError: Activity class {${pkg}/${cls.startsWith('.') ? pkg + cls : cls}} does not exist.\n`);
            return 1;
          }
          target = { pkg: r.app.package, screen: r.screen };
        } else if (it.action) {
          target = resolveAction(phone, it.action, it.data);
          if (!target) {
            ctx.err(`Error: Activity not started, unable to resolve ${describeIntent(it, '0x10000000')}\n`);
            return 1;
          }
        } else {
          ctx.err('Error: Intent does not match any activities\n');
          return 1;
        }
        phone.launch(target.pkg, target.screen, target.params);
        if (it.wait) {
          ctx.out(
            `Status: ok\nLaunchState: WARM\nActivity: ${target.pkg}/${shortName(target.pkg, phone.currentActivity())}\nTotalTime: 120\nWaitTime: 125\nComplete\n`,
          );
        }
        return 0;
      }
      case 'force-stop':
      case 'kill':
        if (rest[0]) phone.forceStop(rest.filter((a) => !a.startsWith('-') && a !== '0').pop() ?? '');
        return 0;
      case 'broadcast':
        return amBroadcast(phone, ctx, it);
      case 'stack':
      case 'task':
        ctx.out(
          `RootTask id=1 bounds=[0,0][1080,2400] displayId=0 userId=0\n  taskId=1: ${phone.foreground}/${shortName(phone.foreground, phone.currentActivity())} bounds=[0,0][1080,2400] userId=0 visible=true\n`,
        );
        return 0;
      default:
        ctx.err(`Unknown command: ${sub ?? ''}\n`);
        return 1;
    }
  };
}

export function monkeyCommand(phone: PhoneModel): CommandFn {
  return (ctx) => {
    for (const a of ctx.args) ctx.out(`  bash arg: ${a}\n`);
    const i = ctx.args.indexOf('-p');
    const pkg = i >= 0 ? ctx.args[i + 1] : undefined;
    const app = pkg ? phone.apps.get(pkg) : undefined;
    if (!app || pkg === 'com.android.launcher3') {
      ctx.out('** No activities found to run, monkey aborted.\n');
      return 251;
    }
    phone.launch(app.package);
    ctx.out('Events injected: 1\n## Network stats: elapsed time=15ms (0ms mobile, 0ms wifi, 15ms not connected)\n');
    return 0;
  };
}

const SYSTEM_PACKAGES = [
  'android',
  'com.android.systemui',
  'com.android.inputmethod.latin',
  'com.android.adbkeyboard',
  'com.android.providers.settings',
  'com.android.shell',
  'com.android.phone',
];

/** Apps installed from within the phone (the app store's downloads): third-party packages, as on a device. */
function userInstalled(phone: PhoneModel): Set<string> {
  return new Set([...phone.apps.values()].flatMap((a) => a.installedPackages?.(phone.states.get(a.package)) ?? []));
}

export function allPackages(phone: PhoneModel): string[] {
  return [...new Set([...SYSTEM_PACKAGES, ...phone.apps.keys(), ...userInstalled(phone)])].sort();
}

export function pmCommand(phone: PhoneModel): CommandFn {
  return (ctx) => {
    const [sub, ...rest] = ctx.args;
    const what = rest[0];
    switch (sub) {
      case 'list': {
        if (what === 'packages') {
          const filter = rest.slice(1).find((a) => !a.startsWith('-'));
          const showPath = rest.includes('-f');
          const thirdParty = userInstalled(phone);
          for (const p of allPackages(phone)) {
            // The phone's own apps are system apps; only what the app store installed is third-party.
            if (rest.includes('-3') && !thirdParty.has(p)) continue;
            if (rest.includes('-s') && thirdParty.has(p)) continue;
            if (filter && !p.includes(filter)) continue;
            const apk = thirdParty.has(p) ? `/data/app/${p}-1/base.apk` : `/system/app/${p}/${p}.apk`;
            ctx.out(showPath ? `package:${apk}=${p}\n` : `package:${p}\n`);
          }
          return 0;
        }
        if (what === 'features') {
          for (const f of [
            'android.hardware.touchscreen',
            'android.hardware.wifi',
            'android.hardware.bluetooth',
            'android.software.input_methods',
            'android.hardware.telephony',
          ])
            ctx.out(`feature:${f}\n`);
          return 0;
        }
        ctx.err(`Error: unknown list type '${what ?? ''}'\n`);
        return 1;
      }
      case 'path':
        if (what && allPackages(phone).includes(what)) {
          ctx.out(`package:/system/app/${what}/${what}.apk\n`);
          return 0;
        }
        return 1;
      case 'clear':
        if (what && phone.resetApp(what)) {
          ctx.out('Success\n');
          return 0;
        }
        ctx.out('Failed\n');
        return 1;
      case 'install':
        ctx.out('Failure [INSTALL_FAILED_INVALID_APK: the virtual phone cannot install APKs]\n');
        return 1;
      case 'uninstall':
        ctx.out('Failure [DELETE_FAILED_INTERNAL_ERROR]\n');
        return 1;
      default:
        ctx.err(`Unknown command: ${sub ?? ''}\n`);
        return 1;
    }
  };
}
