import { composeFrame } from '../frame.js';
import type { CommandFn } from '../../shell/interpreter.js';
import type { PhoneModel } from '../phone.js';
import { hashString } from '../random.js';
import { alarmDump } from './alarm-dump.js';

/**
 * `dumpsys` focus lines in every shape tools grep for (listed in docs/virtual-phone.md): mCurrentFocus,
 * mFocusedApp, mResumedActivity, ResumedActivity, topResumedActivity and `* Hist #0`.
 */
function hex(s: string): string {
  return hashString(s).toString(16).padStart(8, '0').slice(0, 7);
}

function component(phone: PhoneModel): { pkg: string; full: string; short: string } {
  const pkg = phone.foreground;
  const full = phone.currentActivity();
  const short = full.startsWith(pkg + '.') ? full.slice(pkg.length) : full;
  return { pkg, full, short };
}

function taskId(phone: PhoneModel, pkg: string): number {
  return 10 + [...phone.apps.keys()].indexOf(pkg);
}

/** The keyboard's window while it is shown, with its frame (what a recorder needs to tell a key from the app under it). */
function imeWindow(phone: PhoneModel): string {
  const b = phone.imeVisible ? composeFrame(phone).ime?.bounds : undefined;
  if (!b) return '';
  return (
    `  Window #3 Window{1b2c3d4 u0 InputMethod}:\n    mDisplayId=0 rootTaskId=1 mSession=Session{d1e2f3a 2345:u0a10077}\n` +
    `    mAttrs={(0,0)(fillxwrap) gr=BOTTOM CENTER_VERTICAL sim={adjust=pan} ty=INPUT_METHOD fmt=TRANSPARENT}\n` +
    `    frame=[${b[0]},${b[1]}][${b[2]},${b[3]}]\n`
  );
}

export function dumpsysCommand(phone: PhoneModel): CommandFn {
  return (ctx) => {
    const [service, ...rest] = ctx.args;
    const c = component(phone);
    const rec = `ActivityRecord{${hex(c.full + 'r')} u0 ${c.pkg}/${c.short} t${taskId(phone, c.pkg)}}`;
    switch (service) {
      case 'window': {
        const focus = `Window{${hex(c.full)} u0 ${c.pkg}/${c.full}}`;
        const ime = phone.imeVisible ? 'Window{1b2c3d4 u0 InputMethod}' : 'null';
        ctx.out(
          `WINDOW MANAGER WINDOWS (dumpsys window windows)\n` +
            `  Window #0 Window{5a1b2c3 u0 NavigationBar0}:\n    mDisplayId=0 rootTaskId=1 mSession=Session{8f00aa1 1234:u0a10123} mClient=android.os.BinderProxy@7d1c2a0\n` +
            `  Window #1 Window{6b2c3d4 u0 StatusBar}:\n    mDisplayId=0 rootTaskId=1\n` +
            `  Window #2 ${focus}:\n    mDisplayId=0 rootTaskId=${taskId(phone, c.pkg)} mSession=Session{c0ffee1 4242:u0a10045}\n` +
            imeWindow(phone) +
            `\n  mGlobalConfiguration={1.0 ?mcc?mnc [${phone.locale === 'zh' ? 'zh_CN' : 'en_US'}] ldltr sw411dp w411dp h914dp 420dpi nrml long port finger -keyb/v/h -nav/h winConfig={ mBounds=Rect(0, 0 - 1080, 2400) mAppBounds=Rect(0, 63 - 1080, 2274) mMaxBounds=Rect(0, 0 - 1080, 2400) mDisplayRotation=ROTATION_0 mWindowingMode=fullscreen mDisplayWindowingMode=fullscreen mActivityType=undefined mAlwaysOnTop=undefined mRotation=ROTATION_0} s.1 fontWeightAdjustment=0}\n` +
            `  mHasPermanentDpad=false\n  mTopFocusedDisplayId=0\n  mInputMethodWindow=${ime}\n` +
            `  mCurrentFocus=${focus}\n  mFocusedApp=${rec}\n` +
            `  mObscuringWindow=null\n  mDisplayFrozen=false windowsAreFocusable=true\n`,
        );
        return 0;
      }
      case 'activity': {
        const what = rest[0] ?? 'activities';
        if (what === 'activities' || what === 'a' || what === 'top' || what === 'recents') {
          const stack = phone.currentTask().stack;
          let out = `ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\nDisplay #0 (activities from top to bottom):\n`;
          out += `  * Task{${hex(c.pkg + 't')} #${taskId(phone, c.pkg)} type=standard A=10045:${c.pkg} U=0 visible=true mode=fullscreen translucent=false sz=${stack.length}}\n`;
          out += `    mResumedActivity: ${rec}\n`;
          for (let i = stack.length - 1; i >= 0; i--) {
            const act = phone.apps.get(c.pkg)!.screens[stack[i]!.screenId]?.activity ?? c.full;
            const s = act.startsWith(c.pkg + '.') ? act.slice(c.pkg.length) : act;
            out += `      * Hist #${i}: ActivityRecord{${hex(act + i)} u0 ${c.pkg}/${s} t${taskId(phone, c.pkg)}}\n`;
          }
          for (const pkg of phone.recents.filter((p) => p !== c.pkg)) {
            const app = phone.apps.get(pkg)!;
            const act = app.screens[phone.tasks.get(pkg)?.stack.at(-1)?.screenId ?? app.home]?.activity ?? '';
            const s = act.startsWith(pkg + '.') ? act.slice(pkg.length) : act;
            out += `  * Task{${hex(pkg + 't')} #${taskId(phone, pkg)} type=standard A=10045:${pkg} U=0 visible=false mode=fullscreen}\n      * Hist #0: ActivityRecord{${hex(act)} u0 ${pkg}/${s} t${taskId(phone, pkg)}}\n`;
          }
          out += `\n  ResumedActivity: ${rec}\n  topResumedActivity=${rec}\n`;
          ctx.out(out);
          return 0;
        }
        ctx.out(`ACTIVITY MANAGER ${what.toUpperCase()}\n`);
        return 0;
      }
      case 'package': {
        const pkg = rest.find((a) => !a.startsWith('-'));
        const app = pkg ? phone.apps.get(pkg) : undefined;
        if (!pkg) {
          ctx.out('Package Manager dump\n');
          return 0;
        }
        if (!app) {
          ctx.out(`Unable to find package: ${pkg}\n`);
          return 0;
        }
        ctx.out(
          `Activity Resolver Table:\n  Non-Data Actions:\n      android.intent.action.MAIN:\n        ${hex(pkg)} ${pkg}/${app.screens[app.home]!.activity.replace(pkg, '')} filter ${hex(pkg + 'f')}\n\n` +
            `Packages:\n  Package [${pkg}] (${hex(pkg + 'p')}):\n    userId=${10000 + [...phone.apps.keys()].indexOf(pkg)}\n    pkg=Package{${hex(pkg + 'k')} ${pkg}}\n` +
            `    codePath=/system/app/${pkg}\n    resourcePath=/system/app/${pkg}\n    primaryCpuAbi=arm64-v8a\n` +
            `    versionCode=${app.versionCode} minSdk=29 targetSdk=34\n    versionName=${app.versionName}\n` +
            `    flags=[ SYSTEM HAS_CODE ALLOW_CLEAR_USER_DATA ]\n    timeStamp=2024-01-01 00:00:00\n    firstInstallTime=2024-01-01 00:00:00\n    lastUpdateTime=2024-01-01 00:00:00\n`,
        );
        return 0;
      }
      case 'alarm':
        ctx.out(alarmDump(phone));
        return 0;
      case 'battery':
        ctx.out(
          `Current Battery Service state:\n  AC powered: false\n  USB powered: true\n  Wireless powered: false\n  status: 2\n  health: 2\n  present: true\n  level: ${phone.battery()}\n  scale: 100\n  voltage: 4123\n  temperature: 287\n  technology: Li-ion\n`,
        );
        return 0;
      case 'input_method':
        ctx.out(
          `Current Input Method Manager state:\n  mCurMethodId=${phone.settings.get('secure', 'default_input_method')}\n  mInputShown=${phone.imeVisible}\n`,
        );
        return 0;
      case 'display':
        ctx.out(
          `DISPLAY MANAGER (dumpsys display)\n  mDefaultDisplayInfo=DisplayInfo{"Built-in Screen", displayId 0, real 1080 x 2400, largest app 2400 x 2337, smallest app 1080 x 1017, density 420, 420.0 x 420.0 dpi}\n  mScreenState=ON\n`,
        );
        return 0;
      case undefined:
        ctx.out('Currently running services:\n  activity\n  alarm\n  battery\n  display\n  input_method\n  package\n  window\n');
        return 0;
      default:
        ctx.err(`Can't find service: ${service}\n`);
        return 0;
    }
  };
}
