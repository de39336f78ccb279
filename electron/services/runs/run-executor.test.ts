import { describe, expect, it } from 'vitest';
import { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { createAgent } from '../../adapters/llm/create-agent.js';
import { findAgentConfig, loadAgentConfigs } from '../../adapters/llm/agent-configs.js';
import { DeviceError } from '../../core/device/device-port.js';
import type { DevicePort } from '../../core/device/device-port.js';
import type { Judge } from '../../core/eval/judge.js';
import { REPO_ROOT } from '../../../test/support/fixtures.js';
import { useTempDirs } from '../../../test/support/temp-dir.js';
import type { DeviceHub } from '../devices/device-hub.js';
import { importTaskFile } from '../workspace/tasks-service.js';
import type { ExecutorDeps } from './run-executor.js';
import { executeRun } from './run-executor.js';
import { RunSpecSchema } from '../../../shared/schemas/run-spec.js';
import { NO_USAGE, testManifest } from '../../../test/support/run-manifest.js';

const judge: Judge = {
  kind: 'rule',
  judge: async () => ({ judge: 'rule', pass: false, reason: 'fake' }),
  alreadyPasses: async () => false,
};

function deps(store: WorkspaceStore, devices: Partial<DeviceHub> = {}): ExecutorDeps {
  const set = loadAgentConfigs(null);
  return {
    store,
    devices: devices as DeviceHub,
    judge,
    createAgent: (c) => createAgent(c),
    findAgent: (n) => findAgentConfig(set, n),
    onProgress: () => undefined,
    log: () => undefined,
    cancelled: () => false,
  };
}

async function workspace(dir: string): Promise<WorkspaceStore> {
  const store = WorkspaceStore.open(dir);
  await importTaskFile(store, { file: `${REPO_ROOT}test/fixtures/tasks/settings-runs.json` });
  return store;
}

describe('run executor: resume and classes', () => {
  const tmp = useTempDirs();

  it('resume re-attempts an infrastructure failure and an interrupted task, keeps their history, and leaves resolved results alone', async () => {
    const store = await workspace(tmp());
    const spec = RunSpecSchema.parse({ mode: 'offline', agents: ['random'], taskIds: ['off-display', 'off-sound', 'on-dark'] });
    store.runs.create('r1', 'offline', testManifest(spec));
    const key = (taskId: string) => ({ runId: 'r1', taskId, agent: 'random', mode: 'offline' as const });
    store.runs.putResult({
      ...key('off-display'),
      success: false,
      exitCategory: 'infra_error',
      details: { reason: 'HTTP 503 after 4 attempts' },
    });
    for (const idx of [0, 1]) {
      store.runs.addStep({
        ...key('off-sound'),
        idx,
        observationBlob: null,
        rawOutput: '',
        action: { type: 'Back' },
        details: {},
        timings: {},
        usage: NO_USAGE,
      });
    }
    store.runs.putResult({ ...key('on-dark'), success: false, exitCategory: 'model_refused', details: { reason: 'HTTP 400' } });
    await executeRun('r1', spec, deps(store));
    const byTask = Object.fromEntries(store.runs.results('r1').map((r) => [r.taskId, r]));
    // No graphs in this workspace: the re-attempts resolve as invalid tasks (the same for every agent).
    expect(byTask['off-display']!.exitCategory).toBe('no_graph');
    expect(byTask['off-display']!.details.previousAttempts).toEqual([
      expect.objectContaining({ exit: 'infra_error', reason: 'HTTP 503 after 4 attempts' }),
    ]);
    expect(byTask['off-sound']!.details.previousAttempts).toEqual([expect.objectContaining({ exit: 'interrupted', steps: 2 })]);
    expect(byTask['on-dark']!.exitCategory).toBe('model_refused');
    expect(byTask['on-dark']!.details.previousAttempts).toBeUndefined();
    store.close();
  });

  it('a setup that fails on every device (each still answering) makes the task invalid, not an infra error', async () => {
    const store = await workspace(tmp());
    const failing = (serial: string): DevicePort =>
      ({
        serial,
        shell: async (cmd: string) => {
          if (cmd === 'echo ok') return 'ok\n';
          throw new DeviceError(`${cmd}: exit 1`, serial);
        },
        info: async () => ({
          serial,
          model: 'fake',
          release: '14',
          sdk: 34,
          screen: { width: 1080, height: 2400 },
          density: 420,
          packageVersions: {},
          emulator: true,
        }),
      }) as unknown as DevicePort;
    const spec = RunSpecSchema.parse({ mode: 'online', agents: ['random'], taskIds: ['on-dark'], devices: ['d1', 'd2'], maxAttempts: 3 });
    store.runs.create('r2', 'online', testManifest(spec));
    await executeRun('r2', spec, deps(store, { device: (s: string) => failing(s) } as Partial<DeviceHub>));
    const [r] = store.runs.results('r2');
    expect(r).toMatchObject({ exitCategory: 'setup_failed', success: false });
    expect((r!.details as { triedDevices: string[] }).triedDevices.sort()).toEqual(['d1', 'd2']);
    store.close();
  });
});
