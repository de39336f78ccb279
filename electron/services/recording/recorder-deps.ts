import { setTimeout as sleep } from 'node:timers/promises';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { workspaceRecordingStore } from '../../adapters/db/recording-store.js';
import { workspaceObservationSink } from '../../adapters/observations/observation-sink.js';
import type { DevicePort } from '../../core/device/device-port.js';
import type { RecorderDeps } from '../../core/recording/recorder.js';
import { resolvePackage } from '../devices/app-packages.js';

/** The recorder's ports over a workspace: the one wiring used by the Record screen, `record --script` and the demo. */
export function recorderDeps(store: () => WorkspaceStore, device: DevicePort): RecorderDeps {
  return { device, store: workspaceRecordingStore(store), sink: workspaceObservationSink(store), resolvePackage, sleep };
}
