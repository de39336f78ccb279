import { afterEach, describe, expect, it } from 'vitest';
import { AgentInfrastructureError } from '../../../electron/core/agents/agent.js';
import { ModelRefusedError } from '../../../electron/core/agents/model-port.js';
import type { AgentStepResult } from '../../../electron/core/agents/agent.js';
import { mulberry32 } from '../../../electron/core/random/rng.js';
import { FORMAT_REPLIES, MockLlmServer } from '../../support/mock-llm-server.js';
import type { MockReply } from '../../support/mock-llm-server.js';
import { modelAgent, observation } from './helpers.js';
import { errorMessage } from '../../../shared/error-message.js';

let server: MockLlmServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const GARBAGE = [
  "[{'Type': 'Type'}]",
  'I think the task is complete.',
  '<think>only thinking</think>',
  '{"action": 42}',
  'finish',
  'Action: ',
  '```json\n{}\n```',
];

type Fault = MockReply & { expect: 'infra' | 'parse-error' | 'action' };

function fault(rand: () => number): Fault {
  const pick = Math.floor(rand() * 9);
  switch (pick) {
    case 0:
      return { kind: 'timeout', expect: 'infra' };
    case 1:
      return { kind: 'status', status: 429, expect: 'infra' };
    case 2:
      return { kind: 'status', status: 500 + Math.floor(rand() * 4), expect: 'infra' };
    case 3:
      return { kind: 'malformed', expect: 'infra' };
    case 4:
      return { kind: 'empty', expect: 'parse-error' };
    case 5:
      return { kind: 'truncated', content: "Thought: x\nAction: click(start_box='(1", expect: 'parse-error' };
    case 6:
      return { kind: 'cut', expect: 'infra' };
    case 7:
      return { kind: 'reply', content: GARBAGE[Math.floor(rand() * GARBAGE.length)]!, expect: 'parse-error' };
    default:
      return { kind: 'reply', content: "Thought: ok\nAction: click(start_box='(500,500)')", expect: 'action' };
  }
}

describe('100 mixed faults from the model server', () => {
  it.each([false, true])(
    'never crash, tell infrastructure from agent errors, never count garbage as Finish (stream=%s)',
    async (stream) => {
      const rand = mulberry32(stream ? 7 : 42).next;
      const faults = Array.from({ length: 100 }, () => fault(rand));
      server = await MockLlmServer.start(faults);
      // doubao sends the capture untouched (no resize), which keeps 100 steps fast. The timeout is what a held
      // request costs (about one step in nine); at 150 ms a plain reply on a loaded machine (3 test files at once
      // beside the static checks) sometimes missed it and counted as an infrastructure error, and at 750 ms the first
      // reply did once on a machine 3–4× slower than the one it was sized on (CI, twenty-sixth session). 2.5 s keeps
      // a plain reply far inside it; the held ones cost about 30 s in all.
      const agent = modelAgent(
        { name: 't', adapter: 'uitars', variant: 'doubao', baseUrl: server.baseUrl, model: 'm', stream },
        { timeoutMs: 2_500, retries: 0 },
      );
      const obs = await observation(540, 1200);
      const seen = { infra: 0, 'parse-error': 0, action: 0 };
      for (const f of faults) {
        let result: AgentStepResult | null = null;
        let infra: AgentInfrastructureError | null = null;
        try {
          result = await agent.step(obs, 'turn the volume up', []);
        } catch (e) {
          if (!(e instanceof AgentInfrastructureError)) throw e; // anything else is a crash
          infra = e;
        }
        const got = infra ? 'infra' : result!.action.type === 'ParseError' ? 'parse-error' : 'action';
        expect(got, `${f.kind} ${'status' in f ? f.status : ''}`).toBe(f.expect);
        if (result) expect(['Finish', 'AskUser']).not.toContain(result.action.type);
        seen[got]++;
      }
      expect(server.requests).toHaveLength(100);
      // the mix really was mixed
      expect(Math.min(seen.infra, seen['parse-error'], seen.action)).toBeGreaterThan(5);
    },
  );
});

describe('retries and timing', () => {
  it('retries 429/5xx/malformed/cut and does not count retried time as reasoning time', async () => {
    server = await MockLlmServer.start([
      { kind: 'status', status: 429, retryAfter: 1 },
      { kind: 'status', status: 503 },
      { kind: 'malformed' },
      { kind: 'cut' },
      { kind: 'reply', content: FORMAT_REPLIES.uitars[1]! },
    ]);
    let t = 0;
    const waits: number[] = [];
    const agent = modelAgent(
      { name: 't', adapter: 'uitars', baseUrl: server.baseUrl, model: 'm' },
      {
        retries: 4,
        // a fake clock: every attempt "takes" 1000 ms, every backoff wait adds its own length
        now: () => (t += 500),
        sleep: async (ms) => {
          waits.push(ms);
          t += ms;
        },
      },
    );
    const r = await agent.step(await observation(), 'x', []);
    expect(r.action.type).toBe('Tap');
    expect(r.attempts).toBe(5);
    expect(r.timings.reasoning_ms).toBe(500);
    expect(waits).toEqual([1000, 1000, 2000, 4000]); // Retry-After honoured, then exponential backoff
    expect(server.requests).toHaveLength(5);
  });

  it("a 400 (context too long) is not retried and is a refusal — the agent's failure, not infrastructure", async () => {
    server = await MockLlmServer.start([{ kind: 'status', status: 400, body: '{"error":{"message":"context too long"}}' }]);
    const agent = modelAgent({ name: 't', adapter: 'uitars', baseUrl: server.baseUrl, model: 'm' }, { retries: 3 });
    const e = await agent.step(await observation(), 'x', []).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ModelRefusedError);
    expect(e).not.toBeInstanceOf(AgentInfrastructureError);
    expect(e).toMatchObject({ status: 400 });
    expect(errorMessage(e)).toContain('context too long');
    expect(server.requests).toHaveLength(1);
  });

  it('a 401 (wrong key) is not retried and is infrastructure: the same for every task, fixed in the config', async () => {
    server = await MockLlmServer.start([{ kind: 'status', status: 401 }]);
    const agent = modelAgent({ name: 't', adapter: 'uitars', baseUrl: server.baseUrl, model: 'm' }, { retries: 3 });
    const e = await agent.step(await observation(), 'x', []).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(AgentInfrastructureError);
    expect(e).toMatchObject({ kind: 'http', status: 401, attempts: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it('a reply withheld by a content filter is a refusal, not an unreadable reply', async () => {
    server = await MockLlmServer.start([{ kind: 'reply', content: '', finishReason: 'content_filter' }]);
    const agent = modelAgent({ name: 't', adapter: 'uitars', baseUrl: server.baseUrl, model: 'm' });
    const e = await agent.step(await observation(), 'x', []).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ModelRefusedError);
  });

  it('a server that never answers gives up after the timeout on every attempt', async () => {
    server = await MockLlmServer.start([{ kind: 'timeout' }, { kind: 'timeout' }]);
    const agent = modelAgent({ name: 't', adapter: 'vlm', baseUrl: server.baseUrl, model: 'm' }, { retries: 1, timeoutMs: 100 });
    const e = await agent.step(await observation(), 'x', []).catch((x: unknown) => x);
    expect(e).toMatchObject({ name: 'AgentInfrastructureError', kind: 'timeout', attempts: 2 });
    expect(errorMessage(e)).toMatch(/gave up after 2 attempts/);
  });
});

describe('reply content edge cases (docs/agents.md, reply cases 1, 13, 14)', () => {
  it('falls back to reasoning_content only when content is empty, and keeps both', async () => {
    server = await MockLlmServer.start([
      {
        kind: 'reply',
        content: '',
        reasoningContent:
          '<think>go home</think>\n<tool_call>{"name":"mobile_use","arguments":{"action":"system_button","button":"Home"}}</tool_call>',
      },
      { kind: 'reply', content: FORMAT_REPLIES['qwen-vl'][1]!, reasoningContent: 'long thoughts with {"action": "terminate"}' },
    ]);
    const agent = modelAgent({ name: 'q', adapter: 'qwen-vl', baseUrl: server.baseUrl, model: 'm' });
    const a = await agent.step(await observation(), 'x', []);
    expect(a.action).toEqual({ type: 'Home' });
    expect(a.flags.fromReasoningContent).toBe(true);
    const b = await agent.step(await observation(), 'x', []);
    expect(b.action).toEqual({ type: 'Back' });
    expect(b.reasoningContent).toBe('long thoughts with {"action": "terminate"}');
    expect(b.flags.fromReasoningContent).toBeUndefined();
  });

  it('finish_reason=length is a truncated ParseError even when an earlier complete call exists', async () => {
    server = await MockLlmServer.start([{ kind: 'truncated', content: 'do(action="Back") is an option, but do(action="Type", text="hel' }]);
    const agent = modelAgent({ name: 'a', adapter: 'autoglm', baseUrl: server.baseUrl, model: 'm' });
    const r = await agent.step(await observation(), 'x', []);
    expect(r.action).toMatchObject({ type: 'ParseError', reason: expect.stringMatching(/^truncated/) });
    expect(r.flags.finishReason).toBe('length');
  });

  it('missing usage is recorded as null, and a Gemini-style mismatch is flagged', async () => {
    server = await MockLlmServer.start([
      { kind: 'reply', content: FORMAT_REPLIES.vlm[0]!, usage: null },
      { kind: 'reply', content: FORMAT_REPLIES.vlm[0]!, usage: { prompt_tokens: 1000, completion_tokens: 50, total_tokens: 1450 } },
    ]);
    const agent = modelAgent({ name: 'g', adapter: 'vlm', baseUrl: server.baseUrl, model: 'm' });
    const a = await agent.step(await observation(), 'x', []);
    expect(a.usage).toMatchObject({ prompt_tokens: null, completion_tokens: null, total_tokens: null });
    const b = await agent.step(await observation(), 'x', []);
    expect(b.usage).toMatchObject({ completion_tokens: 50, completion_from_total: 450, usage_mismatch: true });
  });
});
