import { AdbServer } from '../electron/adapters/adb/adb-client.js';
import { takeSnapshot } from '../electron/core/side-effects/snapshot.js';
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
  out.push({
    name: 'bisection replays per task with a side effect',
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
