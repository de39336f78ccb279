import type { ScreenSize } from '../../../shared/domain/ui-node.js';
import type { PixelPoint } from '../geometry/coordinates.js';

/**
 * What a person does on the phone itself, read from the kernel's input events as `getevent`
 * prints them (system/core/toolbox/getevent.c): `getevent -lp` describes each input device (its
 * keys, its axes with their ranges), `getevent -lt` streams `[   sec.usec] /dev/input/eventN:
 * EV_ABS ABS_MT_POSITION_X 0000021c`. Touch positions are in the touch controller's own range and
 * are scaled to the screen (value × size / (max + 1)), then turned with the display's rotation.
 * Pure: text in, devices, events and gestures out.
 */
export interface InputDeviceInfo {
  path: string;
  name: string;
  keys: string[];
  abs: Record<string, { min: number; max: number }>;
  props: string[];
}

export function parseInputDevices(text: string): InputDeviceInfo[] {
  const out: InputDeviceInfo[] = [];
  let cur: InputDeviceInfo | null = null;
  let section: 'KEY' | 'ABS' | 'OTHER' | 'PROPS' | null = null;
  for (const line of text.split(/\r?\n/)) {
    const add = /^add device \d+: (\S+)/.exec(line);
    if (add) {
      cur = { path: add[1]!, name: '', keys: [], abs: {}, props: [] };
      out.push(cur);
      section = null;
      continue;
    }
    if (!cur) continue;
    const name = /^\s+name:\s+"(.*)"/.exec(line);
    if (name) {
      cur.name = name[1]!;
      continue;
    }
    if (/^\s+input props:/.test(line)) {
      section = 'PROPS';
      continue;
    }
    const head = /^\s+([A-Z]+) \([0-9a-f]{4}\):(.*)$/.exec(line);
    let rest = line;
    if (head) {
      section = head[1] === 'KEY' ? 'KEY' : head[1] === 'ABS' ? 'ABS' : 'OTHER';
      rest = head[2]!;
    }
    if (section === 'KEY') cur.keys.push(...rest.trim().split(/\s+/).filter(Boolean));
    else if (section === 'ABS') {
      const m = /^\s*(\S+)\s*: value -?\d+, min (-?\d+), max (-?\d+)/.exec(rest);
      if (m) cur.abs[m[1]!] = { min: Number(m[2]), max: Number(m[3]) };
    } else if (section === 'PROPS' && rest.trim() && rest.trim() !== '<none>') cur.props.push(rest.trim());
  }
  return out;
}

/** The touchscreen: a device with multi-touch positions (a direct-input one first, as a phone's is). */
export function findTouchscreen(devices: InputDeviceInfo[]): InputDeviceInfo | null {
  const touch = devices.filter((d) => d.abs['ABS_MT_POSITION_X'] && d.abs['ABS_MT_POSITION_Y']);
  return touch.find((d) => d.props.includes('INPUT_PROP_DIRECT')) ?? touch[0] ?? null;
}

export interface RawEvent {
  /** Seconds (the kernel's monotonic clock). */
  time: number;
  /** Null when getevent read one device (it then leaves the path out). */
  device: string | null;
  type: string;
  code: string;
  value: number;
}

const KEY_VALUE: Record<string, number> = { UP: 0, DOWN: 1, REPEAT: 2 };

/** One line of `getevent -lt`; null for anything else (device announcements, blank lines). */
export function parseEventLine(line: string): RawEvent | null {
  const m = /^\[\s*(\d+)\.(\d+)\]\s+(?:(\/dev\/input\/\S+):\s+)?(\S+)\s+(\S+)\s+(\S+)\s*$/.exec(line);
  if (!m) return null;
  const raw = m[6]!;
  const value = raw in KEY_VALUE ? KEY_VALUE[raw]! : /^[0-9a-f]{8}$/i.test(raw) ? parseInt(raw, 16) | 0 : NaN;
  if (Number.isNaN(value)) return null;
  return { time: Number(m[1]) + Number(m[2]) / 1e6, device: m[3] ?? null, type: m[4]!, code: m[5]!, value };
}

/** A finger's path: where it went down, where it moved, when. Screen pixels, seconds. */
export interface TouchTrace {
  points: { x: number; y: number; t: number }[];
}

export type HandGesture =
  | { type: 'Tap'; at: PixelPoint }
  | { type: 'LongPress'; at: PixelPoint; ms: number }
  | { type: 'Swipe'; from: PixelPoint; to: PixelPoint; ms: number };

/** Touch slop (8 dp at 420 dpi) and the long-press timeout, as Android's ViewConfiguration has them. */
export const TOUCH_SLOP_PX = 24;
export const LONG_PRESS_MS = 500;

/** What a finger's trace was: a tap, a long press (held past the timeout within the slop) or a swipe. */
export function classifyTrace(trace: TouchTrace, slopPx = TOUCH_SLOP_PX): HandGesture | null {
  const first = trace.points[0];
  const last = trace.points[trace.points.length - 1];
  if (!first || !last) return null;
  const ms = Math.round((last.t - first.t) * 1000);
  const travelled = trace.points.some((p) => Math.hypot(p.x - first.x, p.y - first.y) >= slopPx);
  const at = { x: Math.round(first.x), y: Math.round(first.y) };
  if (!travelled) return ms >= LONG_PRESS_MS ? { type: 'LongPress', at, ms } : { type: 'Tap', at };
  return { type: 'Swipe', from: at, to: { x: Math.round(last.x), y: Math.round(last.y) }, ms: Math.max(1, ms) };
}

/** Hardware keys a demonstration records; others (volume, power) are not steps. */
const KEY_ACTIONS: Record<string, 'Back' | 'Home' | 'Recent'> = {
  KEY_BACK: 'Back',
  KEY_HOMEPAGE: 'Home',
  KEY_HOME: 'Home',
  KEY_APPSELECT: 'Recent',
};

export type HandInput = { kind: 'touch'; gesture: HandGesture } | { kind: 'key'; key: 'Back' | 'Home' | 'Recent' };

/**
 * Turns the event stream into gestures and key presses. Only the first finger counts (a second
 * one makes the gesture a multi-touch one, which is dropped: demonstrations have no pinch).
 * `rotation` (quarter turns, as the UI dump reports it) may change between gestures.
 */
export class TouchDecoder {
  private x = 0;
  private y = 0;
  private slot = 0;
  private down = false;
  private multi = false;
  private pending: { x?: number; y?: number; lift?: boolean; press?: boolean } = {};
  private trace: TouchTrace = { points: [] };

  constructor(
    private readonly touch: InputDeviceInfo,
    /** The screen's natural size (as `wm size` reports it) and its rotation now (quarter turns, as the UI dump says). */
    private readonly screen: () => ScreenSize & { rotation: number },
    private readonly emit: (input: HandInput) => void,
  ) {}

  private toScreen(rawX: number, rawY: number): { x: number; y: number } {
    const ax = this.touch.abs['ABS_MT_POSITION_X']!;
    const ay = this.touch.abs['ABS_MT_POSITION_Y']!;
    // The panel's natural size (`wm size`, rotation 0) and the display's rotation now (quarter turns).
    const { width: natW, height: natH, rotation } = this.screen();
    const nx = ((rawX - ax.min) * natW) / (ax.max - ax.min + 1);
    const ny = ((rawY - ay.min) * natH) / (ay.max - ay.min + 1);
    switch (((rotation % 4) + 4) % 4) {
      case 1:
        return { x: ny, y: natW - nx };
      case 2:
        return { x: natW - nx, y: natH - ny };
      case 3:
        return { x: natH - ny, y: nx };
      default:
        return { x: nx, y: ny };
    }
  }

  push(e: RawEvent): void {
    if (e.type === 'EV_KEY' && KEY_ACTIONS[e.code] && e.value === 0) {
      this.emit({ kind: 'key', key: KEY_ACTIONS[e.code]! });
      return;
    }
    if (e.device !== null && e.device !== this.touch.path) return;
    if (e.type === 'EV_ABS') {
      if (e.code === 'ABS_MT_SLOT') this.slot = e.value;
      else if (this.slot !== 0) {
        if (e.code === 'ABS_MT_TRACKING_ID' && e.value !== -1 && this.down) this.multi = true;
      } else if (e.code === 'ABS_MT_TRACKING_ID') {
        if (e.value === -1) this.pending.lift = true;
        else this.pending.press = true;
      } else if (e.code === 'ABS_MT_POSITION_X') this.pending.x = e.value;
      else if (e.code === 'ABS_MT_POSITION_Y') this.pending.y = e.value;
    } else if (e.type === 'EV_KEY' && e.code === 'BTN_TOUCH') {
      if (e.value === 1) this.pending.press = true;
      else this.pending.lift = true;
    } else if (e.type === 'EV_SYN' && e.code === 'SYN_REPORT') {
      this.report(e.time);
    }
  }

  private report(t: number): void {
    const p = this.pending;
    this.pending = {};
    if (p.x !== undefined) this.x = p.x;
    if (p.y !== undefined) this.y = p.y;
    if (p.press && !this.down) {
      this.down = true;
      this.multi = false;
      this.trace = { points: [] };
    }
    if (this.down && (p.press || p.x !== undefined || p.y !== undefined)) this.trace.points.push({ ...this.toScreen(this.x, this.y), t });
    if (p.lift && this.down) {
      this.down = false;
      this.trace.points.push({ ...this.toScreen(this.x, this.y), t }); // when the finger left: a hold's length
      const g = this.multi ? null : classifyTrace(this.trace);
      if (g) this.emit({ kind: 'touch', gesture: g });
    }
  }
}
