import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentConfigSchema } from '../../../shared/schemas/agent-config.js';
import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import { buildAgentManifest } from '../../../electron/core/agents/manifest.js';
import { loadAgentConfigs } from '../../../electron/adapters/llm/agent-configs.js';
import { createAgent } from '../../../electron/adapters/llm/create-agent.js';
import type { ClientLogEvent } from '../../../electron/adapters/llm/openai-client.js';
import { FORMAT_REPLIES, MockLlmServer } from '../../support/mock-llm-server.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { observation } from './helpers.js';

const KEY = 'sk-planted-9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const ENV = 'ELDERBENCH_PLANTED_TEST_KEY';
const tempDir = useTempDirs();
let server: MockLlmServer | null = null;

beforeEach(() => {
  process.env[ENV] = KEY;
});
afterEach(async () => {
  delete process.env[ENV];
  await server?.close();
  server = null;
});

/** No trace of the key: not whole, not any 8-character piece of it. */
function expectNoKey(produced: string): void {
  expect(produced).not.toContain(KEY);
  for (let i = 0; i + 8 <= KEY.length; i++) expect(produced, `piece ${KEY.slice(i, i + 8)}`).not.toContain(KEY.slice(i, i + 8));
}

describe('API keys never leave the Authorization header', () => {
  it('client errors, logs, step results and manifests never contain the planted key', async () => {
    const echo = `{"error":{"message":"Incorrect API key provided: ${KEY}. You can find your key at …"}}`;
    server = await MockLlmServer.start([
      { kind: 'reply', content: FORMAT_REPLIES.vlm[0]! },
      { kind: 'status', status: 500, body: echo },
      { kind: 'status', status: 401, body: echo },
    ]);
    const config: AgentConfig = { name: 'g', adapter: 'vlm', baseUrl: server.baseUrl, model: 'm', apiKeyEnv: ENV, retries: 3 };
    const logs: ClientLogEvent[] = [];
    const agent = createAgent(config, { log: (e) => logs.push(e), sleep: async () => {} });
    const ok = await agent.step(await observation(), 'x', []);
    const err = (await agent.step(await observation(), 'x', []).then(
      () => new Error('expected a failure'),
      (e: unknown) => e,
    )) as Error;
    expect(err).toMatchObject({ name: 'AgentInfrastructureError', status: 401 });
    // the key was really used…
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    // …and appears nowhere we produce
    const produced = [
      JSON.stringify(ok),
      err.message,
      String(err.stack),
      JSON.stringify(err),
      JSON.stringify(logs),
      JSON.stringify(buildAgentManifest(config)),
    ].join('\n');
    expect(produced).toContain('[redacted]');
    expectNoKey(produced);
  });

  it('a key pasted into agents.json is refused without being echoed', () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'agents.json'),
      JSON.stringify({
        agents: [
          { name: 'a', adapter: 'vlm', baseUrl: 'http://127.0.0.1:1/v1', model: 'm', apiKey: KEY },
          { name: 'b', adapter: 'vlm', baseUrl: 'http://127.0.0.1:1/v1', model: 'm', apiKeyEnv: KEY },
        ],
      }),
    );
    const set = loadAgentConfigs(dir);
    expect(set.errors.join('\n')).toMatch(/apiKeyEnv/);
    expect(set.agents.some((a) => a.name === 'a' || a.name === 'b')).toBe(false);
    expectNoKey(set.errors.join('\n'));
    const direct = AgentConfigSchema.safeParse({ name: 'a', adapter: 'vlm', baseUrl: 'http://x/v1', model: 'm', api_key: KEY });
    expectNoKey(JSON.stringify(direct.error?.issues));
  });

  it('a missing key variable is a config error that names the variable, not a crash', () => {
    delete process.env[ENV];
    expect(() => createAgent({ name: 'g', adapter: 'vlm', baseUrl: 'http://127.0.0.1:1/v1', model: 'm', apiKeyEnv: ENV })).toThrow(
      new RegExp(`${ENV} is not set`),
    );
  });
});
