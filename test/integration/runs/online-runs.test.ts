import { describe, expect, it } from 'vitest';
import { Backend } from '../../../electron/services/backend.js';
import type { RunProgress } from '../../../electron/services/runs/run-executor.js';
import { buildRunReport } from '../../../electron/services/runs/run-report-builder.js';
import { createRun, runToEnd } from '../../../electron/services/runs/run-lifecycle.js';
import { importTaskFile } from '../../../electron/services/workspace/tasks-service.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { recordScript, SETTINGS_RUN_DEMOS } from '../../support/record-script.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

const FIXTURE = `${REPO_ROOT}test/fixtures/tasks/settings-runs.json`;
const ONLINE = ['on-dark', 'on-display', 'on-sound'];

describe('online runs on virtual phones', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();

  async function setup(count: number) {
    const server = await phones({ locale: 'en', count });
    const backend = new Backend({ workspace: tmp(), userDataDir: tmp(), adbServer: `127.0.0.1:${server.port}` });
    await importTaskFile(backend.workspace, { file: FIXTURE });
    for (const id of ONLINE) {
      for (const cmd of backend.workspace.tasks.get(id)!.setup) await backend.devices.device('vphone-1').shell(cmd);
      await recordScript(backend, id, 'vphone-1', SETTINGS_RUN_DEMOS[id]![0]!);
    }
    return { server, backend };
  }

  it('judges with the rule checks: replay succeeds everywhere, random does not', async () => {
    const { backend } = await setup(1);
    const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
    const runId = createRun(deps, { mode: 'online', agents: ['replay', 'random'], taskIds: ONLINE }).runId;
    await runToEnd(deps, runId);
    const report = buildRunReport(backend.workspace, runId);
    const byAgent = Object.fromEntries(report.metrics.map((m) => [m.agent, m.online]));
    expect(byAgent.replay!.sr).toBe(1);
    expect(byAgent.random!.sr).toBeLessThan(0.5);
    const r = backend.workspace.runs.results(runId).find((x) => x.agent === 'replay' && x.taskId === 'on-dark')!;
    expect(r.details).toMatchObject({ judge: { judge: 'rule', pass: true }, attempts: 1 });
    backend.close();
  });

  it('flags a task that already passes before the agent acts as invalid, not scored', async () => {
    const { backend } = await setup(1);
    const device = backend.devices.device('vphone-1');
    // A task whose setup leaves the goal already reached.
    const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
    const t = backend.workspace.tasks.get('on-dark')!;
    backend.workspace.tasks.importSet(
      { name: 'broken', sourceFile: '-', sourceHash: '-' },
      [{ ...t, id: 'on-dark-broken', setup: ['cmd vphone reset', 'settings put secure ui_night_mode 2'] }],
      false,
    );
    const runId = createRun(deps, { mode: 'online', agents: ['random'], taskIds: ['on-dark-broken'] }).runId;
    await runToEnd(deps, runId);
    const [res] = backend.workspace.runs.results(runId);
    expect(res).toMatchObject({ exitCategory: 'invalid_task', success: false });
    expect(buildRunReport(backend.workspace, runId).metrics[0]!.online.scored).toBe(0);
    expect(await device.shell('echo ok')).toContain('ok');
    backend.close();
  });

  it('pulling the plug on one of two phones mid-task retries that task on the other, reported as an infra retry', async () => {
    const { server, backend } = await setup(2);
    let pulled = false;
    const deps = {
      store: () => backend.workspace,
      devices: backend.devices,
      log: () => {},
      onProgress: (p: RunProgress) => {
        if (!pulled && p.running.some((r) => r.device === 'vphone-1')) {
          pulled = true;
          setImmediate(() => server.unplug('vphone-1')); // while the agent is working on it
        }
      },
    };
    const runId = createRun(deps, { mode: 'online', agents: ['replay'], taskIds: ONLINE, devices: ['vphone-1', 'vphone-2'] }).runId;
    await runToEnd(deps, runId);
    expect(pulled).toBe(true);
    const results = backend.workspace.runs.results(runId);
    expect(results).toHaveLength(3);
    expect(results.every((r) => r.exitCategory !== 'infra_error')).toBe(true);
    const retried = results.filter((r) => (r.details as { attempts: number }).attempts === 2);
    expect(retried).toHaveLength(1);
    expect((retried[0]!.details as { deviceInfo: { serial: string } }).deviceInfo.serial).toBe('vphone-2');
    const m = buildRunReport(backend.workspace, runId).metrics[0]!.online;
    expect(m.infraRetries).toBe(1);
    expect(m.sr).toBe(1);
    backend.close();
  });
});
