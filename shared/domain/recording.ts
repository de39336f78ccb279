import type { Action } from './action.js';

export type DemonstrationStatusDto = 'recording' | 'finished' | 'interrupted' | 'discarded';

export interface StepView {
  idx: number;
  /** Null on the final (DONE) observation. */
  action: Action | null;
  /** The action in device pixels, with the targeted element for taps (bounds, resource-id, text). */
  actionPx: Record<string, unknown> | null;
  screenshotBlob: string | null;
  thumbnailBlob: string | null;
  foregroundPackage: string | null;
  foregroundActivity: string | null;
  timings: Record<string, number>;
}

export interface DemonstrationView {
  id: number;
  taskId: string;
  deviceSerial: string;
  status: DemonstrationStatusDto;
  note: string;
  startedAt: string;
  finishedAt: string | null;
  steps: StepView[];
}

export interface DemonstrationSummary {
  id: number;
  taskId: string;
  deviceSerial: string;
  status: DemonstrationStatusDto;
  stepCount: number;
  startedAt: string;
}

export interface StepRecorded {
  demonstrationId: number;
  step: StepView | null;
  status: DemonstrationStatusDto;
  stepCount: number;
}
