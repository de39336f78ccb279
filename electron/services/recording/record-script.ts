import type { ScriptStep } from '../../core/recording/script.js';
import { isTargetStep, resolveScriptStep } from '../../core/recording/script.js';
import { Recorder } from '../../core/recording/recorder.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import type { Backend } from '../backend.js';
import { recorderDeps } from './recorder-deps.js';
import { errorMessage } from '../../../shared/error-message.js';

/**
 * Records a scripted demonstration exactly like a person's: the same Recorder, one committed
 * step per action. Label-addressed steps are resolved on the live screen just before they run.
 * On failure the steps so far stay, and the error says which step failed.
 */
export async function recordScript(backend: Backend, taskId: string, serial: string, script: readonly ScriptStep[]): Promise<Recorder> {
  const device = backend.devices.device(serial);
  const task = backend.workspace.tasks.get(taskId);
  if (!task) throw new Error(`no task "${taskId}" in ${backend.workspace.path}; import its task set first`);
  const rec = await Recorder.start(
    recorderDeps(() => backend.workspace, device, backend.captures),
    task,
  );
  for (const [i, step] of script.entries()) {
    try {
      if (step.type === 'Finish' && !isTargetStep(step)) await rec.finish();
      else {
        const recorded = await rec.act(
          isTargetStep(step) ? resolveScriptStep(step, parseUiXml(await device.uiDump()), rec.deviceInfo.screen) : step,
        );
        if (isTargetStep(step) && step.any)
          backend.workspace.demonstrations.setAlternatives(rec.demonstrationId, recorded.idx, step.any === true ? 'any' : step.any);
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
