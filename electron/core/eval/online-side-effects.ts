import type { Action } from '../../../shared/domain/action.js';
import type { SideEffectsRecord } from '../../../shared/domain/side-effects.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { DevicePort } from '../device/device-port.js';
import type { PixelAction } from '../recording/perform-action.js';
import { performAction } from '../recording/perform-action.js';
import { expectationsOf } from '../side-effects/expectations.js';
import type { Snapshot } from '../side-effects/snapshot.js';
import { takeSnapshot } from '../side-effects/snapshot.js';
import type { SnapshotPolicy } from '../side-effects/tracker.js';
import { SideEffectTracker } from '../side-effects/tracker.js';
import type { VariantName } from './variants.js';
import { applyVariant } from './variants.js';

/** What the online runner needs to watch a task for side effects (docs/runs.md "Side effects"). */
export interface SideEffectOptions {
  policy: SnapshotPolicy;
  /** `run --fail-on-side-effects`: a success with side effects becomes a failure. */
  failOnSideEffects: boolean;
  /** Reads a snapshot (default: the probes every phone answers, in one shell call). */
  snapshot?(device: DevicePort): Promise<Snapshot>;
}

export interface PerformedAction {
  action: Action;
  px: PixelAction;
}

/**
 * The tracker for one online task, with the replay bisection needs: the task's setup again (and
 * the variant, whose restore stays the run's), the first `k` actions as performed, a look at the
 * screen (screens that note being seen do so when drawn, as after the agent's steps), a snapshot.
 */
export function sideEffectTracker(
  o: SideEffectOptions | undefined,
  run: {
    device: DevicePort;
    task: Task;
    variant?: VariantName | null;
    performed: readonly PerformedAction[];
    settleMs: number;
    sleep(ms: number): Promise<void>;
  },
): SideEffectTracker | null {
  if (!o || o.policy === 'off') return null;
  const snapshot = (): Promise<Snapshot> => (o.snapshot ?? takeSnapshot)(run.device);
  return new SideEffectTracker({
    snapshot,
    expectations: expectationsOf(run.task, run.variant),
    policy: o.policy,
    replay: async (k) => {
      for (const cmd of run.task.setup) await run.device.shell(cmd);
      if (run.variant) await applyVariant(run.device, run.variant);
      for (const p of run.performed.slice(0, k)) {
        await performAction(run.device, p.action, p.px, run.sleep);
        if (run.settleMs > 0) await run.sleep(run.settleMs);
      }
      await run.device.uiDump().catch(() => undefined);
      return snapshot();
    },
  });
}

/** With `--fail-on-side-effects`, a success that did something unasked is a failure, and says so. */
export function applySideEffectVerdict(
  success: boolean,
  record: SideEffectsRecord | null,
  o: SideEffectOptions | undefined,
): { success: boolean; record: SideEffectsRecord | null } {
  if (!record || !o?.failOnSideEffects || !success || record.effects.length === 0) return { success, record };
  return { success: false, record: { ...record, failed: true } };
}
