import type { DemonstrationStatus, RecordedStep } from '../../../shared/domain/recording.js';
import type { DeviceInfo } from '../device/device-port.js';
import type { Observation } from './capture.js';

/** Where demonstrations go; the SQLite adapter implements it, each call its own transaction. */
export interface RecordingStore {
  createDemonstration(taskId: string, serial: string, info: DeviceInfo): number;
  addStep(step: RecordedStep): void;
  removeStep(demonstrationId: number, idx: number): boolean;
  setStatus(demonstrationId: number, status: DemonstrationStatus): void;
  setNote(demonstrationId: number, note: string): void;
}

/** Persists an observation's screenshot and XML (encoded, deduplicated) and returns their blob ids. */
export interface ObservationSink {
  store(obs: Observation): Promise<{ screenshotBlob: string; xmlBlob: string; thumbnailBlob: string }>;
}
