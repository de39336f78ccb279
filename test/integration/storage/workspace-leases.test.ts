import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { WorkspaceStore } from '../../../electron/adapters/db/workspace-store.js';
import { LEASE_TTL_MS } from '../../../electron/adapters/system/leases.js';
import { Backend } from '../../../electron/services/backend.js';
import { createRun } from '../../../electron/services/runs/run-lifecycle.js';
import { importTaskFile } from '../../../electron/services/workspace/tasks-service.js';
import { cliToEnd } from '../../support/cli-process.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

const FIXTURE = `${REPO_ROOT}test/fixtures/tasks/settings-runs.json`;

/** A pid no process has any more (a child that ran and ended). */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid!;

/** Plants a lease as another process would have left it. */
function plantLease(ws: string, kind: string, id: string, pid: number, host: string, heartbeatAt: number): void {
  const db = new Database(`${ws}/elderbench.db`);
  db.prepare(
    `INSERT OR REPLACE INTO leases (kind, id, owner, pid, host, purpose, since, heartbeat_at) VALUES (?, ?, ?, ?, ?, 'recording task on-dark', ?, ?)`,
  ).run(kind, id, `${host}:${pid}:x`, pid, host, new Date().toISOString(), heartbeatAt);
  db.close();
}

const statusOf = (ws: string, id: number): string => {
  const store = WorkspaceStore.open(ws);
  try {
    return store.demonstrations.get(id)!.status;
  } finally {
    store.close();
  }
};

describe('a workspace shared by several processes', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();

  // Before: any process opening the workspace marked every 'recording' demonstration interrupted, the live one included.
  it("leaves another process's live recording alone and marks only one whose lease has expired", async () => {
    const phone = await phones({ locale: 'en' });
    const ws = tmp();
    const userData = tmp();
    const backend = new Backend({ workspace: ws, userDataDir: userData, adbServer: `127.0.0.1:${phone.port}` });
    try {
      await importTaskFile(backend.workspace, { file: FIXTURE });
      const live = (await backend.dispatch('recording.start', { taskId: 'on-dark', serial: 'vphone-1' })) as { id: number; status: string };
      expect(live.status).toBe('recording');

      const list = await cliToEnd(['--workspace', ws, 'tasks', 'list']);
      expect(list.code).toBe(0);
      expect(statusOf(ws, live.id)).toBe('recording');
      // The device is leased too: another process lists it as in use, and by what.
      const devices = await cliToEnd(['--workspace', ws, '--adb', `127.0.0.1:${phone.port}`, '--json', 'devices'], {
        ELDERBENCH_USER_DATA: userData,
      });
      expect(devices.code).toBe(0);
      const listed = (JSON.parse(devices.stdout) as { devices: { serial: string; inUseBy?: { purpose: string; pid: number } }[] }).devices;
      expect(listed.find((d) => d.serial === 'vphone-1')?.inUseBy).toMatchObject({ purpose: 'recording task on-dark', pid: process.pid });
      // Neither a run nor another recording drives the phone meanwhile; both name the recording.
      const adb = ['--workspace', ws, '--adb', `127.0.0.1:${phone.port}`];
      const holder = `vphone-1 is in use by recording task on-dark (pid ${process.pid}`;
      const script = `${tmp()}/finish.json`;
      writeFileSync(script, '[{"type":"Finish"}]');
      const record = await cliToEnd([...adb, 'record', '--task', 'on-dark', '--device', 'vphone-1', '--script', script], {
        ELDERBENCH_USER_DATA: userData,
      });
      expect(record.code).toBe(1);
      expect(record.stderr).toContain(holder);
      const run = await cliToEnd(
        [...adb, 'run', '--mode', 'online', '--agent', 'replay', '--tasks', 'on-dark', '--devices', 'vphone-1', '--busy-devices', 'refuse'],
        { ELDERBENCH_USER_DATA: userData },
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(holder);
      const probe = await cliToEnd([...adb, 'graph', 'probe', '--task', 'on-dark', '--device', 'vphone-1', '--allow-side-effects'], {
        ELDERBENCH_USER_DATA: userData,
      });
      expect(probe.code).toBe(1);
      expect(probe.stderr).toContain(holder);

      // Crashed recordings: one whose process is gone (same machine), one silent for longer than the expiry (another machine).
      const dead = backend.workspace.demonstrations.create('on-dark', 'vphone-1').id;
      const silent = backend.workspace.demonstrations.create('on-dark', 'vphone-1').id;
      const elsewhere = backend.workspace.demonstrations.create('on-dark', 'vphone-1').id;
      plantLease(ws, 'demonstration', String(dead), deadPid(), hostname(), Date.now());
      plantLease(ws, 'demonstration', String(silent), 1, 'lab-other', Date.now() - LEASE_TTL_MS - 1000);
      plantLease(ws, 'demonstration', String(elsewhere), 1, 'lab-other', Date.now());
      expect((await cliToEnd(['--workspace', ws, 'tasks', 'list'])).code).toBe(0);
      expect([statusOf(ws, live.id), statusOf(ws, dead), statusOf(ws, silent), statusOf(ws, elsewhere)]).toEqual([
        'recording',
        'interrupted',
        'interrupted',
        'recording',
      ]);

      await backend.dispatch('recording.discard', { demonstrationId: live.id });
      expect(backend.workspace.leases.holder('demonstration', String(live.id))).toBeNull();
      expect(backend.devices.leases.inUse()(`127.0.0.1:${phone.port}`, 'vphone-1')).toBeNull();
    } finally {
      backend.close();
    }
  }, 180_000);

  it('refuses to resume a run another live process is running, naming it', async () => {
    const ws = tmp();
    const backend = new Backend({ workspace: ws, userDataDir: tmp() });
    try {
      await importTaskFile(backend.workspace, { file: FIXTURE });
      const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
      const { runId } = createRun(deps, { mode: 'offline', agents: ['random'], taskIds: ['off-display'] });
      // This test process stands for the one running it.
      expect(backend.workspace.leases.take('run', runId, `elderbench run ${runId}`)).toBeNull();
      const second = await cliToEnd(['--workspace', ws, 'run', '--resume', runId]);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain(`run ${runId} is being run by elderbench run ${runId} (pid ${process.pid}`);
      const statusInList = async (): Promise<string> => {
        const listed = await cliToEnd(['--workspace', ws, '--json', 'report', '--list']);
        return (JSON.parse(listed.stdout) as { id: string; status: string }[]).find((r) => r.id === runId)!.status;
      };
      expect(await statusInList()).toBe('running');
      // Given up without finishing (as a killed process would leave it): stored as running, shown as interrupted.
      backend.workspace.leases.release('run', runId);
      expect(await statusInList()).toBe('interrupted');
      const after = await cliToEnd(['--workspace', ws, 'run', '--resume', runId]);
      expect(after.code).toBe(0);
      expect(await statusInList()).toBe('finished');
    } finally {
      backend.close();
    }
  }, 180_000);
});
