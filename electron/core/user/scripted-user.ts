import type { ScriptedAnswer, UserBlock } from '../../../shared/schemas/task.js';
import type { UserReply, UserResponder } from './user-turn.js';

/**
 * The task's scripted answer to a question: the first entry with a keyword contained in the
 * question (case-insensitive), else the fallback entry (`"when": []`), else nothing.
 */
export function scriptedAnswer(answers: readonly ScriptedAnswer[], question: string): ScriptedAnswer | null {
  const q = question.toLowerCase();
  return answers.find((a) => a.when.some((k) => q.includes(k.toLowerCase()))) ?? answers.find((a) => a.when.length === 0) ?? null;
}

/** Deterministic answers from the task's `user.answers`; a task without them has nothing to say. */
export function scriptedUser(user: UserBlock | undefined): UserResponder {
  return {
    mode: 'scripted',
    reply: async ({ question }): Promise<UserReply> => {
      const hit = scriptedAnswer(user?.answers ?? [], question);
      if (hit) return { text: hit.say, usage: null, ms: 0 };
      const reason = user?.answers?.length
        ? 'no scripted answer matches the question and the task has no fallback'
        : 'the task has no scripted answers';
      return { text: null, reason, usage: null, ms: 0 };
    },
  };
}
