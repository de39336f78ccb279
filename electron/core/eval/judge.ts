import type { Task } from '../../../shared/schemas/task.js';
import type { Action } from '../../../shared/domain/action.js';
import type { DevicePort } from '../device/device-port.js';
import type { UiHierarchy } from '../../../shared/domain/ui-node.js';
import type { Foreground } from '../device/device-port.js';
import type { JudgeKind, JudgeVerdict } from './outcome.js';

export interface JudgeContext {
  task: Task;
  instruction: string;
  device: DevicePort;
  /** PNG of the final screen. */
  finalScreenshot: Uint8Array;
  /** PNGs of the step screens over the whole trajectory, oldest first (evenly thinned on long runs; the VLM judge samples from them). */
  frames: readonly Uint8Array[];
  foreground: { package: string; activity: string } | null;
  /** Every observation's UI dump and foreground app, oldest first, the final screen last (the state judge reads them). */
  trajectory?: readonly {
    ui: UiHierarchy | null;
    foreground: Foreground | null;
    /** The action taken on this screen (null on the final one). */ action?: Action | null;
  }[];
}

/** Decides whether an online task reached its goal. A verdict it cannot read is `pass: null`, never a pass. */
export interface Judge {
  readonly kind: JudgeKind;
  judge(ctx: JudgeContext): Promise<JudgeVerdict>;
  /**
   * Runs before the agent acts: true when the task already passes in its initial state
   * (then it is flagged invalid instead of scored). Only deterministic checks run here.
   */
  alreadyPasses(ctx: Omit<JudgeContext, 'finalScreenshot' | 'frames' | 'foreground' | 'trajectory'>): Promise<boolean>;
}
