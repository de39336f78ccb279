import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { startVirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import type { DevicePort } from '../../../electron/core/device/device-port.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { playScript } from '../../../electron/core/recording/script.js';
import type { ScriptStep } from '../../../electron/core/recording/script.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolvePackage } from '../../../electron/services/devices/app-packages.js';
import { evaluateExpect } from '../../../electron/core/eval/check-matcher.js';
import type { Task } from '../../../shared/schemas/task.js';
import { loadDemos, loadSampleTasks } from './sample-set.js';
import { errorMessage } from '../../../shared/error-message.js';

/**
 * The honesty of the sample set, task by task, on one zh virtual phone (the set targets the zh
 * locale): after setup at least one check fails (the task is not already done, so doing nothing
 * cannot pass), and after replaying each demonstration — label-addressed taps resolved on the
 * live screen, so every tap lands on a visible element — every check passes.
 */
const tasks = loadSampleTasks();
let server: VirtualPhoneServer;
let device: DevicePort;
const deps = { resolvePackage, sleep, parse: parseUiXml };

async function setUp(task: Task): Promise<void> {
  await device.shell('cmd vphone reset');
  for (const cmd of task.setup) {
    const out = await device.shell(cmd);
    expect(out, `${task.id}: setup "${cmd}"`).not.toMatch(/not found|Error|Unknown|usage:/i);
  }
}

async function checkResults(task: Task): Promise<Array<{ pass: boolean; reason: string }>> {
  const out: Array<{ pass: boolean; reason: string }> = [];
  for (const c of task.success_checks) {
    const r = evaluateExpect(await device.shell(c.probe), c.expect);
    out.push({ pass: r.pass, reason: `${c.description ?? c.probe}: ${r.reason}` });
  }
  return out;
}

async function replay(task: Task, n: number, steps: ScriptStep[]): Promise<void> {
  await setUp(task);
  try {
    await playScript(device, steps, deps);
    // Look at the final screen, as the recorder (and any agent) does after every action: screens
    // that record what was seen (an opened thread is read) update their state when drawn.
    await device.uiDump();
  } catch (e) {
    throw new Error(`${task.id} demo ${n}: ${errorMessage(e)} (screen: ${(await device.shell('cmd vphone screen')).trim()})`, { cause: e });
  }
  const results = await checkResults(task);
  const failed = results.filter((r) => !r.pass);
  expect(
    failed.map((r) => r.reason),
    `${task.id} demo ${n} should reach the goal`,
  ).toEqual([]);
}

/**
 * Two phones, one after the other: a frozen clock (reproducible), and another seed with a live
 * clock at a different time of day, so no check or script leans on one seed's contacts or on
 * the order a rotating list happened to have.
 */
const PHONES = [
  { name: 'seed 11, frozen clock', seed: 11, frozenClockMs: Date.UTC(2026, 2, 10, 1, 30) as number | undefined },
  { name: 'seed 4242, live clock', seed: 4242, frozenClockMs: undefined },
];

describe.each(PHONES)('sample task set on the virtual phone ($name)', (phone) => {
  beforeAll(async () => {
    server = await startVirtualPhoneServer({
      port: 0,
      locale: 'zh',
      seed: phone.seed,
      ...(phone.frozenClockMs ? { frozenClockMs: phone.frozenClockMs } : {}),
    });
    device = new AdbServer({ host: '127.0.0.1', port: server.port }).device('vphone-1');
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(tasks.map((t) => [t.id, t] as const))(
    '%s: fails after setup, passes after each demonstration',
    async (_id, task) => {
      expect(task.success_checks.length, 'a task needs a rule-based check').toBeGreaterThan(0);
      await setUp(task);
      const before = await checkResults(task);
      expect(
        before.some((r) => !r.pass),
        `${task.id}: already solved after setup: ${before.map((r) => r.reason).join('; ')}`,
      ).toBe(true);
      const demos = loadDemos(task.id);
      expect(demos.length).toBeGreaterThanOrEqual(task.mode === 'offline' ? 2 : 1);
      for (const [i, steps] of demos.entries()) await replay(task, i + 1, steps);
    },
    60_000,
  );
});
