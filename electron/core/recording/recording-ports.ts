import type { DemonstrationStatus, RecordedStep } from '../../../shared/domain/recording.js';
import type { DeviceInfo } from '../device/device-port.js';

/** An observation's pixels and hierarchy as the phone gave them (PNG bytes, dump text): nothing encoded yet. */
export interface RawObservation {
  screenshot: Uint8Array;
  xml: string;
}

/** Where demonstrations go; the SQLite adapter implements it, each call its own transaction. */
export interface RecordingStore {
  createDemonstration(taskId: string, serial: string, info: DeviceInfo): number;
  /** Commits the step together with its raw observation (one transaction); the blobs come from the sink later. */
  addStep(step: RecordedStep, raw: RawObservation): void;
  removeStep(demonstrationId: number, idx: number): boolean;
  setStatus(demonstrationId: number, status: DemonstrationStatus): void;
  setNote(demonstrationId: number, note: string): void;
}

/**
 * Turns committed raw observations into stored blobs (lossless WebP, thumbnail, gzipped dump), off
 * the input path: encoding takes longer than the annotator should wait between two inputs.
 */
export interface ObservationSink {
  /** Something new is waiting: start (or keep) encoding. Returns at once. */
  schedule(): void;
  /** Resolves when every step of the demonstration has its blobs; rejects when saving failed. */
  settled(demonstrationId: number): Promise<void>;
}
