import type { Action } from './action.js';
import type { ActionPx } from './action-px.js';

export type DemonstrationStatus = 'recording' | 'finished' | 'interrupted' | 'discarded';

/** One recorded step as the window shows it: what was on screen and what the person did there. */
export interface StepView {
  idx: number;
  /** Null on the final (DONE) observation. */
  action: Action | null;
  /** The action in device pixels, with the element a tap landed on and the screen it was done on. */
  actionPx: ActionPx | null;
  screenshotBlob: string | null;
  thumbnailBlob: string | null;
  foregroundPackage: string | null;
  foregroundActivity: string | null;
  timings: Record<string, number>;
}

/** A step as the recorder commits it: the view, with its demonstration and the UI dump it saw. */
export interface RecordedStep extends StepView {
  demonstrationId: number;
  xmlBlob: string | null;
}

export interface DemonstrationView {
  id: number;
  taskId: string;
  deviceSerial: string;
  status: DemonstrationStatus;
  note: string;
  startedAt: string;
  finishedAt: string | null;
  steps: StepView[];
}

export interface DemonstrationSummary {
  id: number;
  taskId: string;
  deviceSerial: string;
  status: DemonstrationStatus;
  stepCount: number;
  startedAt: string;
}

/** A step's screenshot, thumbnail and UI dump are stored (encoded after the step was committed). */
export interface StepSaved {
  demonstrationId: number;
  step: StepView;
}

export interface StepRecorded {
  demonstrationId: number;
  step: StepView | null;
  status: DemonstrationStatus;
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
  /**
   * capturing → acting (steps only) → saving → done, or failed at any point. A step's saving is one
   * small commit of the observation as captured (its encoding follows in the background); the final
   * screen's saving waits until every step of the demonstration is encoded.
   */
  phase: 'capturing' | 'saving' | 'acting' | 'done' | 'failed';
  /** Which parts of the observation have arrived. */
  parts: { screenshot: boolean; hierarchy: boolean; foreground: boolean };
  /** Since the capture began, ms. */
  elapsedMs: number;
}
