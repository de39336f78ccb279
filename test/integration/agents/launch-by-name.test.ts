import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import type { Backend } from '../../../electron/services/backend.js';
import { TaskSchema } from '../../../shared/schemas/task.js';
import { cliToEnd } from '../../support/cli-process.js';
import { createRun, runToEnd } from '../../../electron/services/runs/run-lifecycle.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import { settingsWorkspace } from '../../support/record-script.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

/**
 * A model launches an app by the name it would say — the launcher's label (天气), not the package — and the phone opens
 * it: the task set names the app (`app_names`). Before, every app but the four system ones was "not installed" to an
 * online run. A name nobody gave stays an invalid action, which the step records.
 */
describe('launch_app by the name the task set gives the app, online', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  let server: MockLlmServer | undefined;
  afterEach(async () => server?.close());

  it('天气 opens the weather; 天气预报, which nobody named, is an invalid action and the task fails', async () => {
    const finish = 'Thought: Done.\n{"action": "finish", "status": "success", "message": "opened"}';
    const replies = ['天气', '天气预报'].flatMap((app) => [`Thought: Open it.\n{"action": "launch_app", "app": "${app}"}`, finish]);
    server = await MockLlmServer.start(replies.map((content) => ({ kind: 'reply' as const, content })));
    const { ws, backend } = await settingsWorkspace(tmp, phones);
    importWeatherTask(backend);
    writeFileSync(
      join(ws, 'agents.json'),
      JSON.stringify({
        agents: ['by-name', 'unknown-name'].map((name) => ({ name, adapter: 'vlm', baseUrl: server!.baseUrl, model: name, retries: 0 })),
      }),
    );
    const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
    const runId = createRun(deps, { mode: 'online', agents: ['by-name', 'unknown-name'], taskIds: ['on-weather'] }).runId;
    await runToEnd(deps, runId);

    const results = backend.workspace.runs.results(runId);
    expect(Object.fromEntries(results.map((r) => [r.agent, r.success]))).toEqual({ 'by-name': true, 'unknown-name': false });
    const steps = backend.workspace.runs.steps({ runId, taskId: 'on-weather', agent: 'unknown-name', mode: 'online' });
    expect(JSON.stringify(steps[0]!.details)).toContain('天气预报');
    backend.close();
  });

  it("the Devices screen's manual LaunchApp and `agent try --execute` open 天气 by its name too", async () => {
    const { ws, adb, backend } = await settingsWorkspace(tmp, phones);
    importWeatherTask(backend);
    const phone = new AdbServer({ host: adb.split(':')[0]!, port: Number(adb.split(':')[1]) }).device('vphone-1');
    const screen = async () => (await phone.shell('cmd vphone screen')).trim();

    await backend.dispatch('devices.input', { serial: 'vphone-1', action: { type: 'LaunchApp', app: '天气' } });
    expect(await screen()).toContain('weather.today');
    backend.close();

    await phone.shell('input keyevent 3');
    server = await MockLlmServer.start([{ kind: 'reply', content: 'Thought: Open it.\n{"action": "launch_app", "app": "天气"}' }]);
    writeFileSync(
      join(ws, 'agents.json'),
      JSON.stringify({ agents: [{ name: 'by-name', adapter: 'vlm', baseUrl: server.baseUrl, model: 'm', retries: 0 }] }),
    );
    const r = await cliToEnd(
      [
        '--workspace',
        ws,
        '--adb',
        adb,
        '--json',
        'agent',
        'try',
        'by-name',
        '--device',
        'vphone-1',
        '--instruction',
        '看看天气',
        '--execute',
      ],
      { ELDERBENCH_USER_DATA: tmp() },
    );
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { executed: boolean }).executed).toBe(true);
    expect(await screen()).toContain('weather.today');
  });
});

/** A task set with one weather task, which names its app 天气 beside Weather. */
function importWeatherTask(backend: Backend): void {
  const task = TaskSchema.parse({
    id: 'on-weather',
    instruction: 'open the weather',
    lang: 'en',
    app: 'Weather',
    app_names: ['天气'],
    package: 'com.vphone.weather',
    mode: 'online',
    annotations: { syntactic: 'Elliptical', semantic: 'Under-specification', scenario: 'Information Inquiry' },
    setup: ['cmd vphone reset', 'input keyevent 3'],
    success_checks: [{ probe: 'cmd vphone screen', expect: { contains: 'weather.today' } }],
  });
  backend.workspace.tasks.importSet({ name: 'weather', sourceFile: '/weather.json', sourceHash: 'h' }, [task], false);
}
