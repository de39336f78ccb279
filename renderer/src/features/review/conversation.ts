import type { ReviewStep } from '../../../../shared/domain/review.js';

/** One line of a task's conversation between the older adult and the agent. */
export interface ConversationLine {
  who: 'user' | 'agent';
  text: string;
  /** The step that asked (agent lines and their answers). */
  step: number | null;
  /** Who answered: the task's script or a simulated user; null for the instruction and for questions. */
  source: string | null;
  /** The simulated answer told the agent how to operate the phone (even after a reminder). */
  namesOperation?: true;
}

/** The instruction, then each AskUser step's question and its answer (or that nobody answered). */
export function conversationOf(instruction: string, steps: readonly ReviewStep[]): ConversationLine[] {
  const lines: ConversationLine[] = [{ who: 'user', text: instruction, step: null, source: null }];
  steps.forEach((s, i) => {
    if (s.action.type !== 'AskUser') return;
    const u = s.details.user ?? null;
    lines.push({ who: 'agent', text: s.action.message || '(asks for help without a question)', step: i, source: null });
    const answered = typeof u?.answer === 'string';
    lines.push({
      who: 'user',
      text: answered ? u!.answer! : `No answer${u?.reason ? ` (${u.reason})` : ''}: the task ended here.`,
      step: i,
      source: answered ? (u!.source ?? null) : null,
      ...(answered && u!.namesOperation ? { namesOperation: true as const } : {}),
    });
  });
  return lines;
}
