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

/**
 * A step being captured, pushed while it happens: on real phones the screenshot and the
 * UI dump take seconds, and the window shows which parts have arrived and blocks input.
 */
export interface CaptureProgress {
  demonstrationId: number;
  /** Distinct for every capture of the backend process (an undone step's index comes again). */
  captureId: number;
  /** The index the step will get; for `finish`, the final observation's. */
  stepIdx: number;
  kind: 'step' | 'finish';
  /** capturing → saving → acting (steps only) → done, or failed at any point. */
  phase: 'capturing' | 'saving' | 'acting' | 'done' | 'failed';
  /** Which parts of the observation have arrived. */
  parts: { screenshot: boolean; hierarchy: boolean; foreground: boolean };
  /** Since the capture began, ms. */
  elapsedMs: number;
}
