import { QWEN25_RESIZE, smartResize } from '../../geometry/smart-resize.js';
import type { AgentHistoryEntry } from '../agent.js';
import type { ChatMessage } from '../model-port.js';
import { image, text } from '../model-port.js';
import type { ParsedReply } from '../parsing/parsed-reply.js';
import { makeUivenusParser } from '../parsers/uivenus-parser.js';
import type { BuildInput, Family, FamilyContext } from './family.js';
import { answeredQuestions, fill } from './family.js';

/**
 * UI-Venus 1.5: system "You are a helpful assistant.", everything else in one user
 * message (text first, then the current screenshot). History is text only: the last 5 steps as
 * `Step {i}: <think>…</think><action>…</action>` (0-based). 1.5 answers on 0–1000; 1.0 in absolute
 * pixels of smart_resize(28, 3136, 12,845,056). CallUser defaults to "answer" (a harness decision, docs/agents.md): the
 * content is kept and becomes the Finish message if Finished comes without one; "ask" makes every
 * CallUser an AskUser, "auto" only one whose content is a question. The text history keeps only the
 * last steps, so the user's answers to earlier questions stay in the User Task section.
 */
export const UIVENUS_HISTORY_STEPS = 5;

export const UIVENUS_TEMPLATE = `You are a GUI agent operating a mobile phone. Analyse the user task, the current screenshot and your previous actions, then output the single next action.

### Available Actions
Click(box=(x1,y1)) # tap the point
LongPress(box=(x1,y1)) # press and hold the point
Drag(start=(x1,y1), end=(x2,y2)) # press at start, hold, move to end
Scroll(start=(x1,y1), end=(x2,y2)) # swipe the finger from start to end
Type(content='') # type into the focused input box
Launch(app='') # open an app by name
Wait() # wait for the screen to change
Finished(content='') # the task is complete
CallUser(content='') # give the user an answer or information they asked for
PressBack()
PressHome()
PressEnter()
PressRecent()
Coordinates are on a grid from (0,0) at the top-left to (1000,1000) at the bottom-right.

### User Task
{instruction}

### Previous Actions
{previous_actions}

### Output Format
<think> your reasoning </think>
<action> one action from the list </action>
<conclusion> one sentence summarising what the action did </conclusion>

### Instruction
- If the task asks a question, answer it with CallUser before you output Finished.
- If what you need is not visible, scroll to explore.
- To copy text, long-press it and use the selection bar.`;

function template(ctx: FamilyContext): string {
  return ctx.config.promptTemplate ?? UIVENUS_TEMPLATE;
}

/** The task as the user gave it, then their answers to the agent's questions (never dropped with old steps). */
function userTask(instruction: string, history: readonly AgentHistoryEntry[]): string {
  const qa = answeredQuestions(history);
  if (qa.length === 0) return instruction;
  return `${instruction}\nThe user's answers to your questions:\n${qa.map((x) => `- You asked: ${x.question}\n  The user said: ${x.answer}`).join('\n')}`;
}

/** A CallUser whose content asks something ("她是谁?", "Which one?") rather than tells. */
export function isQuestion(s: string): boolean {
  return /[?？]\s*$|[吗呢么]\s*[。.]?\s*$/u.test(s.trim());
}

function previousActions(history: readonly AgentHistoryEntry[], n: number): string {
  const start = Math.max(0, history.length - n);
  return history
    .slice(start)
    .map((h, k) => `Step ${start + k}: <think>${h.thought}</think><action>${h.actionText || h.raw}</action>`)
    .join('\n');
}

/** Finished() with no content after a CallUser answer carries that answer (the prompt's sequencing). */
function withAnswer(parsed: ParsedReply, history: readonly AgentHistoryEntry[]): ParsedReply {
  if (parsed.action.type !== 'Finish' || parsed.action.message) return parsed;
  const answer = [...history].reverse().find((h) => h.flags.answer !== undefined)?.flags.answer;
  return answer === undefined ? parsed : { ...parsed, action: { ...parsed.action, message: answer } };
}

export const uivenusFamily: Family = {
  id: 'uivenus',
  version: '1.1.0',
  defaultVariant: '1.5',
  defaultSampling: { temperature: 0, top_p: 1, top_k: -1, repetition_penalty: 1.05, max_tokens: 2048 },
  sendSize: (screen, ctx) => (ctx.variant === '1.0' ? smartResize(screen, QWEN25_RESIZE) : null),
  coordMode: (sent, ctx) => (ctx.variant === '1.0' ? { kind: 'absolute', sent } : { kind: 'relative', max: 1000 }),
  buildMessages(input: BuildInput): ChatMessage[] {
    const n = input.config.historyImages ?? UIVENUS_HISTORY_STEPS;
    const body = fill(template(input), {
      instruction: userTask(input.instruction, input.history),
      previous_actions: previousActions(input.history, n) || 'None',
    });
    return [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: [text(body), image(input.image.dataUrl)] },
    ];
  },
  parse(raw, mode, ctx, history) {
    const meaning = ctx.config.callUser ?? 'answer';
    const parsed = makeUivenusParser(meaning === 'ask' ? 'ask' : 'answer')(raw, { coords: mode });
    const answer = parsed.flags.answer;
    if (meaning === 'auto' && parsed.action.type === 'Noop' && answer !== undefined && isQuestion(answer)) {
      const { answer: _asked, ...flags } = parsed.flags;
      return { ...parsed, action: { type: 'AskUser', message: answer }, flags };
    }
    return withAnswer(parsed, history);
  },
  describe: (ctx) => ({
    promptTemplate: template(ctx),
    historyPolicy: `text only: last ${ctx.config.historyImages ?? UIVENUS_HISTORY_STEPS} steps as "Step i: <think>…</think><action>…</action>" (0-based); one image (current); CallUser means "${ctx.config.callUser ?? 'answer'}"; the user's answers to AskUser are listed under the User Task`,
    coordinates: ctx.variant === '1.0' ? "absolute pixels of the image we sent: n = x/W'·1000" : 'relative 0–1000: n = v',
    resize: ctx.variant === '1.0' ? 'client-side smart_resize(factor 28, min 3,136, max 12,845,056)' : 'none on our side',
  }),
};
