import type { WorkspaceStore } from '../adapters/db/workspace-store.js';
import { workspaceRecordingStore } from '../adapters/db/recording-store.js';
import { workspaceObservationSink } from '../adapters/observations/observation-sink.js';
import type { DevicePort } from '../core/device/device-port.js';
import type { RecorderDeps } from '../core/recording/recorder.js';

/** Well-known app names agents and scripts use for LaunchApp, mapped to packages. */
const KNOWN_APPS: Record<string, string> = {
  settings: 'com.android.settings',
  设置: 'com.android.settings',
  phone: 'com.android.dialer',
  dialer: 'com.android.dialer',
  电话: 'com.android.dialer',
  messages: 'com.android.messaging',
  短信: 'com.android.messaging',
  信息: 'com.android.messaging',
  clock: 'com.android.deskclock',
  时钟: 'com.android.deskclock',
};

/** A package name passes through; a known app name maps to its package; otherwise null. */
export function resolvePackage(app: string): string | null {
  if (/^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/.test(app)) return app;
  return KNOWN_APPS[app.trim().toLowerCase()] ?? null;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The recorder's ports over a workspace: the one wiring used by the Record screen, `record --script` and the demo. */
export function recorderDeps(store: () => WorkspaceStore, device: DevicePort): RecorderDeps {
  return { device, store: workspaceRecordingStore(store), sink: workspaceObservationSink(store), resolvePackage, sleep };
}
