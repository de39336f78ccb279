import type { ScreenSize } from './ui-node.js';

/** Plain-data device descriptions that cross the wire. */
export interface DeviceSummaryDto {
  serial: string;
  state: string;
  model: string | null;
  product: string | null;
  /** host:port of the adb server the device is on (several servers can share one pool). */
  server?: string;
  /** A run or a recording (of this or another ElderBench process) holds the device; absent when free. */
  inUseBy?: { purpose: string; pid: number; host: string; since: string; thisProcess: boolean };
}

export interface DeviceInfoDto {
  serial: string;
  model: string;
  release: string;
  sdk: number;
  screen: ScreenSize;
  density: number;
  packageVersions: Record<string, string | null>;
  /**
   * The device says it is an emulator (`ro.kernel.qemu` or `ro.boot.qemu` = 1), as Android's
   * emulator and the virtual phone do: a disposable phone. Any other is a real phone, where a
   * task's setup commands outside the known-safe set run only after the user confirms them.
   */
  emulator: boolean;
}

export interface DevicesState {
  /** host:port of the adb server in use; several are comma-separated. */
  server: string;
  reachable: boolean;
  /** Why the server cannot be used, and how to fix it; null when reachable. */
  problem: string | null;
  devices: DeviceSummaryDto[];
}

/** One mirror frame: fetched as an image by id (`/frames/<id>` in web mode), never sent as base64. */
export interface FrameDto {
  frameId: string;
  serial: string;
  width: number;
  height: number;
  capturedAt: string;
  captureMs: number;
}

/** How the mirror gets its frames: minicap's stream (video rate) or repeated `screencap` (the fallback). */
export type MirrorPath = 'minicap' | 'screencap';

export interface MirrorStatusDto {
  serial: string;
  /** Null while the mirror is starting. */
  path: MirrorPath | null;
  /** Why the mirror uses `screencap` (the fast path could not start or stopped), or null. */
  reason: string | null;
}

/** A mirror frame pushed as it arrives (`devices.onMirrorFrame`); the image is fetched by id. */
export interface MirrorFrameDto extends FrameDto {
  path: MirrorPath;
  /** Frames of this mirror so far (a gap means the window skipped some). */
  seq: number;
}

/** The built-in virtual phone started from the window (Devices → Start a virtual phone). */
export interface VirtualPhoneState {
  running: boolean;
  /** host:port of its adb server, watched by the device list while it runs. */
  server: string | null;
  serials: string[];
  locale: 'en' | 'zh' | null;
}

/** A device farm (DeviceFarmer STF) as the window sees it: where, whether a token is set, what this backend holds. */
export interface StfState {
  /** STF_URL from the backend's environment, offered as the farm to use; null when unset. */
  defaultUrl: string | null;
  /** STF_TOKEN is set in the backend's environment (its value never leaves the backend). */
  tokenSet: boolean;
  /** Devices this backend claimed from the window, still held. */
  claims: { url: string; serial: string; adbSerial: string | null }[];
}

/** A farm device in the window's list. */
export interface StfDeviceDto {
  serial: string;
  model: string | null;
  version: string | null;
  sdk: string | null;
  /** available, yours, in use by …, absent, not ready */
  availability: string;
  free: boolean;
}
