import { setTimeout as sleep } from 'node:timers/promises';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { workspaceRecordingStore } from '../../adapters/db/recording-store.js';
import type { DevicePort } from '../../core/device/device-port.js';
import type { ObservationSink } from '../../core/recording/recording-ports.js';
import type { RecorderDeps } from '../../core/recording/recorder.js';
import { packageResolver } from '../devices/app-packages.js';

/**
 * The recorder's ports over a workspace: the one wiring used by the Record screen, `record --script`
 * and the demo. `sink` is the backend's one CaptureSaver, so every step is encoded by one queue.
 */
export function recorderDeps(store: () => WorkspaceStore, device: DevicePort, sink: ObservationSink): RecorderDeps {
  // A script's LaunchApp by the app's name (天气): the task set's names, as a run resolves an agent's (core/tasks/app-names.ts).
  return { device, store: workspaceRecordingStore(store), sink, resolvePackage: packageResolver(store), sleep };
}
