import type { KeyName } from '../../../shared/domain/action.js';
import type { DeviceInfoDto } from '../../../shared/domain/device.js';
import type { PixelPoint } from '../geometry/coordinates.js';

/** Package + activity in the foreground, as the device's window manager reports it. */
export interface Foreground {
  package: string;
  activity: string;
}

/** Device facts recorded with demonstrations and run results (the shared DTO is the same shape). */
export type DeviceInfo = DeviceInfoDto;

export interface DeviceSummary {
  serial: string;
  /** adb's state: device, offline, unauthorized, … */
  state: string;
  model: string | null;
  product: string | null;
}

export type { PixelPoint };

/**
 * Our view of one device. The adb adapter implements it over adbkit; core logic
 * (recorder, runners) depends only on this. All coordinates are device pixels.
 */
export interface DevicePort {
  readonly serial: string;
  info(packages?: readonly string[]): Promise<DeviceInfo>;
  /** PNG bytes of the current screen. */
  screenshot(): Promise<Uint8Array>;
  /** The uiautomator XML of the current screen. */
  uiDump(): Promise<string>;
  foreground(): Promise<Foreground | null>;
  tap(p: PixelPoint): Promise<void>;
  longPress(p: PixelPoint, ms: number): Promise<void>;
  swipe(from: PixelPoint, to: PixelPoint, ms: number): Promise<void>;
  /** Types into the focused field; the text never reaches a shell unquoted. */
  type(text: string, opts?: { clear?: boolean }): Promise<void>;
  key(key: KeyName | 'Home' | 'Back'): Promise<void>;
  /** Starts an app by package name. */
  launch(pkg: string): Promise<void>;
  /** Runs a task-provided command (setup, success probe) and returns its output. */
  shell(command: string): Promise<string>;
}

/** A device-level failure (gone, adb error) — infrastructure, never an agent's fault. */
export class DeviceError extends Error {
  override readonly name = 'DeviceError';
  constructor(
    message: string,
    readonly serial: string,
    readonly kind: 'disconnected' | 'adb' | 'unsupported' | 'timeout' = 'adb',
  ) {
    super(message);
  }
}
