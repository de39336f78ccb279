import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { Agent } from '../agents/agent.js';
import type { ChatResponse, ModelPort } from '../agents/model-port.js';
import { stepResult } from '../../../test/support/scripted-agent.js';
import type { StepRecord } from './outcome.js';
import type { StoredReply } from './stored-replies.js';
import { StoredReplies } from './stored-replies.js';

const usage = { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 };
const tap = (x: number): Action => ({ type: 'Tap', at: { x, y: 500 } });
const stored = (blob: string, raw: string, action: Action, extra: Partial<StoredReply> = {}): StoredReply => ({
  observationBlob: blob,
  rawOutput: raw,
  action,
  timings: { reasoning_ms: 1234, parsing_ms: 1 },
  usage,
  ...extra,
});
const live = (): { port: () => ModelPort; calls: string[] } => {
  const calls: string[] = [];
  return {
    calls,
    port: () => ({
      complete: async (): Promise<ChatResponse> => {
        calls.push('live');
        return { content: 'LIVE', reasoningContent: '', finishReason: 'stop', usage, latencyMs: 5, retriedMs: 0, attempts: 1 };
      },
    }),
  };
};
const record = (action: Action, details: Record<string, unknown> = {}): StepRecord => ({
  idx: 0,
  action,
  raw: '',
  observationBlob: null,
  details,
  timings: { reasoning_ms: 0, parsing_ms: 0 },
  usage,
});
const ask = async (r: StoredReplies, port: ModelPort, blob: string): Promise<string> => {
  r.observed(blob);
  const res = await port.complete({ messages: [], sampling: {} });
  return res.content;
};

describe('stored replies: re-scoring without asking the model again what it already answered', () => {
  it('answers from the stored replies while the screens are the ones the agent saw, then calls the model', async () => {
    const m = live();
    let checked = 0;
    const r = new StoredReplies([stored('A', 'R0', tap(1)), stored('B', 'R1', tap(2))], () => void checked++);
    const port = r.port(m.port);
    expect(await ask(r, port, 'A')).toBe('R0');
    expect(r.lastWasStored).toBe(true);
    r.recorded(record(tap(1)));
    expect(await ask(r, port, 'B')).toBe('R1');
    r.recorded(record(tap(2)));
    expect(await ask(r, port, 'C')).toBe('LIVE'); // the stored steps ran out: the agent goes on
    r.recorded(record(tap(3)));
    expect(await ask(r, port, 'D')).toBe('LIVE');
    expect({ reused: r.reused, modelCalls: r.modelCalls, checked, calls: m.calls.length }).toEqual({
      reused: 2,
      modelCalls: 2,
      checked: 1,
      calls: 2,
    });
  });

  it('the stored reply keeps its time and tokens (they were spent in the run)', async () => {
    const r = new StoredReplies([stored('A', 'R0', tap(1))]);
    r.observed('A');
    expect(await r.port(live().port).complete({ messages: [], sampling: {} })).toMatchObject({ latencyMs: 1234, usage, attempts: 1 });
  });

  it('from the first screen that differs, every step is asked anew, even if a later screen is the stored one again', async () => {
    const m = live();
    const r = new StoredReplies([stored('A', 'R0', tap(1)), stored('B', 'R1', tap(2)), stored('C', 'R2', tap(3))]);
    const port = r.port(m.port);
    expect(await ask(r, port, 'A')).toBe('R0');
    r.recorded(record(tap(1)));
    expect(await ask(r, port, 'X')).toBe('LIVE');
    r.recorded(record(tap(9)));
    expect(await ask(r, port, 'C')).toBe('LIVE');
  });

  it('a reply that gave no action (a parse error) or an empty one is asked again', async () => {
    const r = new StoredReplies([stored('A', 'garbage', { type: 'ParseError', raw: 'garbage', reason: 'x' })]);
    expect(await ask(r, r.port(live().port), 'A')).toBe('LIVE');
    const e = new StoredReplies([stored('A', '  ', tap(1))]);
    expect(await ask(e, e.port(live().port), 'A')).toBe('LIVE');
  });

  it('another answer to an AskUser than the stored one ends the reuse', async () => {
    const question: Action = { type: 'AskUser', message: 'who?' };
    const r = new StoredReplies([stored('A', 'Q', question, { userAnswer: '女儿' }), stored('A', 'R1', tap(2))]);
    const port = r.port(live().port);
    expect(await ask(r, port, 'A')).toBe('Q');
    r.recorded(record(question, { user: { answer: '儿子' } }));
    expect(await ask(r, port, 'A')).toBe('LIVE');
  });

  it('refuses to go on when beforeLive says the agent is not the one the run used', async () => {
    const r = new StoredReplies([], () => {
      throw new Error('prompt changed');
    });
    await expect(ask(r, r.port(live().port), 'A')).rejects.toThrow(/prompt changed/);
  });

  it('a stored reply that parses to another action than in the run stops the re-scoring', async () => {
    const r = new StoredReplies([stored('A', 'R0', tap(1))]);
    const port = r.port(live().port);
    const agent: Agent = {
      name: 'x',
      adapter: 'vlm',
      step: async () => {
        await port.complete({ messages: [], sampling: {} });
        return stepResult(tap(7));
      },
    };
    r.observed('A');
    await expect(r.checked(agent).step({ screenshot: null, screen: { width: 1, height: 1 }, ui: null }, 'i', [])).rejects.toThrow(
      /parses to .*"x":7.* now but gave .*"x":1.*parser changed/,
    );
  });
});
