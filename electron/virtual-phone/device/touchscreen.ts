import type { PhoneModel } from './phone.js';
import { key, swipe, tap } from './input.js';
import { SCREEN_H, SCREEN_W } from '../ui/theme.js';

/**
 * The phone's input hardware as the kernel reports it: a multi-touch screen and a few keys, each
 * an evdev device whose events `getevent` prints. A finger on the screen (`cmd vphone touch …`,
 * minitouch) produces the events a real touch controller does, and the phone reacts to the
 * gesture as Android's view system would: a press that stays within the touch slop is a tap on
 * release, or a long press once held 500 ms; one that travels is a swipe from where it went down
 * to where it was lifted. Nothing of this goes through `input`.
 */
export const EV_SYN = 0x00;
export const EV_KEY = 0x01;
export const EV_ABS = 0x03;
export const SYN_REPORT = 0x00;
export const BTN_TOUCH = 0x14a;
export const ABS_MT_TOUCH_MAJOR = 0x30;
export const ABS_MT_POSITION_X = 0x35;
export const ABS_MT_POSITION_Y = 0x36;
export const ABS_MT_TRACKING_ID = 0x39;
export const ABS_MT_PRESSURE = 0x3a;
export const KEY_BACK = 158;
export const KEY_HOMEPAGE = 172;
export const KEY_APPSELECT = 0x244;
export const KEY_VOLUMEDOWN = 114;
export const KEY_VOLUMEUP = 115;
export const KEY_POWER = 116;

/** The touch controller's own coordinate range: not the display's, as on many phones (scaled by value × size / (max + 1)). */
export const TOUCH_MAX_X = 4095;
export const TOUCH_MAX_Y = 4095;
const TOUCH_SLOP = 24;
const LONG_PRESS_MS = 500;
/** A finger moving reports about every 8 ms (a 120 Hz touch controller); a tap is held about 60 ms. */
const MOVE_EVERY_MS = 8;
export const TAP_HOLD_MS = 60;

export interface InputDevice {
  path: string;
  name: string;
  keys: number[];
  abs: { code: number; min: number; max: number }[];
  props: string[];
}

export const KEYS_DEVICE: InputDevice = {
  path: '/dev/input/event0',
  name: 'vphone-keys',
  keys: [KEY_VOLUMEDOWN, KEY_VOLUMEUP, KEY_POWER, KEY_BACK, KEY_HOMEPAGE, KEY_APPSELECT],
  abs: [],
  props: [],
};

export const TOUCH_DEVICE: InputDevice = {
  path: '/dev/input/event2',
  name: 'vphone_touchscreen',
  keys: [BTN_TOUCH],
  abs: [
    { code: 0x2f, min: 0, max: 9 }, // ABS_MT_SLOT
    { code: ABS_MT_TOUCH_MAJOR, min: 0, max: 255 },
    { code: ABS_MT_POSITION_X, min: 0, max: TOUCH_MAX_X },
    { code: ABS_MT_POSITION_Y, min: 0, max: TOUCH_MAX_Y },
    { code: ABS_MT_TRACKING_ID, min: 0, max: 65535 },
    { code: ABS_MT_PRESSURE, min: 0, max: 255 },
  ],
  props: ['INPUT_PROP_DIRECT'],
};

export const INPUT_DEVICES = [KEYS_DEVICE, TOUCH_DEVICE];

export interface InputEvent {
  /** Seconds of CLOCK_MONOTONIC, as the kernel stamps events. */
  time: number;
  device: string;
  type: number;
  code: number;
  value: number;
}

const KEYCODE_OF: Record<number, number> = {
  [KEY_BACK]: 4,
  [KEY_HOMEPAGE]: 3,
  [KEY_APPSELECT]: 187,
  [KEY_VOLUMEUP]: 24,
  [KEY_VOLUMEDOWN]: 25,
  [KEY_POWER]: 26,
};

interface Contact {
  x: number;
  y: number;
  startX: number;
  startY: number;
  /** The down event's stamp, s. */
  downAt: number;
  moved: boolean;
  longFired: boolean;
  timer: NodeJS.Timeout;
}

/** Monotonic seconds since the phone "booted" (process start plus a plausible uptime). */
const BOOT_OFFSET_S = 3600 + Math.random() * 1000;
const now = (): number => BOOT_OFFSET_S + performance.now() / 1000;

export class Touchscreen {
  private readonly listeners = new Set<(e: InputEvent) => void>();
  private contact: Contact | null = null;
  private trackingId = 0;
  /** The last event's stamp: stamps never go back. */
  private stamped = 0;

  constructor(
    private readonly phone: PhoneModel,
    /** The screen may have changed (so a stream sends the next frame at once). */
    private readonly changed: () => void,
  ) {}

  onEvent(fn: (e: InputEvent) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /**
   * Sends one report stamped `at` (s), when the finger did it: a touch controller stamps an event
   * when it happens, however late a busy phone gets to it. A gesture played by this process
   * (a tap held 60 ms) runs late when the process is starved; stamping its lift with the time it
   * ran would say the key was held for as long as the process waited.
   */
  private emit(device: InputDevice, events: [number, number, number][], at = now()): number {
    const time = Math.max(this.stamped, Math.min(at, now()));
    this.stamped = time;
    for (const [type, code, value] of [...events, [EV_SYN, SYN_REPORT, 0] as [number, number, number]]) {
      const e = { time, device: device.path, type, code, value };
      for (const l of this.listeners) l(e);
    }
    return time;
  }

  private static toTouch(x: number, y: number): [number, number] {
    const clampX = Math.max(0, Math.min(SCREEN_W - 1, x));
    const clampY = Math.max(0, Math.min(SCREEN_H - 1, y));
    return [Math.round((clampX * (TOUCH_MAX_X + 1)) / SCREEN_W), Math.round((clampY * (TOUCH_MAX_Y + 1)) / SCREEN_H)];
  }

  get touching(): boolean {
    return this.contact !== null;
  }

  down(x: number, y: number): void {
    if (this.contact) this.up();
    const [tx, ty] = Touchscreen.toTouch(x, y);
    this.trackingId = (this.trackingId + 1) & 0xffff;
    const downAt = this.emit(TOUCH_DEVICE, [
      [EV_ABS, ABS_MT_TRACKING_ID, this.trackingId],
      [EV_ABS, ABS_MT_POSITION_X, tx],
      [EV_ABS, ABS_MT_POSITION_Y, ty],
      [EV_ABS, ABS_MT_TOUCH_MAJOR, 6],
      [EV_ABS, ABS_MT_PRESSURE, 60],
      [EV_KEY, BTN_TOUCH, 1],
    ]);
    const c: Contact = {
      x,
      y,
      startX: x,
      startY: y,
      downAt,
      moved: false,
      longFired: false,
      timer: setTimeout(() => {}, 0),
    };
    c.timer = setTimeout(() => {
      if (this.contact !== c || c.moved) return;
      c.longFired = true;
      tap(this.phone, c.startX, c.startY, true);
      this.changed();
    }, LONG_PRESS_MS);
    this.contact = c;
  }

  move(x: number, y: number): void {
    const c = this.contact;
    if (!c) return;
    const [ox, oy] = Touchscreen.toTouch(c.x, c.y);
    const [tx, ty] = Touchscreen.toTouch(x, y);
    c.x = x;
    c.y = y;
    const ev: [number, number, number][] = [];
    if (tx !== ox) ev.push([EV_ABS, ABS_MT_POSITION_X, tx]);
    if (ty !== oy) ev.push([EV_ABS, ABS_MT_POSITION_Y, ty]);
    if (ev.length > 0) this.emit(TOUCH_DEVICE, ev);
    if (!c.longFired && Math.hypot(x - c.startX, y - c.startY) >= TOUCH_SLOP) c.moved = true;
  }

  /** Lifts the finger; `heldMs` after it went down when given (a whole gesture's planned hold). */
  up(heldMs?: number): void {
    const c = this.contact;
    if (!c) return;
    this.contact = null;
    clearTimeout(c.timer);
    const at = this.emit(
      TOUCH_DEVICE,
      [
        [EV_ABS, ABS_MT_TRACKING_ID, 0xffffffff],
        [EV_KEY, BTN_TOUCH, 0],
      ],
      heldMs === undefined ? undefined : c.downAt + heldMs / 1000,
    );
    if (c.longFired) return;
    // The phone reacts to the hold its events report, as Android's view system does.
    const held = Math.round((at - c.downAt) * 1000);
    if (c.moved) swipe(this.phone, c.startX, c.startY, c.x, c.y, Math.max(1, held));
    else tap(this.phone, c.startX, c.startY, held >= LONG_PRESS_MS);
    this.changed();
  }

  /** A hardware key pressed and released (Back, Home, Overview, volume, power). */
  press(evdevCode: number): void {
    this.emit(KEYS_DEVICE, [[EV_KEY, evdevCode, 1]]);
    this.emit(KEYS_DEVICE, [[EV_KEY, evdevCode, 0]]);
    const code = KEYCODE_OF[evdevCode];
    if (code !== undefined) key(this.phone, code);
    this.changed();
  }

  // Whole gestures, as a person's finger makes them (used by `cmd vphone touch` and tests).

  async tapAt(x: number, y: number, signal?: AbortSignal): Promise<void> {
    this.down(x, y);
    await sleep(TAP_HOLD_MS, signal);
    this.up(TAP_HOLD_MS);
  }

  async longPressAt(x: number, y: number, ms: number, signal?: AbortSignal): Promise<void> {
    this.down(x, y);
    await sleep(Math.max(LONG_PRESS_MS + 50, ms), signal);
    this.up();
  }

  async swipeAlong(x1: number, y1: number, x2: number, y2: number, ms: number, signal?: AbortSignal): Promise<void> {
    this.down(x1, y1);
    const t0 = performance.now();
    for (;;) {
      await sleep(MOVE_EVERY_MS, signal);
      const f = Math.min(1, (performance.now() - t0) / Math.max(1, ms));
      this.move(x1 + (x2 - x1) * f, y1 + (y2 - y1) * f);
      if (f >= 1 || signal?.aborted) break;
    }
    this.up();
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = (): void => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}
