import type { CommandFn } from '../../shell/interpreter.js';
import type { PhoneModel } from '../phone.js';
import { tap, swipe, key, KEYCODES } from '../input.js';
import { typeIntoFocused } from '../typing.js';

/**
 * `input` with InputShellCommand's argument rules: `text` takes exactly one argument, `%s` is a
 * space, and characters outside the virtual keyboard's map throw the same NullPointerException
 * a real device prints.
 */
const SOURCES = new Set([
  'keyboard',
  'mouse',
  'joystick',
  'touchnavigation',
  'touchpad',
  'trackball',
  'stylus',
  'dpad',
  'gesture',
  'touchscreen',
  'gamepad',
]);

const NPE = `Exception occurred while executing 'text':
java.lang.NullPointerException: Attempt to get length of null array
\tat com.android.server.input.InputShellCommand.sendText(InputShellCommand.java:319)
\tat com.android.server.input.InputShellCommand.runText(InputShellCommand.java:291)
\tat com.android.server.input.InputShellCommand.onCommand(InputShellCommand.java:232)
\tat com.android.modules.utils.BasicShellCommandHandler.exec(BasicShellCommandHandler.java:97)
\tat android.os.ShellCommand.exec(ShellCommand.java:38)
\tat com.android.server.input.InputManagerService.onShellCommand(InputManagerService.java:3297)
\tat android.os.Binder.shellCommand(Binder.java:1068)
\tat android.os.Binder.onTransact(Binder.java:888)
\tat android.hardware.input.IInputManager$Stub.onTransact(IInputManager.java:1339)
\tat android.os.Binder.execTransactInternal(Binder.java:1344)
\tat android.os.Binder.execTransact(Binder.java:1275)
`;

const USAGE = `Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]

The commands and default sources are:
      text <string> (Default: keyboard)
      keyevent [--longpress|--duration <duration to hold key down in ms>] [--doubletap] [--async] [--delay <duration between keycodes in ms>] <key code number or name> ... (Default: keyboard)
      tap <x> <y> (Default: touchscreen)
      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)
      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)
      press (Default: trackball)
      roll <dx> <dy> (Default: trackball)
      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y> (Default: touchscreen)
      keycombination [-t duration(ms)] <key code 1> <key code 2> ... (Default: keyboard)
`;

/** Printable ASCII is what the VIRTUAL_KEYBOARD key character map can produce. */
const TYPABLE = /^[\x20-\x7e\n\t]*$/;

export function keycodeOf(name: string): number | undefined {
  if (/^\d+$/.test(name)) return Number(name);
  const k = name.toUpperCase().replace(/^KEYCODE_/, '');
  return KEYCODES[k];
}

export function inputCommand(phone: PhoneModel): CommandFn {
  let downAt: [number, number] | null = null;
  return (ctx) => {
    const args = [...ctx.args];
    if (args[0] && SOURCES.has(args[0])) args.shift();
    if (args[0] === '-d') args.splice(0, 2);
    const cmd = args.shift();
    const num = (s: string | undefined) => (s !== undefined && s.trim() !== '' ? Number(s) : NaN);
    const invalid = () => {
      ctx.err(`Error: Invalid arguments for command: ${cmd}\n${USAGE}`);
      return 255;
    };
    switch (cmd) {
      case 'text': {
        const s = args[0];
        if (s === undefined) return invalid();
        const text = s.replace(/%s/g, ' ');
        if (!TYPABLE.test(text)) {
          ctx.err(NPE);
          return 255;
        }
        typeIntoFocused(phone, text);
        return 0;
      }
      case 'keyevent':
      case 'keycombination': {
        const codes = args.filter(
          (a, i) => !a.startsWith('--') && a !== '-t' && args[i - 1] !== '--delay' && args[i - 1] !== '--duration' && args[i - 1] !== '-t',
        );
        if (codes.length === 0) return invalid();
        for (const c of codes) {
          const code = keycodeOf(c);
          if (code === undefined) {
            ctx.err(`Error: Unknown keycode: ${c}\n`);
            continue;
          }
          key(phone, code);
          if (args.includes('--doubletap')) key(phone, code);
        }
        return 0;
      }
      case 'tap': {
        const [x, y] = [num(args[0]), num(args[1])];
        if (!Number.isFinite(x) || !Number.isFinite(y)) return invalid();
        tap(phone, x, y);
        return 0;
      }
      case 'swipe':
      case 'draganddrop': {
        const [x1, y1, x2, y2] = args.slice(0, 4).map(num);
        if (![x1, y1, x2, y2].every((v) => Number.isFinite(v))) return invalid();
        const dur = args[4] !== undefined ? num(args[4]) : cmd === 'swipe' ? 300 : 1000;
        swipe(phone, x1!, y1!, x2!, y2!, Number.isFinite(dur) ? dur : 300);
        return 0;
      }
      case 'motionevent': {
        const [action, xs, ys] = args;
        const x = num(xs);
        const y = num(ys);
        if (!action || !Number.isFinite(x) || !Number.isFinite(y)) return invalid();
        const a = action.toUpperCase();
        if (a === 'DOWN') downAt = [x, y];
        else if (a === 'UP' && downAt) {
          swipe(phone, downAt[0], downAt[1], x, y, 100);
          downAt = null;
        } else if (a === 'CANCEL') downAt = null;
        return 0;
      }
      case 'press':
      case 'roll':
        return 0;
      case undefined:
        ctx.err(USAGE);
        return 255;
      default:
        ctx.err(`Error: Unknown command: ${cmd}\n${USAGE}`);
        return 255;
    }
  };
}
