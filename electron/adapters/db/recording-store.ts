import type { DeviceInfo } from '../../core/device/device-port.js';
import type { RecordingStore } from '../../core/recording/recording-ports.js';
import type { WorkspaceStore } from './workspace-store.js';

/** The recorder's store port over the workspace database; every call is its own transaction. */
export function workspaceRecordingStore(ws: () => WorkspaceStore): RecordingStore {
  return {
    createDemonstration: (taskId: string, serial: string, info: DeviceInfo) => ws().demonstrations.create(taskId, serial, { ...info }).id,
    addStep: (s, raw) => void ws().demonstrations.addStep(s, raw),
    removeStep: (d, idx) => ws().demonstrations.removeStep(d, idx),
    setStatus: (d, status) => ws().demonstrations.setStatus(d, status),
    setNote: (d, note) => ws().demonstrations.setNote(d, note),
  };
}
