import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DeviceLeaseService } from '../../../electron/services/devices/device-lease-service.js';
import { WorkspaceStore } from '../../../electron/adapters/db/workspace-store.js';
import { Backend } from '../../../electron/services/backend.js';
import { importTaskFile } from '../../../electron/services/workspace/tasks-service.js';
import { cliToEnd, startCli } from '../../support/cli-process.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { recordScript, SETTINGS_RUN_DEMOS } from '../../support/record-script.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { until } from '../../support/wait.js';

const FIXTURE = `${REPO_ROOT}test/fixtures/tasks/settings-runs.json`;
const ONLINE = ['on-dark', 'on-display', 'on-sound'];
/** A phone slow enough that two runs' tasks overlap in time (a capture and a dump take a moment, as on a real phone). */
const SLOW = { name: 'instant' as const, screencapMs: [120, 120] as [number, number], dumpMs: [120, 120] as [number, number] };

/** Each task's verdict in a run, by task id. */
function verdicts(ws: string, runId: string): Record<string, boolean> {
  const store = WorkspaceStore.open(ws);
  try {
    return Object.fromEntries(store.runs.results(runId).map((r) => [r.taskId, r.success]));
  } finally {
    store.close();
  }
}

const runIdOf = (stdout: string): string => (JSON.parse(stdout.trim().split('\n').pop()!) as { runId: string }).runId;

describe('two processes, one set of phones', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();

  // The online tasks' demonstrations, recorded once for the file (the first test's phones) and copied for each test:
  // each run's task setup resets its phone, so a copy on fresh phones runs as the recording's own would.
  let recorded: Promise<string> | null = null;
  const templateDir = mkdtempSync(join(tmpdir(), 'eb-test-concurrent-'));
  afterAll(() => rmSync(templateDir, { recursive: true, force: true }));

  async function workspace(): Promise<{ ws: string; adb: string }> {
    const server = await phones({ locale: 'en', count: 2, profile: SLOW });
    const adb = `127.0.0.1:${server.port}`;
    recorded ??= (async () => {
      const dir = join(templateDir, 'ws');
      const backend = new Backend({ workspace: dir, userDataDir: join(templateDir, 'user-data'), adbServer: adb });
      try {
        await importTaskFile(backend.workspace, { file: FIXTURE });
        for (const id of ONLINE) {
          for (const cmd of backend.workspace.tasks.get(id)!.setup) await backend.devices.device('vphone-1').shell(cmd);
          await recordScript(backend, id, 'vphone-1', SETTINGS_RUN_DEMOS[id]![0]!);
        }
      } finally {
        backend.close();
      }
      return dir;
    })();
    const ws = tmp();
    cpSync(await recorded, ws, { recursive: true });
    return { ws, adb };
  }

  // Before: both runs drove both phones at once, each task's setup reset the other's phone, and the replay oracle
  // scored 1/4 and 0/4 with both runs "finished".
  it('two `elderbench run` started together: one waits for the other, and both score exactly as runs done alone', async () => {
    const { ws, adb } = await workspace();
    const userData = tmp(); // one user, one machine: the processes see each other's device leases
    const env = { ELDERBENCH_USER_DATA: userData };
    const args = ['--workspace', ws, '--adb', adb, '--json', 'run', '--mode', 'online', '--agent', 'replay', '--tasks', ONLINE.join(',')];
    const devices = ['--devices', 'vphone-1,vphone-2'];

    const alone = await cliToEnd([...args, ...devices], env);
    expect(alone.code).toBe(0);
    const expected = verdicts(ws, runIdOf(alone.stdout));
    expect(expected).toEqual({ 'on-dark': true, 'on-display': true, 'on-sound': true });

    // Both start while something else holds the phones, so both are certainly alive and waiting at once; then the
    // phones are given back and the two runs compete for them.
    const gate = new DeviceLeaseService(userData, () => adb);
    for (const serial of ['vphone-1', 'vphone-2']) expect(gate.take(serial, 'a test holding the phones').ok).toBe(true);
    const a = startCli([...args, ...devices], env);
    const b = startCli([...args, ...devices], env);
    await until(
      () => [a, b].every((p) => /waiting for vphone-1: in use by a test holding the phones \(pid \d+/.test(p.stderr())),
      'both runs waiting for the phones',
    );
    gate.close();
    expect(await a.exited).toBe(0);
    expect(await b.exited).toBe(0);
    expect(verdicts(ws, runIdOf(a.stdout()))).toEqual(expected);
    expect(verdicts(ws, runIdOf(b.stdout()))).toEqual(expected);
  }, 600_000);

  it('refuses or skips a device another process holds when asked to, naming the holder; a killed holder frees it at once', async () => {
    const { ws, adb } = await workspace();
    const userData = tmp();
    const env = { ELDERBENCH_USER_DATA: userData };
    const args = ['--workspace', ws, '--adb', adb, '--json', 'run', '--mode', 'online', '--agent', 'replay', '--tasks', ONLINE.join(',')];

    // Another process holds vphone-1 (a child that takes the lease and then just lives).
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `const { DeviceLeaseService } = await import(${JSON.stringify(`${REPO_ROOT}electron/services/devices/device-lease-service.ts`)});
         const l = new DeviceLeaseService(${JSON.stringify(userData)}, () => ${JSON.stringify(adb)});
         console.log(JSON.stringify({ ok: l.take('vphone-1', 'elderbench run run-other').ok }));
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], cwd: REPO_ROOT },
    );
    let out = '';
    holder.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    await until(() => out.includes('"ok":true'), 'the other process holding vphone-1');

    const refused = await cliToEnd([...args, '--devices', 'vphone-1,vphone-2', '--busy-devices', 'refuse'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`vphone-1 is in use by elderbench run run-other (pid ${holder.pid}`);
    expect(refused.stderr).toMatch(/the run did not start/);

    const skipped = await cliToEnd([...args, '--devices', 'vphone-1,vphone-2', '--busy-devices', 'skip'], env);
    expect(skipped.code).toBe(0);
    expect(skipped.stderr).toContain(`skipping vphone-1: in use by elderbench run run-other (pid ${holder.pid}`);
    const store = WorkspaceStore.open(ws);
    const onDevices = new Set(store.runs.results(runIdOf(skipped.stdout)).map((r) => (r.details.deviceInfo as { serial: string }).serial));
    store.close();
    expect([...onDevices]).toEqual(['vphone-2']);

    // SIGKILL: no chance to give the lease back, yet the next run takes the phone without waiting for the expiry.
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    const after = await cliToEnd([...args, '--devices', 'vphone-1', '--busy-devices', 'refuse'], env);
    expect(after.stderr).not.toMatch(/in use by/);
    expect(after.code).toBe(0);
  }, 600_000);
});
