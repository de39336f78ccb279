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
