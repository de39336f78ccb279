import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/index.js';
import { Backend } from '../../../electron/services/backend.js';
import { importTaskFile } from '../../../electron/services/workspace/tasks-service.js';
import { cliToEnd } from '../../support/cli-process.js';
import { runCli } from '../../support/cli.js';
import { REPO_ROOT, validTask } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

const DANGEROUS = ['cmd vphone reset', 'rm -rf /sdcard/DCIM', 'pm uninstall com.vphone.chat', 'settings put global adb_enabled 0'];

/** One online task whose setup does harm beyond resetting its app. */
function taskFile(dir: string): string {
  const file = join(dir, 'crafted.json');
  const task = { ...validTask({ id: 'crafted' }), setup: DANGEROUS, success_checks: [], max_steps: 1, timeout_s: 60, tags: [] };
  writeFileSync(file, JSON.stringify({ format: 'elderbench.tasks/1', name: 'crafted', tasks: [task] }));
  return file;
}

describe("a task file's setup commands, before they meet a phone", () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();

  // Before: nothing was said on import, and the commands ran on any phone.
  it('`tasks validate` and `tasks import` list every setup command outside the known-safe set; the shipped tasks have none', () => {
    const file = taskFile(tmp());
    const v = runCli(['--json', 'tasks', 'validate', file]);
    expect(v.code).toBe(0);
    const [report] = JSON.parse(v.stdout) as { unsafeSetup: { command: string; reason: string }[] }[];
    expect(report!.unsafeSetup.map((f) => f.command)).toEqual(DANGEROUS.slice(1));
    const human = runCli(['tasks', 'validate', file]);
    expect(human.stdout).toContain('setup command `rm -rf /sdcard/DCIM` is outside the known-safe set');
    expect(human.stdout).toMatch(/--allow-setup/);
    const imp = runCli(['--workspace', tmp(), 'tasks', 'import', file]);
    expect(imp.code).toBe(0);
    expect(imp.stderr).toContain('setup command `pm uninstall com.vphone.chat` is outside the known-safe set');
    for (const shipped of [`${REPO_ROOT}tasks/sample/tasks.json`, `${REPO_ROOT}tasks/examples/starter.json`]) {
      const r = runCli(['--json', 'tasks', 'validate', shipped]);
      expect((JSON.parse(r.stdout) as { unsafeSetup: unknown[] }[])[0]!.unsafeSetup).toEqual([]);
    }
  }, 120_000);

  // Before: `run` played them on whatever phone it was given.
  it('a run on a real phone refuses them before anything runs, unless --allow-setup; an emulator needs no confirmation', async () => {
    const real = await phones({ locale: 'en', reportsEmulator: false });
    const ws = tmp();
    expect(runCli(['--workspace', ws, 'tasks', 'import', taskFile(tmp())]).code).toBe(0);
    const run = (extra: string[] = [], port = real.port) =>
      cliToEnd([
        '--workspace',
        ws,
        '--adb',
        `127.0.0.1:${port}`,
        'run',
        '--mode',
        'online',
        '--agent',
        'random',
        '--devices',
        'vphone-1',
        ...extra,
      ]);

    const refused = await run();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /vphone-1 is a real phone \(not an emulator\), and 3 setup command\(s\) .*rm -rf \/sdcard\/DCIM.*Nothing was run/,
    );
    expect(real.phone('vphone-1').fs.stat('/sdcard/DCIM')).toBeDefined();
    expect(real.phone('vphone-1').timing.inputLog).toEqual([]);

    const allowed = await run(['--allow-setup']);
    expect(allowed.stderr).not.toMatch(/Nothing was run/);
    expect(allowed.code).toBe(0);
    expect(real.phone('vphone-1').fs.stat('/sdcard/DCIM')).toBeUndefined();

    const emulator = await phones({ locale: 'en' });
    const onEmulator = await run([], emulator.port);
    expect(onEmulator.stderr).not.toMatch(/Nothing was run/);
    expect(onEmulator.code).toBe(0);
    expect(emulator.phone('vphone-1').fs.stat('/sdcard/DCIM')).toBeUndefined();
  }, 240_000);

  it('from the window, a run or a recording on a real phone needs the confirmation of its own dialog (the API alone cannot give it)', async () => {
    const real = await phones({ locale: 'en', reportsEmulator: false });
    const backend = new Backend({ workspace: tmp(), userDataDir: tmp(), adbServer: `127.0.0.1:${real.port}` });
    try {
      await importTaskFile(backend.workspace, { file: taskFile(tmp()) });
      const spec = { mode: 'online', agents: ['random'], taskIds: ['crafted'], devices: ['vphone-1'] };
      const refused = await backend.dispatch('runs.start', spec).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).confirm?.title).toBe('Run 3 setup command(s) outside the known-safe set on vphone-1?');
      expect((refused as ApiError).confirm?.detail).toContain('rm -rf /sdcard/DCIM');
      await expect(backend.dispatch('recording.start', { taskId: 'crafted', serial: 'vphone-1' })).rejects.toMatchObject({
        code: 'conflict',
        confirm: { title: 'Run 3 setup command(s) outside the known-safe set on vphone-1?' },
      });
      expect(backend.workspace.runs.list()).toEqual([]);
      expect(real.phone('vphone-1').fs.stat('/sdcard/DCIM')).toBeDefined();
      const started = (await backend.dispatch('runs.start', spec, { confirmed: true, canConfirm: true })) as { runId: string };
      expect(backend.workspace.runs.get(started.runId)!.manifest.spec!.setupConfirmed).toBe(true);
    } finally {
      // Let the started run reach the phone's end state before the phone goes away.
      for (let i = 0; i < 600 && backend.workspace.runs.list().some((r) => r.status === 'running'); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      backend.close();
    }
  }, 180_000);
});
