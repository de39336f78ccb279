import { describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli.js';
import { startCli } from '../../support/cli-process.js';
import { STARTER_TASKS } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { until } from '../../support/wait.js';

const signal = new AbortController().signal;

describe('elderbench record --from-device (the annotator uses the phone itself)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();

  it('prints each gesture as a step; Ctrl-C finishes the demonstration; twice discards it', async () => {
    const server = await phones();
    const ws = tmp();
    expect(runCli(['--workspace', ws, 'tasks', 'import', STARTER_TASKS]).code).toBe(0);
    const phone = server.phone('vphone-1');
    const finger = (cmd: string) => phone.runShell(`cmd vphone ${cmd}`, { write: () => {}, signal });
    const args = [
      '--workspace',
      ws,
      '--adb',
      `127.0.0.1:${server.port}`,
      'record',
      '--task',
      'settings-font-bigger',
      '--device',
      'vphone-1',
      '--from-device',
    ];

    const rec = startCli(args);
    await until(() => /do the task on the phone/.test(rec.stderr()), 'the recorder to be ready', 60_000);
    await finger('touch tap 540 1200');
    await until(() => /step 1: Tap/.test(rec.stderr()), 'step 1 to be printed', 60_000);
    await finger('press back');
    await until(() => /step 2: Back/.test(rec.stderr()), 'step 2 to be printed', 60_000);
    rec.child.kill('SIGINT');
    expect(await rec.exited).toBe(0);
    expect(rec.stdout()).toMatch(/Recorded demonstration \d+ by hand \(3 steps, finished\)/);

    // A phone whose screenshots take 1.5 s, so the second Ctrl-C comes while the final screen is captured.
    const slow = await phones({
      profile: {
        name: 'real',
        screencapMs: [1500, 1500],
        dumpMs: [100, 100],
        inputMs: [0, 0],
        launchMs: [0, 0],
        idleFailRate: 0,
        drops: null,
      },
    });
    const discarded = startCli([...args.slice(0, 2), '--adb', `127.0.0.1:${slow.port}`, ...args.slice(4)]);
    await until(() => /do the task on the phone/.test(discarded.stderr()), 'the recorder to be ready', 60_000);
    await slow.phone('vphone-1').runShell('cmd vphone touch swipe 540 1800 540 900 300', { write: () => {}, signal });
    await until(() => /step 1: Swipe/.test(discarded.stderr()), 'the swipe to be printed', 60_000);
    discarded.child.kill('SIGINT');
    await until(() => /finishing/.test(discarded.stderr()), 'the first Ctrl-C to be taken', 30_000);
    discarded.child.kill('SIGINT');
    expect(await discarded.exited).toBe(0);
    expect(discarded.stdout()).toMatch(/by hand \(\d+ steps, discarded\)/);
  }, 300_000);

  it('refuses to record by hand and by script at once, or neither', () => {
    const r = runCli(['--workspace', tmp(), 'record', '--task', 't', '--device', 'd']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--script FILE or --from-device/);
  });
});
