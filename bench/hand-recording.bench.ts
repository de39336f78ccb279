import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AdbServer } from '../electron/adapters/adb/adb-client.js';
import { Backend } from '../electron/services/backend.js';
import { SETTLE_MS } from '../electron/services/recording/hand-session.js';
import { importTaskFile } from '../electron/services/workspace/tasks-service.js';
import { REPO_ROOT, STARTER_TASKS } from '../test/support/fixtures.js';
import type { BenchFigure } from './figure.js';
import { median, percentile } from './figure.js';

/**
 * What one recorded step costs on each path, on a phone in its own process:
 * - from the mirror: a click sent as `recording.act` until the step is committed (capture before,
 *   then the action on the phone);
 * - by hand: from the finger leaving the screen (the end of `cmd vphone touch tap`) until the step is
 *   committed — getevent's line reaching the app, the settle time, the capture of the screen after
 *   (which is the next step's "before").
 * Taps go on the status bar, which changes nothing, so every step sees the screen opened before it.
 */
const STEPS = 10;
const THINK_MS = 800;

async function startPhone(profile: 'instant' | 'real'): Promise<{ port: number; proc: ChildProcess }> {
  const proc = spawn(
    process.execPath,
    [join(REPO_ROOT, 'bin', 'elderbench.js'), '--json', 'phone', '--port', '0', '--seed', '3', '--profile', profile],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    proc.stdout!.once('data', (c: Buffer) => resolve((JSON.parse(c.toString().split('\n')[0]!) as { port: number }).port));
    proc.once('exit', (code) => reject(new Error(`elderbench phone exited (${code})`)));
  });
  return { port, proc };
}

async function measure(profile: 'instant' | 'real'): Promise<{ mirror: number[]; hand: number[] }> {
  const phone = await startPhone(profile);
  const ws = mkdtempSync(join(tmpdir(), 'eb-bench-hand-'));
  const user = mkdtempSync(join(tmpdir(), 'eb-user-'));
  const backend = new Backend({ workspace: ws, userDataDir: user, adbServer: `127.0.0.1:${phone.port}` });
  try {
    await importTaskFile(backend.workspace, { file: STARTER_TASKS });
    const device = new AdbServer({ host: '127.0.0.1', port: phone.port }).device('vphone-1');
    const api = backend.handlers.recording;

    const mirror: number[] = [];
    const demo = await api.start({ taskId: 'settings-font-bigger', serial: 'vphone-1' });
    for (let i = 0; i < STEPS; i++) {
      const t0 = performance.now();
      await api.act({ demonstrationId: demo.id, action: { type: 'Tap', at: { x: 500, y: 2 } } });
      mirror.push(performance.now() - t0);
      await sleep(THINK_MS);
    }
    await api.finish({ demonstrationId: demo.id });

    const hand: number[] = [];
    const byHand = await api.start({ taskId: 'settings-font-bigger', serial: 'vphone-1', fromDevice: true });
    let committed = 0;
    const off = backend.events.subscribe((e) => {
      if (e.channel === 'recording.onStep' && (e.payload as { demonstrationId: number; step: unknown }).demonstrationId === byHand.id)
        committed++;
    });
    for (let i = 0; i < STEPS; i++) {
      const before = committed;
      await device.shell('cmd vphone touch tap 500 5');
      const lifted = performance.now();
      while (committed === before) await sleep(2);
      hand.push(performance.now() - lifted);
      await backend.recordings.hand(byHand.id)!.idle();
      await sleep(THINK_MS);
    }
    off();
    await api.finish({ demonstrationId: byHand.id });
    return { mirror, hand };
  } finally {
    backend.close();
    phone.proc.kill('SIGTERM');
    rmSync(ws, { recursive: true, force: true });
    rmSync(user, { recursive: true, force: true });
  }
}

export default async function bench(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const profile of ['instant', 'real'] as const) {
    const r = await measure(profile);
    const suffix = profile === 'real' ? ', real profile' : '';
    figures.push(
      {
        name: `recorded step from the mirror${suffix}`,
        value: Math.round(median(r.mirror)),
        unit: 'ms (median)',
        note: `click → step committed (capture, then the action); p90 ${Math.round(percentile(r.mirror, 90))} ms`,
      },
      {
        name: `recorded step by hand${suffix}`,
        value: Math.round(median(r.hand)),
        unit: 'ms (median)',
        note: `finger lifted → step committed, ${SETTLE_MS} ms settle included; p90 ${Math.round(percentile(r.hand, 90))} ms`,
      },
    );
  }
  return figures;
}
