import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { cliToEnd } from '../../support/cli-process.js';

describe('elderbench agent try', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  let server: MockLlmServer | undefined;
  afterEach(async () => server?.close());

  it('captures the live screen, asks the model, prints what was sent and received, and can perform the action', async () => {
    const phone = await phones({ locale: 'en' });
    server = await MockLlmServer.start([
      { kind: 'reply', content: '<think>打开设置</think><answer>do(action="Tap", element=[875,545])</answer>' },
    ]);
    const ws = tmp();
    writeFileSync(
      join(ws, 'agents.json'),
      JSON.stringify({
        agents: [{ name: 'glm-mock', adapter: 'autoglm', variant: 'cn', baseUrl: server.baseUrl, model: 'autoglm-phone', retries: 0 }],
      }),
    );
    // Async spawn: the phone is served by this process, which must keep running meanwhile.
    const {
      code,
      stdout: out,
      stderr: err,
    } = await cliToEnd(
      [
        '--workspace',
        ws,
        '--adb',
        `127.0.0.1:${phone.port}`,
        '--json',
        'agent',
        'try',
        'glm-mock',
        '--device',
        'vphone-1',
        '--instruction',
        '字太小了',
        '--execute',
      ],
      { ELDERBENCH_USER_DATA: tmp() },
    );
    expect(code, err).toBe(0);
    const v = JSON.parse(out) as {
      sent: { messages: { role: string; parts: string[] }[] }[];
      received: { action: unknown; pixels: unknown };
      executed: boolean;
    };
    expect(v.sent).toHaveLength(1);
    expect(v.sent[0]!.messages.flatMap((m) => m.parts).join(' ')).toContain('字太小了');
    expect(v.sent[0]!.messages.flatMap((m) => m.parts).some((p) => p.startsWith('[image'))).toBe(true);
    expect(v.received.action).toEqual({ type: 'Tap', at: { x: 875, y: 545 } });
    expect(v.received.pixels).toEqual({ type: 'Tap', at: { x: 945, y: 1308 } });
    expect(v.executed).toBe(true);
    const screen = (await new AdbServer({ host: '127.0.0.1', port: phone.port }).device('vphone-1').shell('cmd vphone screen')).trim();
    expect(screen).toBe('settings.main'); // the tap opened Settings
  });
});
