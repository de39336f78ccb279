import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { RecordedStep } from '../../../shared/domain/recording.js';
import { toNorm } from '../geometry/coordinates.js';
import { TouchDecoder, findTouchscreen, parseEventLine, parseInputDevices } from '../device/getevent.js';
import type { HandObservation } from './hand-recorder.js';
import { HandRecorder } from './hand-recorder.js';

// A touchscreen whose range is the screen's, so raw values are pixels.
const LP = `add device 1: /dev/input/event2
  name:     "touch"
  events:
    KEY (0001): BTN_TOUCH
    ABS (0003): ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
               ABS_MT_POSITION_Y     : value 0, min 0, max 2399, fuzz 0, flat 0, resolution 0
               ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
  input props:
    INPUT_PROP_DIRECT
`;
const SCREEN = { width: 1080, height: 2400 };
const KEYBOARD = { left: 0, top: 1600, right: 1080, bottom: 2400 };
const ENTER = { x: 1000, y: 2330 }; // the bottom row's last key
const letterAt = (ch: string): { x: number; y: number } => ({ x: 40 + (ch.charCodeAt(0) - 97) * 38, y: 1800 });

/** A search page: the focused field holding `text`, the keyboard up until the search is submitted. */
function phone() {
  const s = { text: '', keyboard: true, field: true };
  const node = (text: string, cls: string, extra: string): string =>
    `<node index="0" text="${text}" resource-id="p:id/${cls}" class="android.widget.${cls}" package="p" content-desc="" clickable="true" enabled="true" ${extra} />`;
  const capture = (): Promise<HandObservation> =>
    Promise.resolve({
      screenshot: new Uint8Array(),
      xml:
        `<?xml version='1.0' ?><hierarchy rotation="0"><node index="0" text="" class="android.widget.FrameLayout" package="p" bounds="[0,0][1080,2400]">` +
        node(s.text, 'EditText', `focused="${s.field}" bounds="[0,200][1080,320]"`) +
        (s.keyboard ? '' : node('Shanghai', 'TextView', 'bounds="[0,400][1080,560]"')) +
        '</node></hierarchy>',
      foreground: { package: 'p', activity: 'p.Search' },
      timings: { screenshot_ms: 0, xml_ms: 0, foreground_ms: 0, total_ms: 0 },
      keyboard: s.keyboard ? { frame: KEYBOARD } : null,
    });
  return { s, capture };
}

const ev = (t: number, type: string, code: string, v: string): string => `[${t.toFixed(6)}] /dev/input/event2: ${type} ${code} ${v}`;
const hex = (n: number): string => n.toString(16).padStart(8, '0');
/** One finger press in place, stamped as the kernel stamps it: down at `t`, up `heldS` later. */
const press = (p: { x: number; y: number }, t: number, heldS: number): string[] => [
  ev(t, 'EV_ABS', 'ABS_MT_TRACKING_ID', hex(1)),
  ev(t, 'EV_ABS', 'ABS_MT_POSITION_X', hex(p.x)),
  ev(t, 'EV_ABS', 'ABS_MT_POSITION_Y', hex(p.y)),
  ev(t, 'EV_KEY', 'BTN_TOUCH', 'DOWN'),
  ev(t, 'EV_SYN', 'SYN_REPORT', hex(0)),
  ev(t + heldS, 'EV_ABS', 'ABS_MT_TRACKING_ID', 'ffffffff'),
  ev(t + heldS, 'EV_KEY', 'BTN_TOUCH', 'UP'),
  ev(t + heldS, 'EV_SYN', 'SYN_REPORT', hex(0)),
];
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Types `keys` (a letter, or '\n' for the action key) as the phone reports them: each key's hold in
 * seconds from `holds` (0.06 unless given), with the phone's field changing on each key's lift.
 */
async function typeOnPhone(keys: string, holds: Record<number, number>, extra: string[] = []): Promise<Action[]> {
  const { s, capture } = phone();
  const committed: Action[] = [];
  const hand = new HandRecorder(
    {
      screen: SCREEN,
      capture,
      settleMs: 10,
      commit: (action) => (committed.push(action), Promise.resolve({} as RecordedStep)),
    },
    (e) => {
      throw e;
    },
  );
  const decoder = new TouchDecoder(
    findTouchscreen(parseInputDevices(LP))!,
    () => ({ ...SCREEN, rotation: 0 }),
    (i) => hand.input(i),
  );
  let t = 100;
  for (const [i, ch] of [...keys].entries()) {
    if (ch === '\n') Object.assign(s, { keyboard: false });
    else s.text += ch;
    const held = holds[i] ?? 0.06;
    for (const line of press(ch === '\n' ? ENTER : letterAt(ch), t, held)) decoder.push(parseEventLine(line)!);
    t += held + 0.15;
    // Some keys come in a burst (the action key right after the last letter: the screen captured for
    // that letter is already the submitted one), some after a pause long enough for a capture mid-word.
    await sleep(i % 3 === 2 ? 30 : 1);
  }
  for (const line of extra) decoder.push(parseEventLine(line)!);
  await sleep(30);
  await hand.finish();
  return committed;
}

describe('recording by hand: typing on the on-screen keyboard, with the keys held as a busy phone stamps them', () => {
  it('a key held past the long-press timeout is a key: one Type step, submitted by the action key', async () => {
    // As read from a loaded phone: 'g' held 620 ms and 'i' 540 ms (was Type, LongPress, Enter).
    expect(await typeOnPhone('shanghai\n', { 4: 0.62, 7: 0.54 })).toEqual([{ type: 'Type', text: 'shanghai', submit: true }]);
  });

  it('the first key and the action key held long: still one Type step with submit', async () => {
    expect(await typeOnPhone('shanghai\n', { 0: 0.7, 8: 0.9 })).toEqual([{ type: 'Type', text: 'shanghai', submit: true }]);
  });

  it('a long press outside the keyboard is still a LongPress of the app', async () => {
    const steps = await typeOnPhone('sh\n', {}, press({ x: 540, y: 480 }, 500, 0.8));
    expect(steps).toEqual([
      { type: 'Type', text: 'sh', submit: true },
      { type: 'LongPress', at: toNorm({ x: 540, y: 480 }, SCREEN), ms: 800 },
    ]);
  });
});
