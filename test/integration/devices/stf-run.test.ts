import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend } from '../../../electron/services/backend.js';
import { importTaskFile } from '../../../electron/services/workspace/tasks-service.js';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { startVirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { cliToEnd, startCli } from '../../support/cli-process.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { recordScript, SETTINGS_RUN_DEMOS } from '../../support/record-script.js';
import type { StockAdbServer } from '../../support/stock-adb.js';
import { startStockAdbServer } from '../../support/stock-adb.js';
import type { StfContractServer } from '../../support/stf-contract-server.js';
import { startStfContractServer } from '../../support/stf-contract-server.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { countRows, until } from '../../support/wait.js';

const FIXTURE = `${REPO_ROOT}test/fixtures/tasks/settings-runs.json`;
const ONLINE = ['on-dark', 'on-display', 'on-sound'];

/**
 * `run --stf` end to end, through the CLI: a contract STF hands out virtual phones' network
 * endpoints, a stock adb server connects them, the run uses them and gives them back — also
 * after SIGTERM, and after SIGKILL followed by `--resume` or `devices --release-claims`.
 */
describe('running on devices claimed from an STF farm', () => {
  const tmp = useTempDirs();
  let phones: VirtualPhoneServer;
  let adb: StockAdbServer;
  let stf: StfContractServer;
  let template: string;
  const endpoint = (serial: string) => `127.0.0.1:${phones.endpoints.find((e) => e.serial === serial)!.port}`;

  beforeAll(async () => {
    // One server: the ADB server (to record the demonstrations the replay agent follows) and each phone's daemon for the farm.
    phones = await startVirtualPhoneServer({
      port: 0,
      tcpBase: 0,
      count: 4,
      locale: 'en',
      seed: 3,
      frozenClockMs: Date.UTC(2026, 10, 30, 1, 30),
    });
    adb = await startStockAdbServer();
    stf = await startStfContractServer([
      { serial: 'FARM-A', remote: endpoint('vphone-1'), sdk: '34' },
      { serial: 'FARM-TAKEN', remote: endpoint('vphone-2'), sdk: '34', failClaim: 403 },
      { serial: 'FARM-DEAD', remote: endpoint('vphone-3'), sdk: '34', failClaim: 504 },
      { serial: 'FARM-OLD', remote: endpoint('vphone-3'), sdk: '29' },
      { serial: 'FARM-BUSY', remote: '127.0.0.1:9', sdk: '34', owner: { email: 'other@example.org', name: 'Other lab' } },
      { serial: 'FARM-GONE', remote: '127.0.0.1:9', sdk: '34', present: false },
      { serial: 'FARM-B', remote: endpoint('vphone-4'), sdk: '34' },
    ]);
    // Made here, not with tmp(): per-test folders are removed after each test, and every test copies this one.
    template = mkdtempSync(join(tmpdir(), 'eb-stf-ws-'));
    const backend = new Backend({
      workspace: template,
      userDataDir: mkdtempSync(join(tmpdir(), 'eb-user-')),
      adbServer: `127.0.0.1:${phones.port}`,
    });
    await importTaskFile(backend.workspace, { file: FIXTURE });
    for (const id of ONLINE) {
      for (const cmd of backend.workspace.tasks.get(id)!.setup) await backend.devices.device('vphone-1').shell(cmd);
      await recordScript(backend, id, 'vphone-1', SETTINGS_RUN_DEMOS[id]![0]!);
    }
    backend.close();
  }, 120_000);
  afterAll(async () => {
    await adb?.close();
    await stf?.close();
    await phones?.close();
    if (template) rmSync(template, { recursive: true, force: true });
  });

  const workspace = async (): Promise<string> => {
    const ws = tmp('eb-stf-run-');
    cpSync(template, ws, { recursive: true });
    return ws;
  };
  const env = () => ({ STF_TOKEN: stf.token });
  const base = (ws: string) => ['--workspace', ws, '--adb', adb.address, '--json'];
  const runArgs = (agents: string) => [
    'run',
    '--mode',
    'online',
    '--agent',
    agents,
    '--tasks',
    'on-*',
    '--stf',
    stf.url,
    '--stf-count',
    '2',
    '--stf-filter',
    'sdk=34',
  ];
  const results = (ws: string) => countRows(join(ws, 'elderbench.db'), 'SELECT count(*) AS n FROM run_results');
  const journaled = (ws: string) => countRows(join(ws, 'elderbench.db'), 'SELECT count(*) AS n FROM stf_claims');
  const adbSerials = async () => [...(await adb.devices()).keys()];
  const farm = (): string[] => [endpoint('vphone-1'), endpoint('vphone-4')];

  it('claims two free devices (skipping 403 and 504), runs on both through the stock adb server, and releases both', async () => {
    const ws = await workspace();
    const r = await cliToEnd([...base(ws), ...runArgs('replay')], env());
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { runId: string; status: string; metrics: { agent: string; online: { sr: number } }[] };
    expect(out.status).toBe('finished');
    expect(out.metrics[0]!.online.sr).toBe(1);
    expect(r.stderr).toMatch(/skipping FARM-TAKEN: .*403/);
    expect(r.stderr).toMatch(/skipping FARM-DEAD: .*504/);

    const b = new Backend({ workspace: ws, userDataDir: tmp() });
    const ran = b.workspace.runs
      .results(out.runId)
      .map((x) => (x.details as { deviceInfo: { serial: string; server: string } }).deviceInfo);
    b.close();
    expect(new Set(ran.map((d) => d.serial))).toEqual(new Set(farm()));
    expect(new Set(ran.map((d) => d.server))).toEqual(new Set([adb.address]));

    // Given back: nothing held on the farm, no remote session, nothing connected, nothing journaled.
    expect(stf.owned()).toEqual([]);
    expect(stf.connected()).toEqual([]);
    expect(await adbSerials()).toEqual([]);
    expect(journaled(ws)).toBe(0);
    const claims = stf.calls.filter((c) => c.method === 'POST' && c.path === '/api/v1/user/devices');
    expect(claims.map((c) => (c.body as { serial: string }).serial)).toEqual(['FARM-A', 'FARM-TAKEN', 'FARM-DEAD', 'FARM-B']);
    expect(claims.every((c) => (c.body as { timeout: number }).timeout === 600_000)).toBe(true);
    expect(stf.calls.every((c) => c.authorized)).toBe(true);
    // The token is neither printed nor stored.
    expect(r.stdout + r.stderr).not.toContain(stf.token);
    expect(readFileSync(join(ws, 'elderbench.db')).includes(stf.token)).toBe(false);
  }, 240_000);

  it('lists the farm with availability, and refuses to start without STF_TOKEN', async () => {
    const ws = await workspace();
    const r = await cliToEnd([...base(ws), 'devices', '--stf', stf.url], env());
    expect(r.code, r.stderr).toBe(0);
    const listed = Object.fromEntries(
      (JSON.parse(r.stdout) as { devices: { serial: string; availability: string }[] }).devices.map((d) => [d.serial, d.availability]),
    );
    expect(listed).toMatchObject({
      'FARM-A': 'available',
      'FARM-BUSY': 'in use by Other lab',
      'FARM-GONE': 'absent',
      'FARM-B': 'available',
    });
    const noToken = await cliToEnd([...base(ws), ...runArgs('replay')], { STF_TOKEN: '' });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain('STF_TOKEN');
    const bad = await cliToEnd([...base(ws), 'devices', '--stf', stf.url], { STF_TOKEN: 'wrong-token' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/401.*STF_TOKEN/);
  }, 240_000);

  it('SIGTERM: stops after the tasks in progress and releases the devices', async () => {
    const ws = await workspace();
    const p = startCli([...base(ws), ...runArgs('replay,random,heuristic')], env());
    await until(() => results(ws) >= 1, 'the first result');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(stf.owned()).toEqual([]);
    expect(journaled(ws)).toBe(0);
    expect(await adbSerials()).toEqual([]);
  }, 240_000);

  it('SIGKILL leaves journaled claims that clean-up releases; --resume claims again, finishes and releases', async () => {
    const ws = await workspace();
    let p = startCli([...base(ws), ...runArgs('replay,random,heuristic')], env());
    await until(() => results(ws) >= 1, 'the first result');
    p.child.kill('SIGKILL');
    await p.exited;
    expect(journaled(ws)).toBe(2);
    expect(stf.owned().sort()).toEqual(['FARM-A', 'FARM-B']);

    const clean = await cliToEnd([...base(ws), 'devices', '--release-claims'], env());
    expect(clean.code, clean.stderr).toBe(0);
    expect(JSON.parse(clean.stdout)).toMatchObject({ released: 2, stillClaimed: 0 });
    expect(stf.owned()).toEqual([]);
    expect(await adbSerials()).toEqual([]);

    const db = new Database(join(ws, 'elderbench.db'), { readonly: true });
    const id = (db.prepare('SELECT id FROM runs').get() as { id: string }).id;
    db.close();

    // Killed again mid-way, then resumed to the end: the resumed process releases what the killed one held.
    p = startCli([...base(ws), 'run', '--resume', id], env());
    const before = results(ws);
    await until(() => results(ws) > before, 'a result after resuming');
    p.child.kill('SIGKILL');
    await p.exited;
    expect(journaled(ws)).toBe(2);
    const last = await cliToEnd([...base(ws), 'run', '--resume', id], env());
    expect(last.code, last.stderr).toBe(0);
    expect(last.stderr).toMatch(/releasing FARM-[AB] .*left claimed by process/);
    expect(JSON.parse(last.stdout)).toMatchObject({ status: 'finished' });
    expect(results(ws)).toBe(9);
    expect(stf.owned()).toEqual([]);
    expect(stf.connected()).toEqual([]);
    expect(journaled(ws)).toBe(0);
    expect(await adbSerials()).toEqual([]);
  }, 240_000);
});
