import type { Action } from '../../../shared/domain/action.js';
import type { DeviceInfo } from '../device/device-port.js';
import type { Observation } from './capture.js';

export type DemonstrationStatus = 'recording' | 'finished' | 'interrupted' | 'discarded';

export interface RecordedStepInput {
  demonstrationId: number;
  idx: number;
  screenshotBlob: string;
  thumbnailBlob: string;
  xmlBlob: string;
  foregroundPackage: string | null;
  foregroundActivity: string | null;
  /** Null for the final observation (the DONE state). */
  action: Action | null;
  actionPx: Record<string, unknown> | null;
  timings: Record<string, number>;
}

/** Where demonstrations go; the SQLite adapter implements it, each call its own transaction. */
export interface RecordingStore {
  createDemonstration(taskId: string, serial: string, info: DeviceInfo): number;
  addStep(step: RecordedStepInput): void;
  removeStep(demonstrationId: number, idx: number): boolean;
  setStatus(demonstrationId: number, status: DemonstrationStatus): void;
  setNote(demonstrationId: number, note: string): void;
}

/** Persists an observation's screenshot and XML (encoded, deduplicated) and returns their blob ids. */
export interface ObservationSink {
  store(obs: Observation): Promise<{ screenshotBlob: string; xmlBlob: string; thumbnailBlob: string }>;
}
