import type { Task } from '../../../shared/schemas/task.js';
import type { Agent, AgentHistoryEntry, AgentObservation } from '../agents/agent.js';
import type { DevicePort, Foreground } from '../device/device-port.js';
import { performAction, toPixelAction, UnknownAppError } from '../recording/perform-action.js';
import type { Judge } from './judge.js';
import type { ExitCategory, JudgeVerdict, StepRecord, TaskOutcome } from './outcome.js';

export interface OnlineOptions {
  maxSteps: number;
  timeoutS: number;
  /** Run the deterministic checks before the agent acts; a task that already passes is invalid. */
  precheck: boolean;
  /** Consecutive unreadable replies that end the task. */
  maxParseErrors: number;
  /** Time for the screen to settle after an action (real phones animate; the virtual phone does not). */
  settleMs: number;
  /** Earlier screens kept for the VLM judge. */
  keepFrames: number;
}

export const DEFAULT_ONLINE_OPTIONS: OnlineOptions = { maxSteps: 25, timeoutS: 120, precheck: true, maxParseErrors: 3, settleMs: 0, keepFrames: 8 };

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
  options: OnlineOptions;
}

/**
 * The online protocol (paper §4.2, Appendix I): reset the device with the task's setup,
 * refuse tasks that already pass, then capture → agent → execute until Finish, the step
 * limit or the time limit, then judge. Success = the agent finished AND the judge passed.
 * Device errors (DeviceError) and model failures (AgentInfrastructureError) propagate:
 * they are infrastructure, which the caller retries elsewhere, never the agent's failure.
 */
export async function runOnlineTask(deps: OnlineDeps): Promise<TaskOutcome> {
  const { device, agent, task, options } = deps;
  for (const cmd of task.setup) await device.shell(cmd);
  const base = { taskId: task.id, agent: agent.name, mode: 'online' as const };
  if (options.precheck && (await deps.judge.alreadyPasses({ task, instruction: deps.instruction, device }))) {
    return { ...base, success: false, exit: 'invalid_task', steps: 0, details: { device: device.serial, reason: 'the success checks pass before the agent acts' } };
  }

  const started = deps.now();
  const history: AgentHistoryEntry[] = [];
  const frames: Uint8Array[] = [];
  let exit: ExitCategory = 'step_limit';
  let parseErrors = 0;
  let steps = 0;

  for (let idx = 0; idx < options.maxSteps; idx++) {
    if ((deps.now() - started) / 1000 > options.timeoutS) {
      exit = 'timeout';
      break;
    }
    const last = await deps.capture();
    const r = await agent.step(last.observation, deps.instruction, history);
    steps++;
    const details: Record<string, unknown> = { foreground: last.foreground };
    let stop: ExitCategory | null = null;
    let deviceMs = 0;
    if (r.action.type === 'Finish') stop = 'finished';
    else if (r.action.type === 'AskUser') stop = 'ask_user';
    else if (r.action.type === 'ParseError') {
      details.parseError = r.action.reason;
      if (++parseErrors >= options.maxParseErrors) stop = 'parse_error';
    } else {
      parseErrors = 0;
      const t0 = deps.now();
      try {
        const px = toPixelAction(r.action, last.observation.screen, deps.resolvePackage);
        details.pixels = px;
        await performAction(device, r.action, px, deps.sleep);
      } catch (e) {
        if (!(e instanceof UnknownAppError)) throw e;
        details.invalidAction = e.message; // the agent named an app that is not installed: its mistake, not the device's
      }
      if (options.settleMs > 0) await deps.sleep(options.settleMs);
      deviceMs = deps.now() - t0;
    }
    deps.record({ idx, action: r.action, raw: r.raw, observationBlob: last.blob, details, timings: { ...r.timings, device_ms: deviceMs }, usage: r.usage });
    history.push(r.historyEntry);
    frames.push(last.png);
    if (frames.length > options.keepFrames) frames.splice(0, frames.length - options.keepFrames);
    if (stop) {
      exit = stop;
      break;
    }
  }

  const final = await deps.capture();
  const verdict: JudgeVerdict = await deps.judge.judge({
    task, instruction: deps.instruction, device, finalScreenshot: final.png, frames: frames.slice(0, -1), foreground: final.foreground,
  });
  const finished = exit === 'finished';
  if (finished && verdict.pass === null) exit = 'judge_error';
  return {
    ...base,
    success: finished && verdict.pass === true,
    exit,
    steps,
    details: { device: device.serial, judge: verdict, finalForeground: final.foreground, finalBlob: final.blob, elapsedS: (deps.now() - started) / 1000 },
  };
}
