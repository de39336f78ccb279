import { readFileSync } from 'node:fs';
import type { ScriptStep } from '../../core/recording/script.js';
import { DemoScriptSchema, isTargetStep, resolveScrolling } from '../../core/recording/script.js';
import { Recorder, StepNotTakenError } from '../../core/recording/recorder.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import type { Backend } from '../backend.js';
import { recorderDeps } from './recorder-deps.js';
import { errorMessage } from '../../../shared/error-message.js';
import { guardSetup } from '../devices/setup-guard.js';
import { holdRecording } from './recording-leases.js';
import type { DevicePort } from '../../core/device/device-port.js';
import { DeviceError } from '../../core/device/device-port.js';
import { setTimeout as sleep } from 'node:timers/promises';

/** A demonstration script file (the sample set's demos/<task>/<n>.json), checked against its schema. */
export function readDemoScript(file: string): ScriptStep[] {
  return DemoScriptSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/**
 * Records a scripted demonstration exactly like a person's: the same Recorder, one committed
 * step per action. Label-addressed steps are resolved on the live screen just before they run.
 * On failure the steps so far stay, and the error says which step failed.
 */
export async function recordScript(
  backend: Backend,
  taskId: string,
  serial: string,
  script: readonly ScriptStep[],
  opts: { setupConfirmed?: boolean } = {},
): Promise<Recorder> {
  const device = backend.devices.device(serial);
  const task = backend.workspace.tasks.get(taskId);
  if (!task) throw new Error(`no task "${taskId}" in ${backend.workspace.path}; import its task set first`);
  await guardSetup([device], [task], opts.setupConfirmed === true);
  const leases = holdRecording(backend.devices, () => backend.workspace, serial, taskId);
  let rec: Recorder;
  try {
    rec = await Recorder.start(
      recorderDeps(() => backend.workspace, device, backend.captures),
      task,
    );
  } catch (e) {
    leases.release();
    throw e;
  }
  leases.attach(rec.demonstrationId);
  try {
    return await playScript(backend, rec, device, script);
  } finally {
    leases.release();
  }
}

/** Tries of one scripted step whose capture failed (each capture already retried for several seconds). */
const STEP_ATTEMPTS = 3;
/** The pause before trying a step again after the phone dropped off (a dropped adb connection is back within seconds). */
const RETRY_PAUSE_MS = 1_000;

/**
 * The screen read to find a step's labelled target: a phone that dropped off (or would not answer) is a step not
 * taken — nothing was sent — which the script tries again once the phone is back, as a person would.
 */
async function screenForTarget(device: DevicePort): Promise<string> {
  try {
    return await device.uiDump();
  } catch (e) {
    if (e instanceof DeviceError && (e.kind === 'disconnected' || e.kind === 'timeout'))
      throw new StepNotTakenError(
        `${e.message}; the screen could not be read to find the step's target, nothing was sent`,
        e.serial,
        e.kind,
      );
    throw e;
  }
}

async function playStep(backend: Backend, rec: Recorder, device: DevicePort, step: ScriptStep): Promise<void> {
  if (step.type === 'Finish' && !isTargetStep(step)) {
    await rec.finish();
    return;
  }
  const recorded = await rec.act(
    await resolveScrolling(
      step,
      async () => parseUiXml(await screenForTarget(device)),
      (swipe) => rec.act(swipe),
      rec.deviceInfo.screen,
    ),
  );
  if (isTargetStep(step) && step.any)
    backend.workspace.demonstrations.setAlternatives(rec.demonstrationId, recorded.idx, step.any === true ? 'any' : step.any);
}

async function playScript(backend: Backend, rec: Recorder, device: DevicePort, script: readonly ScriptStep[]): Promise<Recorder> {
  for (const [i, step] of script.entries()) {
    try {
      // A step whose capture failed (a screen that would not settle, a phone that dropped off) did nothing: a person would try again.
      for (let attempt = 1; ; attempt++) {
        try {
          await playStep(backend, rec, device, step);
          break;
        } catch (e) {
          if (!(e instanceof StepNotTakenError) || attempt >= STEP_ATTEMPTS) throw e;
          if (e.kind === 'disconnected') await sleep(RETRY_PAUSE_MS * attempt);
        }
      }
    } catch (e) {
      throw new Error(
        `step ${i + 1} (${step.type}) failed: ${errorMessage(e)}; the ${rec.stepCount} steps before it are kept (demonstration ${rec.demonstrationId}, ${rec.state})`,
        { cause: e },
      );
    }
  }
  return rec;
}
