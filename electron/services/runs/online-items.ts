import type { RunSpec } from '../../../shared/schemas/run-spec.js';
import { storeObservation } from '../../adapters/observations/observation-sink.js';
import { runOnPool } from '../../core/eval/device-pool.js';
import { classifyError } from '../../core/eval/exit-classes.js';
import { DEFAULT_ONLINE_OPTIONS, runOnlineTask, TaskSetupError } from '../../core/eval/online-runner.js';
import { captureObservation } from '../../core/recording/capture.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import { appNamesOf } from '../devices/app-packages.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ExecutorDeps } from './run-executor.js';
import type { ItemRunner } from './run-items.js';
import type { RunItem } from './run-plan.js';
import { itemKey } from './run-plan.js';
import { errorMessage } from '../../../shared/error-message.js';
import { guardSetup } from '../devices/setup-guard.js';
import { leaseDevices } from './run-device-leases.js';

/**
 * Online items run on a pool of devices, one item per device at a time. An infrastructure failure
 * is retried on another device; a setup that failed on every device makes the task invalid.
 */
export async function runOnlineItems(
  runId: string,
  spec: RunSpec,
  deps: ExecutorDeps,
  run: ItemRunner,
  online: readonly RunItem[],
): Promise<void> {
  const { store } = deps;
  // An app the agent names as people do (天气, Weather): the task set's names (core/tasks/app-names.ts).
  const names = appNamesOf(store);
  const { progress } = run;
  const serials =
    deps.onlineDevices ??
    (spec.devices.length ? spec.devices : (await deps.devices.refresh()).devices.filter((d) => d.state === 'device').map((d) => d.serial));
  if (serials.length === 0) throw new Error('no device for the online tasks: attach a phone or start the virtual phone, or pass --devices');
  // Before any task starts: setup commands outside the known-safe set run on real phones only when confirmed.
  await guardSetup(
    serials.map((s) => deps.devices.device(s)),
    [...new Set(online.map((i) => i.task))],
    spec.setupConfirmed,
  );
  // Devices another process uses (a run, a recording): leased per device, waited for, skipped or refused.
  const leases = await leaseDevices(runId, serials, deps);
  // Why each attempt failed: a setup that failed on every device makes the task invalid, not an infra error.
  const failures = new Map<RunItem, { serial: string; setup: boolean }[]>();
  try {
    await runOnPool([...online], leases.serials, {
      maxAttempts: spec.maxAttempts,
      cancelled: deps.cancelled,
      claim: leases.claim,
      release: leases.release,
      healthy: async (serial) => (await deps.devices.device(serial).shell('echo ok')).trim() === 'ok',
      isInfrastructure: (e) => classifyError(e) === 'infra_error',
      onRetry: (i, serial, e, attempt) => {
        failures.set(i, [...(failures.get(i) ?? []), { serial, setup: e instanceof TaskSetupError }]);
        progress.infraRetries++;
        store.runs.deleteSteps(itemKey(runId, i));
        deps.log(`${i.task.id} (${i.agent}) on ${serial}, attempt ${attempt}: ${errorMessage(e)}; retrying elsewhere`);
      },
      run: async (i, serial) => {
        const device = deps.devices.device(serial);
        const rec = run.recorder(i);
        const user = run.userOf(i);
        store.runs.deleteSteps(itemKey(runId, i));
        progress.running = [
          ...progress.running.filter((r) => r.device !== serial),
          { taskId: i.task.id, agent: i.agent, mode: 'online', device: serial },
        ];
        deps.onProgress(progress);
        const info = await device.info([i.task.package]);
        const o = await runOnlineTask({
          device,
          agent: run.agentFor(i),
          task: i.task,
          instruction: run.instructionOf(i.task),
          judge: deps.judge,
          record: rec.record,
          resolvePackage: (app) => names.packageOf(app),
          sleep,
          now: () => performance.now(),
          variant: spec.variant ?? null,
          sideEffects: { policy: spec.sideEffects, failOnSideEffects: spec.failOnSideEffects },
          ...(user.askUser ? { askUser: user.askUser } : {}),
          capture: async () => {
            const obs = await captureObservation(device);
            const blobs = await storeObservation(store, obs);
            let ui = null;
            try {
              ui = parseUiXml(obs.xml);
            } catch {
              // A broken dump leaves the agent with the screenshot only, as on a real phone.
            }
            return {
              observation: { screenshot: obs.screenshot, screen: info.screen, ui, currentApp: obs.foreground?.package ?? null },
              png: obs.screenshot,
              blob: blobs.screenshotBlob,
              foreground: obs.foreground,
            };
          },
          options: {
            ...DEFAULT_ONLINE_OPTIONS,
            maxSteps: spec.maxSteps ?? i.task.max_steps,
            timeoutS: spec.timeoutS ?? i.task.timeout_s,
            precheck: spec.precheck,
            settleMs: spec.settleMs,
          },
        });
        return {
          o,
          steps: rec.stats,
          user: user.stats(rec.stats),
          device: {
            serial,
            server: deps.devices.serverOf(serial),
            model: info.model,
            release: info.release,
            screen: info.screen,
            versions: info.packageVersions,
            density: info.density,
            ...(info.locale ? { locale: info.locale } : {}),
            fontScale: info.fontScale ?? null,
          },
        };
      },
      onDone: (i, r, _serial, attempts) => {
        progress.running = progress.running.filter((x) => !(x.taskId === i.task.id && x.agent === i.agent));
        run.commit(i, r.o, r.steps, { attempts, deviceInfo: r.device, ...r.user });
      },
      onGiveUp: (i, e, attempts, tried) => {
        store.runs.deleteSteps(itemKey(runId, i));
        const f = failures.get(i) ?? [];
        const setupEverywhere = f.length > 0 && f.every((x) => x.setup) && serials.every((s) => f.some((x) => x.serial === s));
        run.commit(
          i,
          {
            taskId: i.task.id,
            agent: i.agent,
            mode: 'online',
            success: false,
            exit: setupEverywhere ? 'setup_failed' : 'infra_error',
            steps: 0,
            details: { reason: errorMessage(e) },
          },
          [],
          { attempts, triedDevices: tried },
        );
      },
    });
  } finally {
    leases.releaseAll();
  }
}
