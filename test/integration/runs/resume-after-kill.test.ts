import { spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { Backend } from '../../../electron/services/backend.js';
import { buildRunReport } from '../../../electron/services/runs/run-report-builder.js';
import { importTaskFile } from '../../../electron/services/workspace/tasks-service.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { recordScript, SETTINGS_RUN_DEMOS } from '../../support/record-script.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { countRows, until } from '../../support/wait.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

const FIXTURE = `${REPO_ROOT}test/fixtures/tasks/settings-runs.json`;
const ONLINE = ['on-dark', 'on-display', 'on-sound'];

describe('resuming a killed run', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();

  it('SIGKILL at several points, then --resume: the results equal an uninterrupted run', async () => {
    // A frozen clock: the resumed and the reference run happen at different times, and the phone's
    // time-driven content (headlines, badges) must not make the heuristic agent see different screens.
    const server = await phones({ locale: 'en', frozenClockMs: Date.UTC(2026, 10, 30, 1, 30) });
    const adb = `127.0.0.1:${server.port}`;
    const ws = tmp();
    const setup = new Backend({ workspace: ws, userDataDir: tmp(), adbServer: adb });
    await importTaskFile(setup.workspace, { file: FIXTURE });
    for (const id of ONLINE) {
      for (const cmd of setup.workspace.tasks.get(id)!.setup) await setup.devices.device('vphone-1').shell(cmd);
      await recordScript(setup, id, 'vphone-1', SETTINGS_RUN_DEMOS[id]![0]!);
    }
    setup.close();
    const reference = join(tmp(), 'ref');
    cpSync(ws, reference, { recursive: true });

    const env = { ELDERBENCH_USER_DATA: tmp() };
    const cli = (args: string[]) =>
      spawn(process.execPath, [join(REPO_ROOT, 'bin', 'elderbench.js'), '--workspace', ws, '--adb', adb, ...args], {
        stdio: 'ignore',
        env: { ...process.env, ...env },
      });
    const db = join(ws, 'elderbench.db');
    const results = (): number => countRows(db, 'SELECT count(*) AS n FROM run_results');
    const args = ['run', '--mode', 'online', '--agent', 'replay,random,heuristic', '--tasks', 'on-*'];

    // Kill 1: after the first result. Kill 2: in the middle of a task (steps of an unfinished task exist).
    let child = cli(args);
    await until(() => results() >= 1, 'the first result');
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const runId = (new Database(db, { readonly: true }).prepare('SELECT id FROM runs').get() as { id: string }).id;
    const before = results();
    child = cli(['run', '--resume', runId]);
    await until(
      () =>
        countRows(
          db,
          `SELECT count(*) AS n FROM run_steps s WHERE NOT EXISTS (SELECT 1 FROM run_results r WHERE r.run_id = s.run_id AND r.task_id = s.task_id AND r.agent = s.agent AND r.mode = s.mode)`,
        ) > 0 && results() > before,
      'a task in progress',
    );
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(results()).toBeLessThan(9);

    const last = cli(['run', '--resume', runId]);
    const code = await new Promise<number | null>((r) => last.once('exit', r));
    expect(code).toBe(0);

    // Not spawnSync: the phones are served by this very process, which must keep running.
    const ref = spawn(
      process.execPath,
      [join(REPO_ROOT, 'bin', 'elderbench.js'), '--workspace', reference, '--adb', adb, '--json', ...args],
      { env: { ...process.env, ...env } },
    );
    let out = '';
    ref.stdout.on('data', (c: Buffer) => (out += c.toString()));
    expect(await new Promise<number | null>((r) => ref.once('exit', r))).toBe(0);
    const refRun = (JSON.parse(out) as { runId: string }).runId;

    const a = new Backend({ workspace: ws, userDataDir: tmp() });
    const b = new Backend({ workspace: reference, userDataDir: tmp() });
    const resumed = buildRunReport(a.workspace, runId);
    expect(resumed.status).toBe('finished');
    expect(resumed.results).toHaveLength(9);
    expect(JSON.stringify(resumed.results)).toBe(JSON.stringify(buildRunReport(b.workspace, refRun).results));
    expect(a.workspace.integrityCheck()).toBe('ok');
    a.close();
    b.close();
    // Several CLI processes, each recording or running 9 agent-task pairs on a phone: minutes on a loaded
    // 2-core machine. Every wait above is on a signal (a row in the database, a process exit), not a sleep.
  }, 600_000);
});
