import { describe, expect, it } from 'vitest';
import type { HandInput } from './getevent.js';
import { TouchDecoder, classifyTrace, findTouchscreen, parseEventLine, parseInputDevices } from './getevent.js';

// A real phone's `getevent -lp` (Pixel-class touchscreen, 0..1079 × 0..2399) and the gpio keys.
const LP = `add device 1: /dev/input/event1
  name:     "gpio-keys"
  events:
    KEY (0001): KEY_VOLUMEDOWN        KEY_VOLUMEUP          KEY_POWER
  input props:
    <none>
add device 2: /dev/input/event3
  name:     "fts_ts"
  events:
    KEY (0001): BTN_TOUCH
    ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
               ABS_MT_TOUCH_MAJOR    : value 0, min 0, max 255, fuzz 0, flat 0, resolution 0
               ABS_MT_POSITION_X     : value 0, min 0, max 4095, fuzz 0, flat 0, resolution 0
               ABS_MT_POSITION_Y     : value 0, min 0, max 4095, fuzz 0, flat 0, resolution 0
               ABS_MT_TRACKING_ID    : value 0, min 0, max 65535, fuzz 0, flat 0, resolution 0
  input props:
    INPUT_PROP_DIRECT
`;

const screen = { width: 1080, height: 2400, rotation: 0 };

function decode(lines: string[], rot = 0): HandInput[] {
  const out: HandInput[] = [];
  const touch = findTouchscreen(parseInputDevices(LP))!;
  const d = new TouchDecoder(
    touch,
    () => ({ ...screen, rotation: rot }),
    (g) => out.push(g),
  );
  for (const l of lines) {
    const e = parseEventLine(l);
    if (e) d.push(e);
  }
  return out;
}

const touchAt = (t: number, x: number, y: number, id = 7): string[] => [
  `[${t.toFixed(6)}] /dev/input/event3: EV_ABS       ABS_MT_TRACKING_ID   ${id.toString(16).padStart(8, '0')}`,
  `[${t.toFixed(6)}] /dev/input/event3: EV_ABS       ABS_MT_POSITION_X    ${x.toString(16).padStart(8, '0')}`,
  `[${t.toFixed(6)}] /dev/input/event3: EV_ABS       ABS_MT_POSITION_Y    ${y.toString(16).padStart(8, '0')}`,
  `[${t.toFixed(6)}] /dev/input/event3: EV_KEY       BTN_TOUCH            DOWN`,
  `[${t.toFixed(6)}] /dev/input/event3: EV_SYN       SYN_REPORT           00000000`,
];
const moveTo = (t: number, x: number, y: number): string[] => [
  `[${t.toFixed(6)}] /dev/input/event3: EV_ABS       ABS_MT_POSITION_X    ${x.toString(16).padStart(8, '0')}`,
  `[${t.toFixed(6)}] /dev/input/event3: EV_ABS       ABS_MT_POSITION_Y    ${y.toString(16).padStart(8, '0')}`,
  `[${t.toFixed(6)}] /dev/input/event3: EV_SYN       SYN_REPORT           00000000`,
];
const lift = (t: number): string[] => [
  `[${t.toFixed(6)}] /dev/input/event3: EV_ABS       ABS_MT_TRACKING_ID   ffffffff`,
  `[${t.toFixed(6)}] /dev/input/event3: EV_KEY       BTN_TOUCH            UP`,
  `[${t.toFixed(6)}] /dev/input/event3: EV_SYN       SYN_REPORT           00000000`,
];

describe('getevent', () => {
  it('reads the devices, their axes and which one is the touchscreen', () => {
    const devices = parseInputDevices(LP);
    expect(devices.map((d) => d.name)).toEqual(['gpio-keys', 'fts_ts']);
    expect(devices[0]!.keys).toEqual(['KEY_VOLUMEDOWN', 'KEY_VOLUMEUP', 'KEY_POWER']);
    expect(findTouchscreen(devices)).toMatchObject({
      path: '/dev/input/event3',
      abs: { ABS_MT_POSITION_X: { min: 0, max: 4095 } },
      props: ['INPUT_PROP_DIRECT'],
    });
  });

  it('scales the controller range to the screen: a short touch is a tap where it went down', () => {
    // 2048 of 0..4095 is the middle: 540 of 1080; 1024 of 4096 is a quarter of 2400: 600.
    expect(decode([...touchAt(10, 2048, 1024), ...lift(10.08)])).toEqual([
      { kind: 'touch', gesture: { type: 'Tap', at: { x: 540, y: 600 } } },
    ]);
  });

  it('a hold past 500 ms within the slop is a long press with its duration; a travel is a swipe', () => {
    expect(decode([...touchAt(10, 2048, 1024), ...moveTo(10.3, 2050, 1030), ...lift(10.9)])).toEqual([
      { kind: 'touch', gesture: { type: 'LongPress', at: { x: 540, y: 600 }, ms: 900 } },
    ]);
    expect(decode([...touchAt(10, 2048, 3072), ...moveTo(10.1, 2048, 2048), ...moveTo(10.2, 2048, 1024), ...lift(10.25)])).toEqual([
      { kind: 'touch', gesture: { type: 'Swipe', from: { x: 540, y: 1800 }, to: { x: 540, y: 600 }, ms: 250 } },
    ]);
  });

  it('turns positions with the display rotation', () => {
    // Rotated a quarter turn (landscape 2400×1080): the panel's top-left corner is the screen's bottom-left.
    const g = decode([...touchAt(10, 0, 0), ...lift(10.05)], 1);
    expect(g).toEqual([{ kind: 'touch', gesture: { type: 'Tap', at: { x: 0, y: 1080 } } }]);
  });

  it('keys: Back, Home, Overview on release; volume is not a step; a second finger drops the gesture', () => {
    const key = (code: string, v: string): string => `[   20.000000] /dev/input/event1: EV_KEY       ${code.padEnd(20)} ${v}`;
    expect(decode([key('KEY_BACK', 'DOWN'), key('KEY_BACK', 'UP'), key('KEY_VOLUMEUP', 'DOWN'), key('KEY_VOLUMEUP', 'UP')])).toEqual([
      { kind: 'key', key: 'Back' },
    ]);
    const second = [
      '[   10.050000] /dev/input/event3: EV_ABS       ABS_MT_SLOT          00000001',
      '[   10.050000] /dev/input/event3: EV_ABS       ABS_MT_TRACKING_ID   00000008',
      '[   10.050000] /dev/input/event3: EV_SYN       SYN_REPORT           00000000',
      '[   10.060000] /dev/input/event3: EV_ABS       ABS_MT_SLOT          00000000',
    ];
    expect(decode([...touchAt(10, 100, 100), ...second, ...lift(10.1)])).toEqual([]);
  });

  it('ignores lines that are not events', () => {
    expect(parseEventLine('add device 1: /dev/input/event0')).toBeNull();
    expect(parseEventLine('  name:     "vphone-keys"')).toBeNull();
    expect(classifyTrace({ points: [] })).toBeNull();
  });
});
