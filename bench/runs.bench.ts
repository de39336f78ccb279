import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Agent, AgentObservation } from '../electron/core/agents/agent.js';
import { ReplayAgent } from '../electron/core/agents/model-free/replay.js';
import { DEFAULT_MATCH_OPTIONS } from '../electron/core/graph/match.js';
import { runOfflineTask } from '../electron/core/eval/offline-runner.js';
import { Backend } from '../electron/services/backend.js';
import { createRun, runToEnd } from '../electron/services/runs/run-lifecycle.js';
import type { TaskGraph } from '../shared/domain/task-graph.js';
import { prepareSettingsWorkspace } from '../test/support/record-script.js';
import type { BenchFigure } from './figure.js';
import { walkMicrosPerStep } from './walk-steps.js';
import { importShipped } from './shipped.js';
import { sideEffectFigures } from './side-effects.js';
import { offlineViewFigures } from './offline-views.js';
import { median } from './figure.js';
import { NO_USAGE, testManifest } from '../test/support/run-manifest.js';

const tmp = (p: string): string => mkdtempSync(join(tmpdir(), p));

/** Offline harness cost per step with an agent that answers instantly: the part that must vanish next to a 2–13 s model. */
async function offlineHarness(graph: TaskGraph, store: Backend['workspace']): Promise<number> {
  const obs: AgentObservation = { screenshot: null, screen: { width: 1080, height: 2400 }, ui: null };
  const actions = graph.edges.filter((e) => e.demonstrations.includes(graph.edges[0]!.demonstrations[0]!)).map((e) => e.action);
  const perStep: number[] = [];
  store.runs.create('bench-harness', 'offline', testManifest());
  for (let i = 0; i < 300; i++) {
    const agent: Agent = new ReplayAgent('replay', actions);
    let steps = 0;
    const t0 = performance.now();
    await runOfflineTask('off-display', {
      graph,
      agent,
      instruction: 'x',
      observe: async () => ({ observation: obs, blob: null }),
      record: (s) => {
        steps++;
        store.runs.addStep({
          runId: 'bench-harness',
          taskId: `t${i}`,
          agent: 'replay',
          mode: 'offline',
          idx: s.idx,
          observationBlob: null,
          rawOutput: s.raw,
          action: s.action,
          details: s.details,
          timings: s.timings,
          usage: NO_USAGE,
        });
      },
      options: { match: DEFAULT_MATCH_OPTIONS, offGraph: 'fail', maxOffGraphErrors: 3, maxSteps: 25 },
    });
    perStep.push((performance.now() - t0) / steps);
  }
  return median(perStep.slice(20));
}

export default async function run(): Promise<BenchFigure[]> {
  const out: BenchFigure[] = [];
  // The phones live in their own process, as real phones are separate devices.
  const phoneProc = spawn(
    process.execPath,
    [join(process.cwd(), 'bin', 'elderbench.js'), '--json', 'phone', '--port', '0', '--count', '4', '--locale', 'en'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const phones = await new Promise<{ port: number; serials: string[] }>((resolve, reject) => {
    phoneProc.stdout.once('data', (c: Buffer) => resolve(JSON.parse(c.toString().split('\n')[0]!) as { port: number; serials: string[] }));
    phoneProc.once('exit', (code) => reject(new Error(`elderbench phone exited (${code})`)));
  });
  const ws = tmp('eb-bench-runs-');
  try {
    const backend = new Backend({ workspace: ws, userDataDir: tmp('eb-user-'), adbServer: `127.0.0.1:${phones.port}` });
    await prepareSettingsWorkspace(backend);
    const graph = backend.workspace.graphs.latest('off-display')!.body;
    out.push({
      name: 'offline harness time per step (instant agent)',
      value: (await offlineHarness(graph, backend.workspace)) * 1000,
      unit: 'µs (median)',
      target: '≤ 500 µs',
    });
    out.push(...(await offlineViewFigures(backend.workspace, graph)));
    // The walk as the CLI runs it (the esbuild bundle); beside it, the same code loaded through tsx, as this figure was
    // taken before the twenty-seventh session.
    const shipped = await importShipped<{ walkMicrosPerStep: typeof walkMicrosPerStep }>('bench/walk-steps.ts');
    const underTsx = walkMicrosPerStep();
    out.push({
      name: 'graph walk per step (field order, overshoot, detour, typing over)',
      value: shipped.walkMicrosPerStep(),
      unit: 'µs (median, as bundled)',
      target: '≤ 50 µs',
      note: `${underTsx.toFixed(1)} µs loaded through tsx`,
    });

    // Online throughput: the same 12 replay tasks on 1, 2 and 4 phones.
    const ids = ['on-dark', 'on-display', 'on-sound'];
    const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
    let base = 0;
    for (const n of [1, 2, 4]) {
      const devices = phones.serials.slice(0, n);
      // 3 agents × 3 tasks, twice: 18 tasks, enough for every phone to stay busy.
      const t0 = performance.now();
      for (let k = 0; k < 2; k++) {
        const runId = createRun(deps, {
          mode: 'online',
          agents: ['replay', 'random', 'heuristic'],
          taskIds: ids,
          devices,
          precheck: false,
        }).runId;
        await runToEnd(deps, runId);
      }
      const tasksPerS = 18 / ((performance.now() - t0) / 1000);
      if (n === 1) base = tasksPerS;
      out.push({
        name: `online throughput, ${n} phone(s)`,
        value: tasksPerS,
        unit: 'tasks/s',
        note: n > 1 ? `scaling ${(tasksPerS / base).toFixed(2)}× (target ≥ ${(0.85 * n).toFixed(2)}×)` : undefined,
      });
    }
    out.push(...(await sideEffectFigures(backend, phones.port, phones.serials[0]!, ids)));
    backend.close();
    // The phones are not needed offline; stopping them keeps this measurement apart from their load.
    phoneProc.kill();

    // Peak memory of the CLI for a 250-task offline run: 250 copies of the offline tasks' graphs.
    const big = tmp('eb-bench-big-');
    cpSync(ws, big, { recursive: true });
    const b2 = new Backend({ workspace: big, userDataDir: tmp('eb-user-') });
    const base1 = b2.workspace.tasks.get('off-display')!;
    const g = b2.workspace.graphs.latest('off-display')!;
    const copies = Array.from({ length: 250 }, (_, i) => ({ ...base1, id: `bulk-${String(i).padStart(3, '0')}` }));
    b2.workspace.tasks.importSet({ name: 'bulk', sourceFile: '-', sourceHash: '-' }, copies, false);
    for (const c of copies)
      b2.workspace.graphs.addVersion(c.id, {
        parentId: null,
        config: g.config,
        body: { ...g.body, taskId: c.id },
        validation: g.validation,
      });
    b2.close();
    // One untimed run first: tsx transpiles the sources on first use and caches them; measure the warm CLI.
    const cliRun = (tasks: string) =>
      new Promise<number>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          [
            join(process.cwd(), 'bin', 'elderbench.js'),
            '--workspace',
            big,
            'run',
            '--mode',
            'offline',
            '--agent',
            'random,heuristic',
            '--tasks',
            tasks,
          ],
          {
            env: { ...process.env, ELDERBENCH_REPORT_PEAK_RSS: '1', ELDERBENCH_USER_DATA: tmp('eb-user-') },
            stdio: ['ignore', 'ignore', 'pipe'],
          },
        );
        let err = '';
        child.stderr.on('data', (c: Buffer) => (err += c.toString()));
        child.once('exit', (code) => {
          const m = /peak_rss_kib=(\d+)/.exec(err);
          if (code !== 0 || !m) reject(new Error(`run failed (${code}): ${err.slice(-400)}`));
          else resolve(Number(m[1]) / 1024);
        });
      });
    await cliRun('bulk-000');
    const rss = await cliRun('set=bulk');
    out.push({ name: 'peak memory, CLI, 250 tasks × 2 agents offline', value: rss, unit: 'MiB', target: '≤ 300 MiB' });
    if (process.env.BENCH_KEEP) console.error(`kept ${big}`);
    else rmSync(big, { recursive: true, force: true });
  } finally {
    phoneProc.kill();
    rmSync(ws, { recursive: true, force: true });
  }
  return out;
}
