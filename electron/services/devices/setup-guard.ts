import type { ConfirmationRequest } from '../../../shared/api/index.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { DevicePort } from '../../core/device/device-port.js';
import type { SetupFinding } from '../../core/tasks/setup-review.js';
import { describeFinding, reviewSetup } from '../../core/tasks/setup-review.js';

/**
 * A task's setup commands outside the known-safe set (core/tasks/setup-review.ts) are about to
 * run on a real phone, and nobody confirmed them. Nothing was run.
 */
export class SetupNotConfirmedError extends Error {
  override readonly name = 'SetupNotConfirmedError';
  constructor(
    readonly serials: string[],
    readonly findings: SetupFinding[],
  ) {
    super(
      `${serials.join(', ')} ${serials.length === 1 ? 'is a real phone (not an emulator)' : 'are real phones (not emulators)'}, and ` +
        `${findings.length} setup command(s) of these tasks are outside the known-safe set: ` +
        `${findings
          .slice(0, 3)
          .map((f) => describeFinding(f))
          .join('; ')}${findings.length > 3 ? `; and ${findings.length - 3} more` : ''}. Nothing was run. ` +
        'Review them (elderbench tasks validate), then confirm: --allow-setup on the command line, or Confirm in the desktop window.',
    );
  }
}

/** The question for the user (the window's dialog) about the commands in a refusal. */
export function setupQuestion(e: SetupNotConfirmedError, cli: string): ConfirmationRequest {
  return {
    title: `Run ${e.findings.length} setup command(s) outside the known-safe set on ${e.serials.join(', ')}?`,
    detail:
      `${e.serials.join(', ')} ${e.serials.length === 1 ? 'is a real phone' : 'are real phones'}. These commands come from the task file and ` +
      `can change or delete what is on the phone:\n${e.findings.map((f) => `• ${f.taskId}: ${f.command.slice(0, 200)} — ${f.reason}`).join('\n')}`,
    cli,
  };
}

/** The tasks' setup commands outside the known-safe set (empty: nothing to confirm anywhere). */
export function unsafeSetup(tasks: readonly Task[]): SetupFinding[] {
  return reviewSetup(tasks);
}

/** The devices among these that are real phones (not emulators), asked of each device. */
export async function realPhones(devices: readonly DevicePort[]): Promise<string[]> {
  const out: string[] = [];
  for (const d of devices) if (!(await d.info()).emulator) out.push(d.serial);
  return out;
}

/**
 * Refuses, before anything runs, to play these tasks' setup on real phones when a command is
 * outside the known-safe set and the user has not confirmed. Emulators (the virtual phone) are
 * disposable and need no confirmation.
 */
export async function guardSetup(devices: readonly DevicePort[], tasks: readonly Task[], confirmed: boolean): Promise<void> {
  if (confirmed) return;
  const findings = unsafeSetup(tasks);
  if (findings.length === 0) return;
  const real = await realPhones(devices);
  if (real.length > 0) throw new SetupNotConfirmedError(real, findings);
}
