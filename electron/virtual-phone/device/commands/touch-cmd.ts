import type { CommandFn } from '../../shell/interpreter.js';
import type { PhoneModel } from '../phone.js';
import type { Touchscreen } from '../touchscreen.js';
import { KEY_APPSELECT, KEY_BACK, KEY_HOMEPAGE, KEY_POWER, KEY_VOLUMEDOWN, KEY_VOLUMEUP } from '../touchscreen.js';
import { composeFrame } from '../frame.js';

/**
 * `cmd vphone touch …` and `cmd vphone press …`: a person's finger and the phone's keys, for
 * tests of recording from the phone in hand. They act through the touchscreen and key devices
 * (what `getevent` shows), never through `input`.
 */
export const TOUCH_HELP = `  touch tap X Y              a finger taps the screen at (X, Y) px
  touch longpress X Y [MS]   a finger presses and holds (default 1000 ms)
  touch swipe X1 Y1 X2 Y2 MS a finger drags from (X1, Y1) to (X2, Y2) in MS
  touch type TEXT            a finger types TEXT on the on-screen keyboard, key by key (\\n: the enter key)
  press back|home|recents|volume-up|volume-down|power   a hardware key
`;

const KEYS: Record<string, number> = {
  back: KEY_BACK,
  home: KEY_HOMEPAGE,
  recents: KEY_APPSELECT,
  'volume-up': KEY_VOLUMEUP,
  'volume-down': KEY_VOLUMEDOWN,
  power: KEY_POWER,
};

function keyCentre(phone: PhoneModel, desc: string): [number, number] | null {
  const ime = composeFrame(phone).ime;
  const k = ime?.children.find((c) => c.desc === desc);
  if (!k) return null;
  return [(k.bounds[0] + k.bounds[2]) / 2, (k.bounds[1] + k.bounds[3]) / 2];
}

/** Types one character with the keys a person would press: shift for a capital, ?123 for a digit or symbol. */
async function typeChar(phone: PhoneModel, finger: Touchscreen, ch: string, signal: AbortSignal): Promise<string | null> {
  const tapKey = async (desc: string): Promise<boolean> => {
    const at = keyCentre(phone, desc);
    if (!at) return false;
    await finger.tapAt(at[0], at[1], signal);
    return true;
  };
  const desc = ch === ' ' ? 'space' : ch === '\n' ? '⏎' : ch;
  if (await tapKey(phone.imeShift ? desc.toUpperCase() : desc)) return null;
  if (ch !== ch.toLowerCase() && (await tapKey('⇧')) && (await tapKey(ch))) return null;
  if (await tapKey('?123')) {
    const ok = await tapKey(desc);
    await tapKey('ABC');
    if (ok) return null;
  }
  return `no key for ${JSON.stringify(ch)} on the on-screen keyboard`;
}

export function touchCommand(phone: PhoneModel, finger: Touchscreen): CommandFn {
  return async (ctx) => {
    const [sub, ...rest] = ctx.args;
    const n = rest.map(Number);
    const bad = (usage: string): number => {
      ctx.err(`vphone: usage: touch ${usage}\n`);
      return 1;
    };
    const finite = (k: number) => n.slice(0, k).every((v) => Number.isFinite(v)) && rest.length >= k;
    switch (sub) {
      case 'tap':
        if (!finite(2)) return bad('tap X Y');
        await finger.tapAt(n[0]!, n[1]!, ctx.signal);
        return 0;
      case 'longpress':
        if (!finite(2)) return bad('longpress X Y [MS]');
        await finger.longPressAt(n[0]!, n[1]!, Number.isFinite(n[2]) ? n[2]! : 1000, ctx.signal);
        return 0;
      case 'swipe':
        if (!finite(5)) return bad('swipe X1 Y1 X2 Y2 MS');
        await finger.swipeAlong(n[0]!, n[1]!, n[2]!, n[3]!, n[4]!, ctx.signal);
        return 0;
      case 'type': {
        const text = rest.join(' ').replace(/\\n/g, '\n');
        if (!phone.imeVisible || !composeFrame(phone).ime) {
          ctx.err('vphone: the on-screen keyboard is not shown (tap a text field first)\n');
          return 1;
        }
        for (const ch of text) {
          const problem = await typeChar(phone, finger, ch, ctx.signal);
          if (problem) {
            ctx.err(`vphone: ${problem}\n`);
            return 1;
          }
        }
        return 0;
      }
      default:
        ctx.err(`vphone: unknown touch command ${sub ?? ''}\n${TOUCH_HELP}`);
        return 1;
    }
  };
}

export function pressCommand(finger: Touchscreen): CommandFn {
  return (ctx) => {
    const code = KEYS[ctx.args[0] ?? ''];
    if (code === undefined) {
      ctx.err(`vphone: usage: press ${Object.keys(KEYS).join('|')}\n`);
      return 1;
    }
    finger.press(code);
    return 0;
  };
}
