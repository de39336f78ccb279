import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Task } from '../shared/schemas/task.js';
import { AdbServer } from '../electron/adapters/adb/adb-client.js';
import { Backend } from '../electron/services/backend.js';
import { recordScript } from '../electron/services/recording/record-script.js';
import { buildRunReport } from '../electron/services/runs/run-report-builder.js';
import { createRun, runToEnd } from '../electron/services/runs/run-lifecycle.js';
import { importTaskFile } from '../electron/services/workspace/tasks-service.js';
import { loadDemos, SAMPLE_DIR } from '../test/integration/sample-tasks/sample-set.js';
import { REPO_ROOT } from '../test/support/fixtures.js';
import { SETTINGS_RUN_DEMOS } from '../test/support/record-script.js';
import type { BenchFigure } from './figure.js';
import { median } from './figure.js';

/**
 * Phones that behave like real ones (`elderbench phone --profile real`: screencap 0.7–1.5 s, dump
 * 1–2 s with busy-screen failures, input latency, transport drops). With instant agents the phones
 * are the bottleneck, so 4 phones must give close to 4× one phone; a recorded step's capture must
 * cost about the slower of screenshot and dump (they run concurrently), not their sum; and the
 * sample set's replay run must still score 100% online.
 */
const CLOCK = Date.UTC(2026, 10, 30, 1, 30);
const tmp = (p: string): string => mkdtempSync(join(tmpdir(), p));

interface Phones {
  port: number;
  serials: string[];
  proc: ChildProcess;
}

/**
 * Phones in their own process, as real phones are separate devices, with their clocks frozen at the
 * same moment: demonstrations are recorded on one phone and replayed on others, and time-driven
 * content (feed order, rotating lists) must not differ between them.
 */
async function startPhones(args: string[]): Promise<Phones> {
  const proc = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'elderbench.js'), '--json', 'phone', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const ready = await new Promise<{ port: number; serials: string[] }>((resolve, reject) => {
    proc.stdout!.once('data', (c: Buffer) => resolve(JSON.parse(c.toString().split('\n')[0]!) as { port: number; serials: string[] }));
    proc.once('exit', (code) => reject(new Error(`elderbench phone exited (${code})`)));
  });
  const server = new AdbServer({ host: '127.0.0.1', port: ready.port });
  for (const s of ready.serials) await server.device(s).shell(`cmd vphone clock freeze ${CLOCK} && cmd vphone reset`);
  return { ...ready, proc };
}

/** Copies of the settings tasks, each with its own id and demonstration (recorded on an instant phone). */
async function settingsCopies(backend: Backend, serial: string, copies: number): Promise<string[]> {
  await importTaskFile(backend.workspace, { file: `${REPO_ROOT}test/fixtures/tasks/settings-runs.json` });
  const base = ['on-dark', 'on-display', 'on-sound'].map((id) => backend.workspace.tasks.get(id)!);
  const made: Task[] = [];
  for (let i = 0; i < copies; i++) for (const t of base) made.push({ ...t, id: `${t.id}-${i}` });
  backend.workspace.tasks.importSet({ name: 'throughput', sourceFile: '-', sourceHash: '-' }, made, false);
  for (const t of made) {
    for (const cmd of t.setup) await backend.devices.device(serial).shell(cmd);
    await recordScript(backend, t.id, serial, SETTINGS_RUN_DEMOS[t.id.replace(/-\d+$/, '')]![0]!);
  }
  return made.map((t) => t.id);
}

async function throughput(ws: string, user: string, phones: Phones, taskIds: string[], n: number): Promise<number> {
  const backend = new Backend({ workspace: ws, userDataDir: user, adbServer: `127.0.0.1:${phones.port}` });
  try {
    const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
    const { runId } = createRun(deps, {
      mode: 'online',
      agents: ['replay'],
      taskIds,
      devices: phones.serials.slice(0, n),
      precheck: false,
    });
    const t0 = performance.now();
    await runToEnd(deps, runId);
    const s = (performance.now() - t0) / 1000;
    const report = buildRunReport(backend.workspace, runId);
    if (report.metrics[0]!.online.sr !== 1)
      throw new Error(`throughput run ${runId}: replay scored ${report.metrics[0]!.online.sr}, not 1`);
    return taskIds.length / s;
  } finally {
    backend.close();
  }
}

export default async function run(): Promise<BenchFigure[]> {
  const out: BenchFigure[] = [];
  const instantEn = await startPhones(['--count', '1', '--locale', 'en']);
  const instantZh = await startPhones(['--count', '1', '--locale', 'zh', '--seed', '11']);
  const realEn = await startPhones(['--count', '4', '--locale', 'en', '--profile', 'real']);
  // Seeded content (contact lists, message threads) depends on seed and serial, and the replay agent
  // repeats the demonstration's taps: four one-phone servers give four `vphone-1`s that show what the
  // recording phone showed — a pool over four adb servers.
  const realZh = await Promise.all(
    [0, 1, 2, 3].map(() => startPhones(['--count', '1', '--locale', 'zh', '--seed', '11', '--profile', 'real'])),
  );
  const dirs: string[] = [];
  const dir = (p: string): string => {
    const d = tmp(p);
    dirs.push(d);
    return d;
  };
  try {
    // 1. Throughput: the same task mix per phone (8 tasks per phone), replay agent (answers instantly).
    const ws = dir('eb-bench-real-');
    const user = dir('eb-user-');
    const setup = new Backend({ workspace: ws, userDataDir: user, adbServer: `127.0.0.1:${instantEn.port}` });
    const ids = await settingsCopies(setup, 'vphone-1', 11);
    setup.close();
    const one = await throughput(ws, user, realEn, ids.slice(0, 8), 1);
    const four = await throughput(ws, user, realEn, ids.slice(0, 32), 4);
    out.push({ name: 'real phones: online throughput, 1 phone', value: one, unit: 'tasks/s', note: '8 tasks, replay agent' });
    out.push({ name: 'real phones: online throughput, 4 phones', value: four, unit: 'tasks/s', note: '32 tasks, replay agent' });
    out.push({ name: 'real phones: throughput 4 phones / 1 phone', value: four / one, unit: '×', target: '≥ 3.4×' });

    // 2. Recording under real timing: a recorded step's capture against its screenshot and dump.
    const rec = new Backend({ workspace: dir('eb-bench-rec-'), userDataDir: user, adbServer: `127.0.0.1:${realEn.port}` });
    await importTaskFile(rec.workspace, { file: `${REPO_ROOT}test/fixtures/tasks/settings-runs.json` });
    const timings: Record<string, number>[] = [];
    for (let i = 0; i < 4; i++) {
      for (const [id, scripts] of Object.entries(SETTINGS_RUN_DEMOS)) {
        const r = await recordScript(rec, id, 'vphone-1', scripts[0]!);
        timings.push(...rec.workspace.demonstrations.steps(r.demonstrationId).map((s) => s.timings));
      }
    }
    rec.close();
    const capture = median(timings.map((t) => t['total_ms']!));
    const slower = median(timings.map((t) => Math.max(t['screenshot_ms']!, t['xml_ms']!)));
    const sum = median(timings.map((t) => t['screenshot_ms']! + t['xml_ms']!));
    out.push({ name: 'real phones: recorded step capture (median)', value: capture, unit: 'ms', note: `${timings.length} steps` });
    out.push({ name: 'real phones: slower of screenshot / dump (median)', value: slower, unit: 'ms' });
    out.push({ name: 'real phones: screenshot + dump (median)', value: sum, unit: 'ms' });
    out.push({
      name: 'real phones: capture / slower of the two',
      value: capture / slower,
      unit: '×',
      target: '≈ 1× (not the sum)',
      note: `capture / sum ${(capture / sum).toFixed(2)}×`,
    });

    // 3. The sample set's online tasks, replayed on 4 real phones: still 100%.
    const sample = new Backend({ workspace: dir('eb-bench-sample-'), userDataDir: user, adbServer: `127.0.0.1:${instantZh.port}` });
    await importTaskFile(sample.workspace, { file: join(SAMPLE_DIR, 'tasks.json') });
    const online = sample.workspace.tasks
      .list()
      .filter((t) => t.mode === 'online')
      .map((t) => t.id);
    for (const id of online) {
      for (const cmd of sample.workspace.tasks.get(id)!.setup) await sample.devices.device('vphone-1').shell(cmd);
      await recordScript(sample, id, 'vphone-1', loadDemos(id)[0]!);
    }
    sample.devices.setAddress(realZh.map((p) => `127.0.0.1:${p.port}`).join(','));
    const deps = { store: () => sample.workspace, devices: sample.devices, log: () => {} };
    // Named, not discovered: a phone in the middle of a drop is missing from adb's list for a moment.
    const { runId } = createRun(deps, {
      mode: 'online',
      agents: ['replay'],
      taskIds: online,
      devices: realZh.map((p) => `127.0.0.1:${p.port}/vphone-1`),
    });
    const t0 = performance.now();
    await runToEnd(deps, runId);
    const secs = (performance.now() - t0) / 1000;
    const report = buildRunReport(sample.workspace, runId);
    const results = sample.workspace.runs.results(runId);
    const retries = results.reduce((n, r) => n + ((r.details.attempts ?? 1) - 1), 0);
    const failed = results.filter((r) => !r.success).map((r) => `${r.taskId} (${r.exitCategory})`);
    sample.close();
    out.push({
      name: 'real phones: sample set replay, online SR',
      value: report.metrics[0]!.online.sr ?? 0,
      unit: '',
      target: '1.0',
      note: `${online.length} tasks on 4 phones (4 adb servers) in ${secs.toFixed(0)} s; ${retries} task attempt(s) repeated after a drop${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
    });
  } finally {
    for (const p of [instantEn, instantZh, realEn, ...realZh]) p.proc.kill();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
  return out;
}
