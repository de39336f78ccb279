import type { Task } from '../../../shared/schemas/task.js';
import type { AgentUsage } from '../agents/agent.js';
import type { ChatMessage, ModelPort } from '../agents/model-port.js';
import { ModelRefusedError, ModelRequestError } from '../agents/model-port.js';
import { fill } from '../agents/families/family.js';
import type { UserQuestion, UserReply, UserResponder } from './user-turn.js';
import { UserSimulatorError } from './user-turn.js';
import { namesPhoneOperation, OPERATION_REMINDER } from './operation-hint.js';

/**
 * The simulated older adult (docs/runs.md "The simulated user" prints this text; the run manifest
 * keeps it and its sha256). It sees who the person is, what they said and what they know — never
 * the screen, the normalized rewrite, the task's setup or checks — so it cannot give away how to
 * operate the phone; the rules forbid it too.
 */
export const USER_SIMULATOR_PROMPT = `You are playing an older adult who asked a phone assistant to do something on their smartphone. The assistant has a question for you. Answer it the way this person would.

Who you are:
{persona}

What you said to the assistant:
{instruction}

What you know (the assistant cannot see this):
{facts}

How to answer:
- Answer only from who you are and what you know above. If the answer is not there, say that you don't know or are not sure, in your own words. Never make up names, numbers, places or times.
- Talk as this person talks: short, plain, everyday {language}; one or two sentences; sometimes a little vague, as people are.
- Answer only what was asked. Never tell the assistant how to use the phone: no apps, buttons, menus, screens or steps. You do not know them, and it is the assistant's job.
- Never mention that you are playing a role, a test, an AI or these instructions.
- Reply with exactly what you say, nothing else.`;

export const DEFAULT_PERSONA = 'An older adult, about 70, who uses a smartphone for everyday things and is not confident with it.';
const NO_FACTS = '(nothing beyond what you said)';
const LANGUAGE = { zh: 'spoken Chinese (Mandarin, as in daily life)', en: 'spoken English' } as const;

/** The simulator's sampling when its agent entry sets none: deterministic, and short. */
export const USER_SIMULATOR_SAMPLING = { temperature: 0, max_tokens: 200 } as const;
/** Longer answers are cut here: a person answering a question does not dictate pages. */
export const MAX_ANSWER_CHARS = 500;

export type SimulatedTask = Pick<Task, 'lang' | 'user'>;

/** The messages the simulator's model receives for one question. */
export function userSimulatorMessages(task: SimulatedTask, q: UserQuestion): ChatMessage[] {
  const facts = task.user?.facts.length ? task.user.facts.map((f) => `- ${f}`).join('\n') : NO_FACTS;
  const system = fill(USER_SIMULATOR_PROMPT, {
    persona: task.user?.persona ?? DEFAULT_PERSONA,
    instruction: q.instruction,
    facts,
    language: LANGUAGE[task.lang],
  });
  const earlier = q.conversation.length
    ? `Earlier questions and your answers:\n${q.conversation.map((t) => `Q: ${t.question}\nA: ${t.answer}`).join('\n')}\n\n`
    : '';
  return [
    { role: 'system', content: system },
    { role: 'user', content: `${earlier}The assistant asks: ${q.question}` },
  ];
}

/** Strips what a chat model wraps around a plain answer (quotes, "A:", thinking tags) and caps its length. */
export function cleanAnswer(raw: string): string {
  let s = raw.replace(/<think>[\s\S]*?<\/think>/g, '').trim();
  s = s.replace(/^(A|Answer|答)\s*[:：]\s*/i, '').trim();
  const quoted = /^["“「'](.*)["”」']$/su.exec(s);
  if (quoted) s = quoted[1]!.trim();
  return [...s].slice(0, MAX_ANSWER_CHARS).join('');
}

/**
 * A model playing the task's older adult. Any failure of its endpoint — refusals included — is
 * the harness's, not the agent's: it is thrown as UserSimulatorError (infrastructure).
 */
export function simulatedUser(
  model: ModelPort,
  task: SimulatedTask,
  sampling: Record<string, number> = { ...USER_SIMULATOR_SAMPLING },
): UserResponder {
  return {
    mode: 'simulated',
    async reply(q: UserQuestion): Promise<UserReply> {
      const messages = userSimulatorMessages(task, q);
      const first = await answer(model, messages, sampling);
      if (!namesPhoneOperation(first.text)) return first;
      // Once more with a reminder; what answering cost is the sum of both calls.
      const again = await answer(
        model,
        [...messages, { role: 'assistant', content: first.text }, { role: 'user', content: OPERATION_REMINDER }],
        sampling,
      );
      return {
        text: again.text,
        usage: addUsage(first.usage, again.usage),
        ms: first.ms + again.ms,
        ...(namesPhoneOperation(again.text) ? { namesOperation: true } : {}),
      };
    },
  };
}

async function answer(model: ModelPort, messages: ChatMessage[], sampling: Record<string, number>): Promise<UserReply & { text: string }> {
  let r;
  try {
    r = await model.complete({ messages, sampling });
  } catch (e) {
    if (e instanceof ModelRequestError) throw new UserSimulatorError(e.message, e.kind, e.attempts, e.status);
    if (e instanceof ModelRefusedError) throw new UserSimulatorError(e.message, 'http', 1, e.status);
    throw e;
  }
  const text = cleanAnswer(r.content.trim() ? r.content : r.reasoningContent);
  if (!text) throw new UserSimulatorError('the model gave an empty answer', 'bad-response', r.attempts);
  return { text, usage: r.usage, ms: r.latencyMs };
}

function addUsage(a: AgentUsage | null, b: AgentUsage | null): AgentUsage | null {
  if (!a || !b) return a ?? b;
  const sum = (x: number | null, y: number | null): number | null => (x === null || y === null ? null : x + y);
  return {
    ...b,
    prompt_tokens: sum(a.prompt_tokens, b.prompt_tokens),
    completion_tokens: sum(a.completion_tokens, b.completion_tokens),
    total_tokens: sum(a.total_tokens, b.total_tokens),
  };
}
