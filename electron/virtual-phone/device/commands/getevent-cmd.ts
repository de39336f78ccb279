import type { CommandFn } from '../../shell/interpreter.js';
import type { InputDevice, InputEvent, Touchscreen } from '../touchscreen.js';
import { EV_ABS, EV_KEY, EV_SYN, INPUT_DEVICES } from '../touchscreen.js';

/**
 * `getevent` with toolbox's output format (system/core/toolbox/getevent.c): `-p` lists each
 * input device's events and axes (`-l` with names), then exits; otherwise it prints every event
 * as it happens — `[   sec.usec] ` with `-t`, the device path when several are read, then type,
 * code and value — until the client hangs up.
 */
const TYPES: Record<number, string> = { [EV_SYN]: 'EV_SYN', [EV_KEY]: 'EV_KEY', [EV_ABS]: 'EV_ABS' };
const CODES: Record<number, Record<number, string>> = {
  [EV_SYN]: { 0: 'SYN_REPORT', 2: 'SYN_MT_REPORT' },
  [EV_KEY]: {
    114: 'KEY_VOLUMEDOWN',
    115: 'KEY_VOLUMEUP',
    116: 'KEY_POWER',
    158: 'KEY_BACK',
    172: 'KEY_HOMEPAGE',
    0x14a: 'BTN_TOUCH',
    0x244: 'KEY_APPSELECT',
  },
  [EV_ABS]: {
    0x2f: 'ABS_MT_SLOT',
    0x30: 'ABS_MT_TOUCH_MAJOR',
    0x35: 'ABS_MT_POSITION_X',
    0x36: 'ABS_MT_POSITION_Y',
    0x39: 'ABS_MT_TRACKING_ID',
    0x3a: 'ABS_MT_PRESSURE',
  },
};
const KEY_VALUES: Record<number, string> = { 0: 'UP', 1: 'DOWN', 2: 'REPEAT' };

const hex = (n: number, w: number): string => (n >>> 0).toString(16).padStart(w, '0');
const pad = (s: string, w: number): string => s.slice(0, w).padEnd(w);

export function formatEvent(e: InputEvent, labels: boolean): string {
  if (!labels) return `${hex(e.type, 4)} ${hex(e.code, 4)} ${hex(e.value, 8)}`;
  const type = TYPES[e.type];
  const code = CODES[e.type]?.[e.code];
  const value = e.type === EV_KEY ? KEY_VALUES[e.value] : undefined;
  return (
    (type ? pad(type, 12) : `${hex(e.type, 4)}        `) +
    (code ? ` ${pad(code, 20)}` : ` ${hex(e.code, 4)}                `) +
    (value ? ` ${pad(value, 20)}` : ` ${hex(e.value, 8)}            `)
  );
}

function possibleEvents(d: InputDevice, labels: boolean): string {
  const name = (type: number, code: number): string =>
    labels && CODES[type]?.[code] ? ` ${pad(CODES[type][code], 20)}` : ` ${hex(code, 4)}`;
  let out = '  events:\n';
  if (d.keys.length > 0) {
    out += `    KEY (0001):`;
    [...d.keys]
      .sort((a, b) => a - b)
      .forEach((k, i) => {
        if (i > 0 && i % (labels ? 4 : 8) === 0) out += '\n               ';
        out += name(EV_KEY, k);
      });
    out += '\n';
  }
  if (d.abs.length > 0) {
    out += `    ABS (0003):`;
    [...d.abs]
      .sort((a, b) => a.code - b.code)
      .forEach((a, i) => {
        if (i > 0) out += '\n               ';
        out += `${name(EV_ABS, a.code)} : value 0, min ${a.min}, max ${a.max}, fuzz 0, flat 0, resolution 0`;
      });
    out += '\n';
  }
  out += '  input props:\n';
  out += d.props.length > 0 ? d.props.map((p) => `    ${p}\n`).join('') : '    <none>\n';
  return out;
}

export function geteventCommand(touch: Touchscreen): CommandFn {
  return (ctx) => {
    let labels = false;
    let time = false;
    let possible = false;
    let quiet = false;
    let count = Infinity;
    const paths: string[] = [];
    for (let i = 0; i < ctx.args.length; i++) {
      const a = ctx.args[i]!;
      if (a === '-c') count = Number(ctx.args[++i]);
      else if (a.startsWith('-')) {
        for (const f of a.slice(1)) {
          if (f === 'l') labels = true;
          else if (f === 't') time = true;
          else if (f === 'p') possible = true;
          else if (f === 'q') quiet = true;
          else if (f === 'c') count = Number(ctx.args[++i]);
          else if (!'nrsSvdi'.includes(f)) {
            ctx.err(`getevent: invalid option -- ${f}\n`);
            return 1;
          }
        }
      } else paths.push(a);
    }
    const devices = paths.length === 0 ? INPUT_DEVICES : INPUT_DEVICES.filter((d) => paths.includes(d.path));
    for (const p of paths) {
      if (!devices.some((d) => d.path === p)) {
        ctx.err(`could not open ${p}, No such file or directory\ncould not add device ${p}\n`);
        return 1;
      }
    }
    if (!quiet || possible) {
      devices.forEach((d) => {
        ctx.out(`add device ${INPUT_DEVICES.indexOf(d) + 1}: ${d.path}\n  name:     "${d.name}"\n`);
        if (possible) ctx.out(possibleEvents(d, labels));
      });
    }
    if (possible) return 0;
    const watched = new Set(devices.map((d) => d.path));
    return new Promise<number>((resolve) => {
      let left = count;
      const finish = (): void => {
        off();
        ctx.signal.removeEventListener('abort', finish);
        resolve(0);
      };
      const off = touch.onEvent((e) => {
        if (!watched.has(e.device)) return;
        const sec = Math.floor(e.time);
        const usec = Math.floor((e.time - sec) * 1e6);
        const stamp = time ? `[${String(sec).padStart(8)}.${String(usec).padStart(6, '0')}] ` : '';
        const dev = devices.length > 1 ? `${e.device}: ` : '';
        ctx.out(`${stamp}${dev}${formatEvent(e, labels)}\n`);
        if (--left <= 0) finish();
      });
      if (ctx.signal.aborted) finish();
      else ctx.signal.addEventListener('abort', finish);
    });
  };
}
