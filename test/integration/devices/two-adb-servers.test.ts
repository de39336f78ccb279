import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Backend } from '../../../electron/services/backend.js';
import { importTaskFile } from '../../../electron/services/workspace/tasks-service.js';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { startVirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { cliToEnd } from '../../support/cli-process.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { recordScript, SETTINGS_RUN_DEMOS } from '../../support/record-script.js';
import { useTempDirs } from '../../support/temp-dir.js';

const FIXTURE = `${REPO_ROOT}test/fixtures/tasks/settings-runs.json`;
const ONLINE = ['on-dark', 'on-display', 'on-sound'];

/** Two desks, two adb servers, one pool: `--adb A,B` through the CLI. */
describe('a device pool over two adb servers', () => {
  const tmp = useTempDirs();
  let a: VirtualPhoneServer;
  let b: VirtualPhoneServer;
  let template: string;
  const A = () => `127.0.0.1:${a.port}`;
  const B = () => `127.0.0.1:${b.port}`;

  beforeAll(async () => {
    const opts = { port: 0, count: 1, locale: 'en' as const, seed: 5, frozenClockMs: Date.UTC(2026, 10, 30, 1, 30) };
    [a, b] = await Promise.all([startVirtualPhoneServer(opts), startVirtualPhoneServer(opts)]);
    template = mkdtempSync(join(tmpdir(), 'eb-two-ws-'));
    const backend = new Backend({ workspace: template, userDataDir: mkdtempSync(join(tmpdir(), 'eb-user-')), adbServer: A() });
    await importTaskFile(backend.workspace, { file: FIXTURE });
    for (const id of ONLINE) {
      for (const cmd of backend.workspace.tasks.get(id)!.setup) await backend.devices.device('vphone-1').shell(cmd);
      await recordScript(backend, id, 'vphone-1', SETTINGS_RUN_DEMOS[id]![0]!);
    }
    backend.close();
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    if (template) rmSync(template, { recursive: true, force: true });
  });

  const workspace = (): string => {
    const ws = tmp('eb-two-run-');
    cpSync(template, ws, { recursive: true });
    return ws;
  };

  it('lists the phones of both servers, each with its server, under names that stay unique', async () => {
    const r = await cliToEnd(['--workspace', workspace(), '--adb', `${A()},${B()}`, '--json', 'devices']);
    expect(r.code, r.stderr).toBe(0);
    const v = JSON.parse(r.stdout) as { server: string; devices: { serial: string; server: string; state: string }[] };
    expect(v.server).toBe(`${A()},${B()}`);
    expect(v.devices.map((d) => [d.serial, d.server, d.state])).toEqual([
      [`${A()}/vphone-1`, A(), 'device'],
      [`${B()}/vphone-1`, B(), 'device'],
    ]);
  }, 180_000);

  it('a run uses the phones of both servers, and each result records its server', async () => {
    const ws = workspace();
    const r = await cliToEnd([
      '--workspace',
      ws,
      '--adb',
      `${A()},${B()}`,
      '--json',
      'run',
      '--mode',
      'online',
      '--agent',
      'replay,heuristic',
      '--tasks',
      'on-*',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const { runId, metrics } = JSON.parse(r.stdout) as { runId: string; metrics: { agent: string; online: { sr: number } }[] };
    expect(metrics.find((m) => m.agent === 'replay')!.online.sr).toBe(1);
    const backend = new Backend({ workspace: ws, userDataDir: tmp() });
    const ran = backend.workspace.runs
      .results(runId)
      .map((x) => (x.details as { deviceInfo: { serial: string; server: string } }).deviceInfo);
    backend.close();
    expect(ran).toHaveLength(6);
    expect(new Set(ran.map((d) => d.server))).toEqual(new Set([A(), B()]));
    for (const d of ran) expect(d.serial).toBe(`${d.server}/vphone-1`);
  }, 180_000);

  it('--devices takes a qualified name; a bare serial found on both servers is refused with how to name it', async () => {
    const ws = workspace();
    const one = await cliToEnd([
      '--workspace',
      ws,
      '--adb',
      `${A()},${B()}`,
      '--json',
      'run',
      '--mode',
      'online',
      '--agent',
      'replay',
      '--tasks',
      'on-dark',
      '--devices',
      `${B()}/vphone-1`,
    ]);
    expect(one.code, one.stderr).toBe(0);
    const ambiguous = await cliToEnd([
      '--workspace',
      ws,
      '--adb',
      `${A()},${B()}`,
      'run',
      '--mode',
      'online',
      '--agent',
      'replay',
      '--tasks',
      'on-dark',
      '--devices',
      'vphone-1',
    ]);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toContain(`"vphone-1" is on several adb servers (${A()}, ${B()}); name it as ${A()}/vphone-1`);
  }, 180_000);
});
