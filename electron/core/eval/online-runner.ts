import type { Task } from '../../../shared/schemas/task.js';
import type { Action } from '../../../shared/domain/action.js';
import type { Agent, AgentHistoryEntry, AgentObservation, AgentStepResult } from '../agents/agent.js';
import { ModelRefusedError } from '../agents/model-port.js';
import type { DevicePort, Foreground } from '../device/device-port.js';
import { DeviceError } from '../device/device-port.js';
import { performAction, toPixelAction, UnknownAppError } from '../recording/perform-action.js';
import type { UserTurn } from '../user/user-turn.js';
import { FrameKeeper } from './frame-sampling.js';
import type { Judge } from './judge.js';
import type { ExitCategory, JudgeVerdict, StepRecord, TaskOutcome } from './outcome.js';
import type { AppliedVariant, VariantName } from './variants.js';
import { applyVariant, VariantError } from './variants.js';
import type { PerformedAction, SideEffectOptions } from './online-side-effects.js';
import { applySideEffectVerdict, sideEffectTracker } from './online-side-effects.js';

export interface OnlineOptions {
  maxSteps: number;
  /** A deadline, not a check between steps: a model call still running when it passes is aborted. */
  timeoutS: number;
  /** Run the deterministic checks before the agent acts; a task that already passes is invalid. */
  precheck: boolean;
  /** Consecutive unreadable replies that end the task. */
  maxParseErrors: number;
  /** Time for the screen to settle after an action (real phones animate; the virtual phone does not). */
  settleMs: number;
}

export const DEFAULT_ONLINE_OPTIONS: OnlineOptions = { maxSteps: 25, timeoutS: 120, precheck: true, maxParseErrors: 3, settleMs: 0 };

export interface CapturedObservation {
  observation: AgentObservation;
  /** The screenshot as PNG (for the judge's frames). */
  png: Uint8Array;
  blob: string | null;
  foreground: Foreground | null;
}

export interface OnlineDeps {
  device: DevicePort;
  agent: Agent;
  task: Task;
  instruction: string;
  judge: Judge;
  capture(): Promise<CapturedObservation>;
  record(step: StepRecord): void;
  resolvePackage(app: string): string | null;
  sleep(ms: number): Promise<void>;
  now(): number;
  /** Calls `fn` after `ms` and returns a cancel function (default: setTimeout). */
  setTimer?(ms: number, fn: () => void): () => void;
  /**
   * Answers the agent's AskUser (`run --user scripted|simulated`); absent, AskUser ends the task.
   * The answer costs no device action, and the time it takes does not count against the deadline.
   */
  askUser?(question: string): Promise<UserTurn>;
  /** A robustness variant applied after the setup and restored after the judge (`run --variant`). */
  variant?: VariantName | null;
  /** Snapshots of the user's data before, during and after the task (absent: not watched). */
  sideEffects?: SideEffectOptions;
  options: OnlineOptions;
}

/**
 * A setup command failed on a device that still answers: the task's setup is broken there.
 * It stays a DeviceError so the pool tries another device; failing on every device makes the
 * task invalid for the run (`setup_failed`), decided by the caller who knows the devices.
 */
export class TaskSetupError extends DeviceError {
  constructor(
    readonly command: string,
    serial: string,
    cause: Error,
  ) {
    super(`setup command \`${command}\` failed on ${serial}: ${cause.message}`, serial, 'adb');
  }
}

/** The reason the deadline aborts a model call with (checked by identity, never by message). */
class DeadlineReached extends Error {
  override readonly name = 'DeadlineReached';
}

const defaultTimer = (ms: number, fn: () => void): (() => void) => {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
};

async function setupStep<T>(device: DevicePort, cmd: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof VariantError) throw new TaskSetupError(e.command, device.serial, e);
    if (!(e instanceof DeviceError)) throw e;
    // A device that no longer answers is lost (infrastructure); one that answers has a broken setup.
    const alive = await device.shell('echo ok').then(
      (o) => o.trim() === 'ok',
      () => false,
    );
    throw alive ? new TaskSetupError(cmd, device.serial, e) : e;
  }
}

async function runSetup(device: DevicePort, task: Task): Promise<void> {
  for (const cmd of task.setup) await setupStep(device, cmd, () => device.shell(cmd));
}

/**
 * The online protocol (paper §4.2, Appendix I): reset the device with the task's setup,
 * refuse tasks that already pass, then capture → agent → execute until Finish, the step
 * limit or the deadline, then judge. Success = the agent finished AND the judge passed.
 * The deadline runs from the first capture: at `timeoutS` the model call in flight is aborted
 * (its AbortSignal) and the task ends `timeout` then, not when the call would have returned.
 * A refused request ends the task as the agent's failure (`model_refused`). Device errors and
 * model infrastructure failures propagate: the caller retries them elsewhere.
 * AskUser ends the task unless `askUser` answers it; an answered question is a step without a
 * device action, and the answer reaches the agent with its history. A variant is applied after
 * the setup (so the precheck sees it) and put back after the judge.
 */
export async function runOnlineTask(deps: OnlineDeps): Promise<TaskOutcome> {
  const { device } = deps;
  await runSetup(device, deps.task);
  const variant = deps.variant ? await setupStep(device, `variant ${deps.variant}`, () => applyVariant(device, deps.variant!)) : null;
  try {
    return await runAfterSetup(deps, variant);
  } finally {
    // Put the setting back even when the task failed; a device that is gone has nothing to restore.
    await variant?.restore().catch(() => undefined);
  }
}

async function runAfterSetup(deps: OnlineDeps, variant: AppliedVariant | null): Promise<TaskOutcome> {
  const { device, agent, task, options } = deps;
  const base = { taskId: task.id, agent: agent.name, mode: 'online' as const };
  const applied = variant ? { variant: { name: variant.name, commands: variant.commands } } : {};
  if (options.precheck && (await deps.judge.alreadyPasses({ task, instruction: deps.instruction, device }))) {
    return {
      ...base,
      success: false,
      exit: 'invalid_task',
      steps: 0,
      details: { device: device.serial, reason: 'the success checks pass before the agent acts', ...applied },
    };
  }

  // The starting state, with any variant already applied: the variant's own setting is not a change.
  const performed: PerformedAction[] = [];
  const tracker = sideEffectTracker(deps.sideEffects, {
    device,
    task,
    variant: deps.variant,
    performed,
    settleMs: options.settleMs,
    sleep: deps.sleep,
  });
  await tracker?.start();

  const started = deps.now();
  const limitMs = options.timeoutS * 1000;
  const abort = new AbortController();
  let reachDeadline!: () => void;
  const deadline = new Promise<'deadline'>((resolve) => (reachDeadline = () => resolve('deadline')));
  const arm = (ms: number): (() => void) =>
    (deps.setTimer ?? defaultTimer)(ms, () => {
      abort.abort(new DeadlineReached(`the ${options.timeoutS} s limit passed`));
      reachDeadline();
    });
  let cancelTimer = arm(limitMs);
  // The user's time (a simulator's answer) is theirs, not the agent's: the deadline is moved by it.
  let userMs = 0;
  const agentMs = (): number => deps.now() - started - userMs;
  const pastDeadline = (): boolean => abort.signal.aborted || agentMs() >= limitMs;

  const history: AgentHistoryEntry[] = [];
  const frames = new FrameKeeper<Uint8Array>();
  const trajectory: { ui: CapturedObservation['observation']['ui']; foreground: Foreground | null; action: Action | null }[] = [];
  const extra: Record<string, unknown> = {};
  let exit: ExitCategory = 'step_limit';
  let parseErrors = 0;
  let steps = 0;
  let endedAt: number;

  try {
    for (let idx = 0; idx < options.maxSteps; idx++) {
      if (pastDeadline()) {
        exit = 'timeout';
        break;
      }
      // Capture and the model call race the deadline; the loser's late result is ignored.
      const turn = (async (): Promise<{ last: CapturedObservation; r: AgentStepResult }> => {
        const last = await deps.capture();
        abort.signal.throwIfAborted();
        return { last, r: await agent.step(last.observation, deps.instruction, history, abort.signal) };
      })();
      turn.catch(() => undefined); // a call aborted after the deadline rejects with nobody listening
      let won: Awaited<typeof turn> | 'deadline';
      try {
        won = await Promise.race([turn, deadline]);
      } catch (e) {
        if (abort.signal.aborted) won = 'deadline';
        else if (e instanceof ModelRefusedError) {
          exit = 'model_refused';
          extra.refusal = e.message;
          break;
        } else throw e;
      }
      if (won === 'deadline') {
        exit = 'timeout';
        break;
      }
      const { last, r } = won;
      steps++;
      const details: Record<string, unknown> = { foreground: last.foreground };
      let stop: ExitCategory | null = null;
      let deviceMs = 0;
      let entry = r.historyEntry;
      if (r.action.type === 'Finish') stop = r.action.status === 'failure' ? 'gave_up' : 'finished';
      else if (r.action.type === 'AskUser') {
        parseErrors = 0;
        if (deps.askUser) {
          cancelTimer();
          const t0 = deps.now();
          const said = await deps.askUser(r.action.message);
          userMs += deps.now() - t0;
          cancelTimer = arm(Math.max(0, limitMs - agentMs()));
          details.user = said;
          if (said.answer === null) stop = 'ask_user';
          else entry = { ...entry, userReply: said.answer };
        } else stop = 'ask_user';
      } else if (r.action.type === 'ParseError') {
        details.parseError = r.action.reason;
        if (++parseErrors >= options.maxParseErrors) stop = 'parse_error';
      } else {
        parseErrors = 0;
        const t0 = deps.now();
        try {
          const px = toPixelAction(r.action, last.observation.screen, deps.resolvePackage);
          details.pixels = px;
          await performAction(device, r.action, px, deps.sleep);
          performed.push({ action: r.action, px });
        } catch (e) {
          if (!(e instanceof UnknownAppError)) throw e;
          details.invalidAction = e.message; // the agent named an app that is not installed: its mistake, not the device's
        }
        if (options.settleMs > 0) await deps.sleep(options.settleMs);
        deviceMs = deps.now() - t0;
        if (!details.invalidAction) await tracker?.afterAction(idx);
      }
      deps.record({
        idx,
        action: r.action,
        raw: r.raw,
        observationBlob: last.blob,
        details,
        timings: { ...r.timings, device_ms: deviceMs },
        usage: r.usage,
      });
      history.push(entry);
      frames.push(last.png);
      trajectory.push({ ui: last.observation.ui, foreground: last.foreground, action: r.action });
      if (stop) {
        exit = stop;
        break;
      }
    }
  } finally {
    cancelTimer();
    endedAt = deps.now();
  }

  const final = await deps.capture();
  const verdict: JudgeVerdict = await deps.judge.judge({
    task,
    instruction: deps.instruction,
    device,
    finalScreenshot: final.png,
    frames: frames.frames,
    foreground: final.foreground,
    trajectory: [...trajectory, { ui: final.observation.ui, foreground: final.foreground, action: null }],
  });
  const finished = exit === 'finished';
  if (finished && verdict.pass === null) exit = 'judge_error';
  // After the judge: bisecting replays the task's steps, which leaves the device in another state.
  const harm = applySideEffectVerdict(finished && verdict.pass === true, (await tracker?.finish()) ?? null, deps.sideEffects);
  return {
    ...base,
    success: harm.success,
    exit,
    steps,
    details: {
      device: device.serial,
      judge: verdict,
      finalForeground: final.foreground,
      finalBlob: final.blob,
      elapsedS: (endedAt - started) / 1000,
      ...(userMs > 0 ? { userS: userMs / 1000 } : {}),
      ...(harm.record ? { sideEffects: harm.record } : {}),
      ...applied,
      ...extra,
    },
  };
}
