import { afterEach, describe, expect, it } from 'vitest';
import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import type { AgentHistoryEntry } from '../../../electron/core/agents/agent.js';
import type { RecordedRequest } from '../../support/mock-llm-server.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import { modelAgent, observation, textOf } from './helpers.js';

/**
 * Every family with an ask action: the model's own ask reply becomes AskUser, and after the
 * runner answers it, the answer reaches the model in that family's own format (checked on the
 * request the mock server received). The next reply is any action; only the request matters.
 */
const ANSWER = '我闺女刘芳';
const INSTRUCTION = '给她打个电话';

interface Case {
  name: string;
  config: Partial<AgentConfig> & Pick<AgentConfig, 'adapter'>;
  ask: string;
  message: string;
  next: string;
  /** Where the answer must appear in the second request. */
  check(req: RecordedRequest): void;
}

const roleText = (req: RecordedRequest, i: number): string => textOf(req.messages.at(i)!.content);

const CASES: Case[] = [
  {
    name: 'AutoGLM Interact: the next user turn opens with the answer, then Screen Info (image first)',
    config: { adapter: 'autoglm', variant: 'cn' },
    ask: '<think>通讯录里有好几位女士，得问一下。</think><answer>do(action="Interact")</answer>',
    message: 'Several options match; please choose one.',
    next: '<think>打开电话。</think><answer>do(action="Launch", app="电话")</answer>',
    check: (req) => {
      expect(req.roles).toEqual(['system', 'user', 'assistant', 'user']);
      expect(req.messages[2]!.content).toBe('<think>通讯录里有好几位女士，得问一下。</think><answer>do(action="Interact")</answer>');
      expect((req.messages[3]!.content as { type: string }[]).map((p) => p.type)).toEqual(['image_url', 'text']);
      expect(roleText(req, 3)).toBe(`${ANSWER}\n\n** Screen Info **\n\n{"current_app": "设置"}`);
    },
  },
  {
    name: 'AutoGLM Take_over: its message is the question',
    config: { adapter: 'autoglm', variant: 'cn' },
    ask: '<think>需要用户确认。</think><answer>do(action="Take_over", message="您说的她是谁？")</answer>',
    message: '您说的她是谁？',
    next: '<think>好的。</think><answer>do(action="Back")</answer>',
    check: (req) => expect(roleText(req, -1)).toMatch(new RegExp(`^${ANSWER}\\n\\n\\*\\* Screen Info \\*\\*`)),
  },
  {
    name: 'UI-TARS 1.5 call_user(): the answer is a user text turn after the call, before the next screenshot',
    config: { adapter: 'uitars', variant: '1.5' },
    ask: 'Thought: 我不知道她是谁，需要问用户。\nAction: call_user()',
    message: '',
    next: 'Thought: ok\nAction: press_back()',
    check: (req) => {
      expect(req.roles).toEqual(['system', 'user', 'user', 'assistant', 'user', 'user']);
      expect(req.messages[3]!.content).toBe('Thought: 我不知道她是谁，需要问用户。\nAction: call_user()');
      expect(req.messages[4]!.content).toEqual([{ type: 'text', text: ANSWER }]);
      expect(req.imagesPerMessage.at(-1)).toBe(1);
    },
  },
  {
    name: 'UI-TARS Doubao call_user()',
    config: { adapter: 'uitars', variant: 'doubao' },
    ask: 'Thought: 问一下。\nAction: call_user()',
    message: '',
    next: 'Thought: ok\nAction: press_back()',
    check: (req) => expect(req.messages[4]!.content).toEqual([{ type: 'text', text: ANSWER }]),
  },
  {
    name: 'GUI-Owl interact: the answer is a user text turn after the assistant output',
    config: { adapter: 'guiowl', variant: '1.5' },
    ask: 'Action: Ask who she is.\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "interact", "text": "您要打给谁？"}}\n</tool_call>',
    message: '您要打给谁？',
    next: 'Action: Back.\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "system_button", "button": "Back"}}\n</tool_call>',
    check: (req) => {
      expect(req.roles).toEqual(['system', 'user', 'assistant', 'user', 'user']);
      expect(req.messages[3]!.content).toEqual([{ type: 'text', text: ANSWER }]);
      expect(req.imagesPerMessage.at(-1)).toBe(1);
    },
  },
  {
    name: 'Qwen3-VL ask_user (MobileWorld): "The user answered: …" after the step in the progress text',
    config: { adapter: 'qwen-vl', variant: '3' },
    ask: 'Thought: 不清楚。\nAction: "Ask who she is."\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "ask_user", "text": "她是谁？"}}\n</tool_call>',
    message: '她是谁？',
    next: 'Thought: ok\nAction: "Back."\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "system_button", "button": "Back"}}\n</tool_call>',
    check: (req) => expect(roleText(req, -1)).toContain(`Step 1: Ask who she is.; The user answered: ${ANSWER}; `),
  },
  {
    name: 'UI-Venus CallUser with callUser "auto": a question asks; the answer stays under the User Task',
    config: { adapter: 'uivenus', variant: '1.5', callUser: 'auto' },
    ask: "<think>不知道是谁。</think>\n<action>CallUser(content='请问她是谁？')</action>\n<conclusion>Asked.</conclusion>",
    message: '请问她是谁？',
    next: '<think>ok</think>\n<action>PressBack()</action>\n<conclusion>Back.</conclusion>',
    check: (req) =>
      expect(roleText(req, -1)).toContain(
        `### User Task\n${INSTRUCTION}\nThe user's answers to your questions:\n- You asked: 请问她是谁？\n  The user said: ${ANSWER}\n\n### Previous Actions`,
      ),
  },
  {
    name: 'UI-Venus CallUser with callUser "ask"',
    config: { adapter: 'uivenus', variant: '1.5', callUser: 'ask' },
    ask: "<think>问。</think>\n<action>CallUser(content='打给谁')</action>\n<conclusion>Asked.</conclusion>",
    message: '打给谁',
    next: '<think>ok</think>\n<action>PressBack()</action>\n<conclusion>Back.</conclusion>',
    check: (req) => expect(roleText(req, -1)).toContain(`- You asked: 打给谁\n  The user said: ${ANSWER}`),
  },
  {
    name: 'Generic VLM ask_user: an indented "The user answered" line under the numbered action',
    config: { adapter: 'vlm' },
    ask: 'Thought: ask.\n{"action": "ask_user", "message": "她是谁?"}',
    message: '她是谁?',
    next: 'Thought: back.\n{"action": "back"}',
    check: (req) =>
      expect(roleText(req, -1)).toContain(`1. {"action": "ask_user", "message": "她是谁?"}\n   The user answered: "${ANSWER}"`),
  },
];

describe('each family maps its ask action and gets the answer back in its own format (mock server)', () => {
  let server: MockLlmServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    server = await MockLlmServer.start([
      { kind: 'reply', content: c.ask },
      { kind: 'reply', content: c.next },
    ]);
    const agent = modelAgent({ name: 'm', baseUrl: server.baseUrl, model: 'm', ...c.config } as AgentConfig);
    const obs = await observation();
    const first = await agent.step(obs, INSTRUCTION, []);
    expect(first.action).toEqual({ type: 'AskUser', message: c.message });
    // What the runner does with an answered AskUser.
    const history: AgentHistoryEntry[] = [{ ...first.historyEntry, userReply: ANSWER }];
    const second = await agent.step(obs, INSTRUCTION, history);
    expect(second.action.type).not.toBe('ParseError');
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests[0]!.messages)).not.toContain(ANSWER);
    c.check(server.requests[1]!);
  });

  it('UI-Venus keeps its default meaning: CallUser is an answer to the user, even "auto" when it is not a question', async () => {
    server = await MockLlmServer.start([
      { kind: 'reply', content: "<think>…</think>\n<action>CallUser(content='她是谁？')</action>\n<conclusion>…</conclusion>" },
      { kind: 'reply', content: "<think>…</think>\n<action>CallUser(content='杭州今天晴')</action>\n<conclusion>…</conclusion>" },
    ]);
    const byDefault = modelAgent({ name: 'v', adapter: 'uivenus', baseUrl: server.baseUrl, model: 'v' });
    const auto = modelAgent({ name: 'v', adapter: 'uivenus', baseUrl: server.baseUrl, model: 'v', callUser: 'auto' });
    const obs = await observation();
    expect((await byDefault.step(obs, INSTRUCTION, [])).action.type).toBe('Noop');
    expect((await auto.step(obs, INSTRUCTION, [])).action.type).toBe('Noop');
  });
});
