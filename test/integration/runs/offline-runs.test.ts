import { describe, expect, it } from 'vitest';
import { Backend } from '../../../electron/services/backend.js';
import { buildRunReport } from '../../../electron/services/runs/run-report-builder.js';
import { createRun, runToEnd } from '../../../electron/services/runs/run-lifecycle.js';
import { prepareSettingsWorkspace } from '../../support/record-script.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

describe('offline runs against task graphs', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();

  it('replay scores 100%, random near zero, and the same run twice gives byte-identical results', async () => {
    const server = await phones({ locale: 'en' });
    const backend = new Backend({ workspace: tmp(), userDataDir: tmp(), adbServer: `127.0.0.1:${server.port}` });
    await prepareSettingsWorkspace(backend);
    for (const id of ['off-display', 'off-sound']) {
      expect((backend.workspace.graphs.latest(id)!.validation as { selfConsistency: number }).selfConsistency).toBe(1);
    }
    const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
    const spec = { mode: 'offline' as const, agents: ['replay', 'random', 'heuristic'], taskIds: ['off-display', 'off-sound'] };
    const a = createRun(deps, spec).runId;
    await runToEnd(deps, a);
    const report = buildRunReport(backend.workspace, a);
    const sr = Object.fromEntries(report.metrics.map((m) => [m.agent, m.offline.sr]));
    expect(sr.replay).toBe(1);
    expect(sr.random).toBe(0);
    expect(report.metrics.find((m) => m.agent === 'heuristic')!.offline.scored).toBe(2);

    // Every offline step records the nearest edge's raw distance, so thresholds can be re-scored.
    const randomSteps = backend.workspace.runs.steps({ runId: a, taskId: 'off-display', agent: 'random', mode: 'offline' });
    expect(randomSteps.length).toBeGreaterThan(0);
    expect(randomSteps.at(-1)!.details).toHaveProperty('node');

    const b = createRun(deps, spec).runId;
    await runToEnd(deps, b);
    expect(JSON.stringify(buildRunReport(backend.workspace, b).results)).toBe(JSON.stringify(report.results));
    backend.close();
  });
});
