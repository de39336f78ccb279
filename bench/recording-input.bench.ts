import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AdbServer } from '../electron/adapters/adb/adb-client.js';
import { Backend } from '../electron/services/backend.js';
import { importTaskFile } from '../electron/services/workspace/tasks-service.js';
import { REPO_ROOT, STARTER_TASKS } from '../test/support/fixtures.js';
import type { BenchFigure } from './figure.js';
import { median, percentile } from './figure.js';

/**
 * What an annotator feels: how long the phone takes no input per recorded step — from the
 * request (a click on the mirror) until the step is committed and the next input is taken
 * (`recording.act` through the API, the window's path). The phone runs in its own process,
 * as a real phone is its own device; between steps the annotator looks at the screen for a
 * second, as people do. The slow part of saving (lossless WebP, the thumbnail) happens after
 * the step, so `background save per step` is reported beside it, and the demonstration's
 * Finish (which waits for every step's saving) last.
 */
const THINK_MS = 1000;

async function startPhone(profile: 'instant' | 'real'): Promise<{ port: number; proc: ChildProcess }> {
  const proc = spawn(
    process.execPath,
    [join(REPO_ROOT, 'bin', 'elderbench.js'), '--json', 'phone', '--port', '0', '--locale', 'zh', '--seed', '3', '--profile', profile],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    proc.stdout!.once('data', (c: Buffer) => resolve((JSON.parse(c.toString().split('\n')[0]!) as { port: number }).port));
    proc.once('exit', (code) => reject(new Error(`elderbench phone exited (${code})`)));
  });
  return { port, proc };
}

async function measure(profile: 'instant' | 'real', steps: number): Promise<{ blocked: number[]; saved: number[]; finishMs: number }> {
  const phone = await startPhone(profile);
  const ws = mkdtempSync(join(tmpdir(), 'eb-bench-input-'));
  const user = mkdtempSync(join(tmpdir(), 'eb-user-'));
  const backend = new Backend({ workspace: ws, userDataDir: user, adbServer: `127.0.0.1:${phone.port}` });
  try {
    await importTaskFile(backend.workspace, { file: STARTER_TASKS });
    const device = new AdbServer({ host: '127.0.0.1', port: phone.port }).device('vphone-1');
    // A demonstration's steps visit app screens (lists, forms, dialogs): each step opens the next one first.
    const screens = (await device.shell('cmd vphone screens'))
      .trim()
      .split('\n')
      .map((l) => l.split('\t')[0]!)
      .filter(Boolean);
    const api = backend.handlers.recording;
    const demo = await api.start({ taskId: 'settings-font-bigger', serial: 'vphone-1' });
    const committedAt = new Map<number, number>();
    const saved: number[] = [];
    backend.events.subscribe((e) => {
      if (e.channel !== 'recording.onStepSaved') return;
      const idx = (e.payload as { step: { idx: number } }).step.idx;
      const t = committedAt.get(idx);
      if (t !== undefined) saved.push(performance.now() - t);
    });
    const blocked: number[] = [];
    for (let i = 0; i < steps; i++) {
      await device.shell(`cmd vphone open ${screens[i % screens.length]!}`);
      const t0 = performance.now();
      // A tap on the status bar: it changes nothing, so the next step's screen is the one opened.
      const step = await api.act({ demonstrationId: demo.id, action: { type: 'Tap', at: { x: 500, y: 5 } } });
      const t1 = performance.now();
      blocked.push(t1 - t0);
      committedAt.set(step.idx, t1);
      await sleep(THINK_MS);
    }
    const f0 = performance.now();
    await api.finish({ demonstrationId: demo.id });
    const finishMs = performance.now() - f0;
    return { blocked, saved, finishMs };
  } finally {
    backend.close();
    phone.proc.kill('SIGTERM');
    rmSync(ws, { recursive: true, force: true });
    rmSync(user, { recursive: true, force: true });
  }
}

export default async function bench(): Promise<BenchFigure[]> {
  const instant = await measure('instant', 30);
  const real = await measure('real', 12);
  return [
    {
      name: 'input blocked per recorded step',
      value: Math.round(median(instant.blocked)),
      unit: 'ms (median)',
      target: '≤ 300 ms',
      note: `virtual phone; p90 ${Math.round(percentile(instant.blocked, 90))} ms, ${instant.blocked.length} steps, ${THINK_MS} ms between steps`,
    },
    {
      name: 'input blocked per recorded step, real profile',
      value: Math.round(median(real.blocked)),
      unit: 'ms (median)',
      note: `phone --profile real (screencap 0.7–1.5 s, dump 1–2 s, input 0.15–0.4 s); p90 ${Math.round(percentile(real.blocked, 90))} ms`,
    },
    {
      name: 'background save per step (after input is free)',
      value: instant.saved.length ? Math.round(median(instant.saved)) : -1,
      unit: 'ms (median)',
      note: 'lossless WebP + thumbnail + gzip XML, stored and committed',
    },
    { name: 'finish (waits for pending saves)', value: Math.round(instant.finishMs), unit: 'ms' },
  ];
}
