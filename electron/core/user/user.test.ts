import { describe, expect, it } from 'vitest';
import { TaskSchema, UserBlockSchema } from '../../../shared/schemas/task.js';
import type { ChatRequest, ChatResponse, ModelPort } from '../agents/model-port.js';
import { ModelRefusedError, ModelRequestError } from '../agents/model-port.js';
import { scriptedAnswer, scriptedUser } from './scripted-user.js';
import { cleanAnswer, DEFAULT_PERSONA, MAX_ANSWER_CHARS, simulatedUser, userSimulatorMessages } from './simulated-user.js';
import { UserSession, userStats } from './user-session.js';
import { UserSimulatorError } from './user-turn.js';
import { namesPhoneOperation, OPERATION_REMINDER } from './operation-hint.js';
import { errorMessage } from '../../../shared/error-message.js';

const USER = {
  persona: '72岁，退休纺织女工，说话短。',
  facts: ['"她"是闺女刘芳'],
  answers: [
    { when: ['谁', '哪位'], say: '我闺女刘芳啊' },
    { when: ['几点'], say: '三点' },
    { when: [], say: '就是给我闺女打' },
  ],
};
const TASK = TaskSchema.parse({
  id: 't',
  instruction: '给她打个电话',
  lang: 'zh',
  app: 'Phone',
  package: 'com.android.dialer',
  mode: 'online',
  normalized: '在电话通讯录中找到刘芳并拨打',
  setup: ['cmd vphone reset'],
  success_checks: [{ probe: 'cmd vphone state com.android.dialer', expect: { contains: '13800000004' } }],
  annotations: { syntactic: 'Canonical', semantic: 'Referential Ambiguity', scenario: 'Social Communication' },
  user: USER,
});

describe("the task's user block", () => {
  it('accepts persona, facts and scripted answers with one fallback', () => {
    expect(TASK.user).toEqual(USER);
    expect(UserBlockSchema.safeParse({ persona: 'p', facts: [] }).success).toBe(true);
  });

  it.each([
    ['no persona', { facts: [] }, 'persona'],
    ['an empty persona', { persona: '  ', facts: [] }, 'persona'],
    ['an empty fact', { persona: 'p', facts: [''] }, 'facts.0'],
    ['an empty keyword', { persona: 'p', facts: [], answers: [{ when: [''], say: 'x' }] }, 'answers.0.when.0'],
    ['an answer with nothing to say', { persona: 'p', facts: [], answers: [{ when: ['谁'], say: '' }] }, 'answers.0.say'],
    [
      'two fallbacks',
      {
        persona: 'p',
        facts: [],
        answers: [
          { when: [], say: 'a' },
          { when: [], say: 'b' },
        ],
      },
      'answers',
    ],
    ['an unknown field', { persona: 'p', facts: [], mood: 'grumpy' }, ''],
    ['a persona past the limit', { persona: 'x'.repeat(2001), facts: [] }, 'persona'],
  ])('refuses %s, naming the field', (_n, user, path) => {
    const r = UserBlockSchema.safeParse(user);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});

describe('scripted answers', () => {
  it('answers with the first entry whose keyword is in the question, else the fallback', () => {
    expect(scriptedAnswer(USER.answers, '她是谁?')!.say).toBe('我闺女刘芳啊');
    expect(scriptedAnswer(USER.answers, '几点打？哪位？')!.say).toBe('我闺女刘芳啊'); // order of entries, not of keywords
    expect(scriptedAnswer(USER.answers, '要打视频吗')!.say).toBe('就是给我闺女打');
    expect(scriptedAnswer([{ when: ['Who'], say: 'my daughter' }], 'who is she?')!.say).toBe('my daughter');
    expect(scriptedAnswer(USER.answers.slice(0, 2), '要打视频吗')).toBeNull();
  });

  it('a task without answers (or with no match and no fallback) has nothing to say: the turn ends the task', async () => {
    expect(await scriptedUser(undefined).reply({ instruction: 'x', question: '谁?', conversation: [] })).toMatchObject({
      text: null,
      reason: 'the task has no scripted answers',
    });
    const noFallback = scriptedUser({ ...USER, answers: USER.answers.slice(0, 1) });
    expect((await noFallback.reply({ instruction: 'x', question: '几点?', conversation: [] })).reason).toMatch(
      /no scripted answer matches/,
    );
  });
});

function model(reply: Partial<ChatResponse> | Error): ModelPort & { seen: ChatRequest[] } {
  const seen: ChatRequest[] = [];
  return {
    seen,
    complete: async (req) => {
      seen.push(req);
      if (reply instanceof Error) throw reply;
      return {
        content: '',
        reasoningContent: '',
        finishReason: 'stop',
        usage: { prompt_tokens: 300, completion_tokens: 12, total_tokens: 312 },
        latencyMs: 42,
        retriedMs: 0,
        attempts: 1,
        ...reply,
      };
    },
  };
}

describe('the simulated user', () => {
  it('is told the persona, what was said and the facts — never the rewrite, the setup or the checks', () => {
    const msgs = userSimulatorMessages(TASK, {
      instruction: TASK.instruction,
      question: '她是谁?',
      conversation: [{ question: '打电话还是视频?', answer: '打电话' }],
    });
    const all = JSON.stringify(msgs);
    for (const s of [
      USER.persona,
      USER.facts[0]!,
      '给她打个电话',
      'spoken Chinese',
      'Q: 打电话还是视频?\\nA: 打电话',
      'The assistant asks: 她是谁?',
    ])
      expect(all).toContain(s.replace(/"/g, '\\"'));
    for (const s of [TASK.normalized!, 'cmd vphone', '13800000004', '我闺女刘芳啊']) expect(all).not.toContain(s);
    expect(
      JSON.stringify(userSimulatorMessages({ lang: 'en', user: undefined }, { instruction: 'x', question: 'who?', conversation: [] })),
    ).toContain(DEFAULT_PERSONA);
  });

  it("answers with the model's words, its usage and time, sampling as configured", async () => {
    const m = model({ content: '“我闺女刘芳呀。”' });
    const r = await simulatedUser(m, TASK, { temperature: 0.2 }).reply({
      instruction: TASK.instruction,
      question: '她是谁?',
      conversation: [],
    });
    expect(r).toEqual({ text: '我闺女刘芳呀。', usage: { prompt_tokens: 300, completion_tokens: 12, total_tokens: 312 }, ms: 42 });
    expect(m.seen[0]!.sampling).toEqual({ temperature: 0.2 });
  });

  it('cleans what chat models wrap around an answer and caps its length', () => {
    expect(cleanAnswer('<think>hmm</think>A: "my daughter"')).toBe('my daughter');
    expect(cleanAnswer('答：我闺女')).toBe('我闺女');
    expect([...cleanAnswer('好'.repeat(MAX_ANSWER_CHARS + 50))]).toHaveLength(MAX_ANSWER_CHARS);
  });

  it("a failing, refusing or empty simulator is the harness's failure (infrastructure), never the agent's", async () => {
    const q = { instruction: 'x', question: '谁?', conversation: [] };
    for (const m of [
      model(new ModelRequestError('HTTP 503', 'http', 3, 503)),
      model(new ModelRefusedError('HTTP 400', 400)),
      model({ content: '  ' }),
    ]) {
      const e = await simulatedUser(m, TASK)
        .reply(q)
        .catch((x: unknown) => x);
      expect(e).toBeInstanceOf(UserSimulatorError);
      expect(e).toBeInstanceOf(ModelRequestError); // so exit-classes files it under infra_error
      expect(errorMessage(e)).toMatch(/^user simulator: /);
    }
  });
});

describe('a simulated user that tells the agent how to use the phone', () => {
  /** A model that answers with each of `replies` in turn. */
  function replies(...texts: string[]): ModelPort & { seen: ChatRequest[] } {
    const seen: ChatRequest[] = [];
    return {
      seen,
      complete: async (req) => {
        seen.push(req);
        const content = texts[Math.min(seen.length - 1, texts.length - 1)]!;
        return {
          content,
          reasoningContent: '',
          finishReason: 'stop',
          usage: { prompt_tokens: 300, completion_tokens: 12, total_tokens: 312 },
          latencyMs: 40,
          retriedMs: 0,
          attempts: 1,
        };
      },
    };
  }
  const q = { instruction: TASK.instruction, question: '她是谁?', conversation: [] };

  it('names the interface in either language, but not the facts a person knows', () => {
    for (const hint of [
      '你点右上角那个按钮',
      '在设置里找',
      '往下滑就有',
      'tap the green button',
      'Scroll down to Contacts',
      'open the menu',
    ])
      expect(namesPhoneOperation(hint), hint).toBe(true);
    for (const fact of [
      '我闺女刘芳啊',
      '三点',
      '就是给我闺女打',
      'my daughter Liu Fang',
      'the one who lives in Hangzhou',
      '打电话，不是视频',
    ])
      expect(namesPhoneOperation(fact), fact).toBe(false);
  });

  it('is asked once more with a reminder; a clean second answer is used, and both calls are counted', async () => {
    const m = replies('点一下通讯录里的刘芳', '我闺女刘芳');
    const r = await simulatedUser(m, TASK).reply(q);
    expect(r).toEqual({ text: '我闺女刘芳', usage: { prompt_tokens: 600, completion_tokens: 24, total_tokens: 624 }, ms: 80 });
    expect(m.seen).toHaveLength(2);
    expect(m.seen[1]!.messages.slice(-2)).toEqual([
      { role: 'assistant', content: '点一下通讯录里的刘芳' },
      { role: 'user', content: OPERATION_REMINDER },
    ]);
  });

  it('a hint that stays is kept, flagged on the turn and counted for the task', async () => {
    const s = new UserSession(simulatedUser(replies('点右上角的按钮'), TASK), TASK.instruction);
    const turn = await s.ask('她是谁?');
    expect(turn).toMatchObject({ answer: '点右上角的按钮', namesOperation: true });
    expect(userStats('simulated', 1, s.turns)).toMatchObject({ answered: 1, operationHints: 1 });
    // A clean answer is asked once and carries no flag.
    const clean = replies('我闺女');
    const t2 = await new UserSession(simulatedUser(clean, TASK), TASK.instruction).ask('她是谁?');
    expect(clean.seen).toHaveLength(1);
    expect(t2).not.toHaveProperty('namesOperation');
  });
});

describe("a task's conversation", () => {
  it("passes earlier answers to later questions and totals the simulator's cost apart", async () => {
    const m = model({ content: '刘芳' });
    const s = new UserSession(simulatedUser(m, TASK), TASK.instruction);
    await s.ask('她是谁?');
    await s.ask('打哪个号码?');
    expect(JSON.stringify(m.seen[1]!.messages)).toContain('Q: 她是谁?\\nA: 刘芳');
    expect(userStats('simulated', 2, s.turns)).toEqual({ mode: 'simulated', asks: 2, answered: 2, tokens: 624, ms: 84 });
    expect(
      userStats('simulated', 1, [{ ...s.turns[0]!, usage: { prompt_tokens: null, completion_tokens: null, total_tokens: null } }]).tokens,
    ).toBeNull();
    expect(userStats('none', 1, [])).toEqual({ mode: 'none', asks: 1, answered: 0, tokens: null, ms: 0 });
  });
});
