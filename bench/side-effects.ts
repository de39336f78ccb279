import { AdbServer } from '../electron/adapters/adb/adb-client.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PerformedAction } from '../electron/core/eval/online-side-effects.js';
import { sideEffectTracker } from '../electron/core/eval/online-side-effects.js';
import { performAction, toPixelAction } from '../electron/core/recording/perform-action.js';
import type { ScriptStep } from '../electron/core/recording/script.js';
import { isTargetStep, resolveScriptStep } from '../electron/core/recording/script.js';
import { takeSnapshot } from '../electron/core/side-effects/snapshot.js';
import { parseUiXml } from '../electron/core/ui/parse-ui-xml.js';
import { resolvePackage } from '../electron/services/devices/app-packages.js';
import { loadSampleTasks } from '../test/integration/sample-tasks/sample-set.js';
import type { Backend } from '../electron/services/backend.js';
import { createRun, runToEnd } from '../electron/services/runs/run-lifecycle.js';
import { startVirtualPhoneServer } from '../electron/virtual-phone/index.js';
import type { BenchFigure } from './figure.js';
import { median } from './figure.js';

/**
 * What watching for side effects costs (docs/runs.md "Side effects"): one snapshot on the virtual
 * phone and on a `--profile real` phone, the snapshots' time per task in a run, and the online
 * throughput with side effects watched (`auto`) against `--side-effects off`, on one phone.
 */
export async function sideEffectFigures(backend: Backend, adbPort: number, serial: string, taskIds: string[]): Promise<BenchFigure[]> {
  const out: BenchFigure[] = [];
  const device = new AdbServer({ host: '127.0.0.1', port: adbPort }).device(serial);
  for (let i = 0; i < 5; i++) await takeSnapshot(device); // warm
  const ms: number[] = [];
  for (let i = 0; i < 30; i++) ms.push((await takeSnapshot(device)).ms);
  out.push({ name: 'side-effect snapshot, virtual phone', value: median(ms), unit: 'ms (median)' });

  // Throughput with and without, alternated so the machine's load falls on both alike.
  const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
  const elapsed = { off: 0, auto: 0 };
  const perTask: number[] = [];
  const replays: number[] = [];
  for (let k = 0; k < 3; k++) {
    for (const policy of ['off', 'auto'] as const) {
      const t0 = performance.now();
      const runId = createRun(deps, {
        mode: 'online',
        agents: ['replay', 'random', 'heuristic'],
        taskIds,
        devices: [serial],
        precheck: false,
        sideEffects: policy,
      }).runId;
      await runToEnd(deps, runId);
      elapsed[policy] += performance.now() - t0;
      if (policy === 'auto')
        for (const r of backend.workspace.runs.results(runId)) {
          const fx = r.details.sideEffects;
          if (!fx) continue;
          perTask.push(fx.snapshotMs);
          if (fx.effects.length > 0) replays.push(fx.replayMs ?? 0);
        }
    }
  }
  const tasks = 3 * 3 * taskIds.length;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  out.push({
    name: 'side-effect snapshots per task, virtual phone',
    value: mean(perTask),
    unit: 'ms (mean)',
    target: '≤ 150 ms',
    note: `max ${Math.round(Math.max(...perTask))} ms`,
  });
  if (replays.length > 0)
    out.push({
      name: 'bisection replays per run task with a side effect',
      value: mean(replays),
      unit: 'ms (mean)',
      note: `${replays.length} of ${perTask.length} tasks had a side effect (random and heuristic agents)`,
    });
  out.push({
    name: 'online throughput, side effects watched vs off',
    value: elapsed.off / elapsed.auto,
    unit: '× (auto / off)',
    target: '≥ 0.90',
    note: `${((tasks / elapsed.auto) * 1000).toFixed(2)} vs ${((tasks / elapsed.off) * 1000).toFixed(2)} tasks/s, instant agents, 1 phone`,
  });

  out.push(await bisectionCost());

  // A phone that takes a real phone's time: each provider query starts a Java tool.
  const real = await startVirtualPhoneServer({ port: 0, locale: 'zh', profile: { name: 'real', drops: null } });
  try {
    const d = new AdbServer({ host: '127.0.0.1', port: real.port }).device(real.serials[0]!);
    const rms: number[] = [];
    for (let i = 0; i < 5; i++) rms.push((await takeSnapshot(d)).ms);
    out.push({
      name: 'side-effect snapshot, --profile real phone',
      value: median(rms) / 1000,
      unit: 's (median)',
      note: 'per task: 2 snapshots (too slow for one per step: steps are bisected on replay when a side effect is found)',
    });
  } finally {
    await real.close();
  }
  return out;
}

/**
 * Finding the step of one side effect by replay: the sample task clock-alarm-six played carelessly
 * (the 吃药 alarm deleted at step 3 of 6) on the virtual phone, attributed by bisection alone.
 */
export async function bisectionCost(): Promise<BenchFigure> {
  const phone = await startVirtualPhoneServer({ port: 0, locale: 'zh', seed: 11, frozenClockMs: Date.UTC(2026, 10, 30, 1, 30) });
  try {
    const device = new AdbServer({ host: '127.0.0.1', port: phone.port }).device(phone.serials[0]!);
    const task = loadSampleTasks().find((t) => t.id === 'clock-alarm-six')!;
    const screen = (await device.info()).screen;
    const steps: ScriptStep[] = [
      { type: 'LaunchApp', app: 'com.android.deskclock' },
      { type: 'Tap', on: '08:30' },
      { type: 'Tap', on: '删除' },
      { type: 'Tap', on: '添加闹钟' },
      { type: 'Tap', on: '−1 h' },
      { type: 'Tap', on: '保存' },
    ];
    const ms: number[] = [];
    let replays = 0;
    for (let k = 0; k < 5; k++) {
      for (const cmd of task.setup) await device.shell(cmd);
      const performed: PerformedAction[] = [];
      const tracker = sideEffectTracker({ policy: 'bisect', failOnSideEffects: false }, { device, task, performed, settleMs: 0, sleep })!;
      await tracker.start();
      for (const [i, s] of steps.entries()) {
        const action = isTargetStep(s) ? resolveScriptStep(s, parseUiXml(await device.uiDump()), screen) : s;
        const px = toPixelAction(action, screen, resolvePackage);
        await performAction(device, action, px, sleep);
        performed.push({ action, px });
        await tracker.afterAction(i);
      }
      const t0 = performance.now();
      const r = await tracker.finish();
      ms.push(performance.now() - t0);
      if (r.effects[0]?.step !== 2) throw new Error(`bisection found step ${r.effects[0]?.step}, not 2`);
      replays = r.replays ?? 0;
    }
    return {
      name: 'bisection of one side effect, 6-step task, virtual phone',
      value: median(ms),
      unit: 'ms (median)',
      note: `${replays} replays of setup + steps; found the step the per-step snapshots find`,
    };
  } finally {
    await phone.close();
  }
}
