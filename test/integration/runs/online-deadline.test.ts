import { afterEach, describe, expect, it } from 'vitest';
import type { DevicePort } from '../../../electron/core/device/device-port.js';
import type { Judge } from '../../../electron/core/eval/judge.js';
import { DEFAULT_ONLINE_OPTIONS, runOnlineTask } from '../../../electron/core/eval/online-runner.js';
import { OpenAiChatClient } from '../../../electron/adapters/llm/openai-client.js';
import { TaskSchema } from '../../../shared/schemas/task.js';
import { validTask } from '../../support/fixtures.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import { until } from '../../support/wait.js';
import { modelAgent, observation } from '../agents/helpers.js';

describe('the online deadline reaches the HTTP call (AbortSignal through the model port)', () => {
  let server: MockLlmServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it('an aborted signal stops the request at once: no retry, no waiting for the client timeout', async () => {
    server = await MockLlmServer.start([{ kind: 'timeout' }, { kind: 'timeout' }, { kind: 'timeout' }]);
    const client = new OpenAiChatClient({ baseUrl: server.baseUrl, model: 'm', timeoutMs: 60_000, retries: 2 });
    const abort = new AbortController();
    const t0 = performance.now();
    const call = client.complete({ messages: [{ role: 'user', content: 'hi' }], sampling: { temperature: 0 }, signal: abort.signal });
    setTimeout(() => abort.abort(new Error('deadline')), 200);
    await expect(call).rejects.toThrow('deadline');
    expect(performance.now() - t0).toBeLessThan(5000);
    await until(() => server!.aborted === 1, 'the server to see the request go away', 10_000);
    expect(server.requests).toHaveLength(1);
  });

  it("a model that never answers: the task ends `timeout` at a 1 s deadline (± 1 s), not after the client's 60 s timeout", async () => {
    server = await MockLlmServer.start([{ kind: 'timeout' }]);
    const agent = modelAgent({ name: 'slow', adapter: 'vlm', baseUrl: server.baseUrl, model: 'm' }, { timeoutMs: 60_000, retries: 3 });
    const obs = await observation(540, 1200);
    const none = async (): Promise<void> => undefined;
    const device = {
      serial: 'fake',
      shell: async () => 'ok',
      tap: none,
      longPress: none,
      swipe: none,
      type: none,
      key: none,
      launch: none,
    } as unknown as DevicePort;
    const judge: Judge = {
      kind: 'rule',
      judge: async () => ({ judge: 'rule', pass: false, reason: 'fake' }),
      alreadyPasses: async () => false,
    };
    const t0 = performance.now();
    const o = await runOnlineTask({
      device,
      agent,
      task: TaskSchema.parse(validTask({ setup: [] })),
      instruction: '字太小了',
      judge,
      capture: async () => ({ observation: obs, png: obs.screenshot!, blob: null, foreground: null }),
      record: () => undefined,
      resolvePackage: () => null,
      sleep: none,
      now: () => performance.now(),
      options: { ...DEFAULT_ONLINE_OPTIONS, timeoutS: 1 },
    });
    const wallS = (performance.now() - t0) / 1000;
    expect(o.exit).toBe('timeout');
    expect(Math.abs((o.details.elapsedS as number) - 1)).toBeLessThan(1);
    expect(wallS).toBeLessThan(2);
    await until(() => server!.aborted === 1, 'the aborted model call', 10_000);
    expect(server.requests).toHaveLength(1);
  });
});
