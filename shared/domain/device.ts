import type { ScreenSize } from './ui-node.js';

/** Plain-data device descriptions that cross the wire. */
export interface DeviceSummaryDto {
  serial: string;
  state: string;
  model: string | null;
  product: string | null;
  /** host:port of the adb server the device is on (several servers can share one pool). */
  server?: string;
}

export interface DeviceInfoDto {
  serial: string;
  model: string;
  release: string;
  sdk: number;
  screen: ScreenSize;
  density: number;
  packageVersions: Record<string, string | null>;
  /** The system locale (`persist.sys.locale`, else `ro.product.locale`); absent when the phone reports none. */
  locale?: string;
  /** `settings get system font_scale`; null when never set (Android then uses 1.0). */
  fontScale?: number | null;
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
