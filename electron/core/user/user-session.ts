import type { UserStats } from '../../../shared/domain/run-records.js';
import type { ConversationTurn, UserResponder, UserTurn } from './user-turn.js';

/** What answering cost over one task, stored with its result (`details.user`). */
export type { UserStats } from '../../../shared/domain/run-records.js';

/**
 * One task's conversation with its user: each question is answered in the light of the earlier
 * ones, and the cost is kept for the result. `ask` never throws for "no answer" — that is a turn
 * with `answer: null`, which ends the task.
 */
export class UserSession {
  readonly turns: UserTurn[] = [];

  constructor(
    private readonly responder: UserResponder,
    private readonly instruction: string,
  ) {}

  get conversation(): ConversationTurn[] {
    return this.turns.flatMap((t) => (t.answer === null ? [] : [{ question: t.question, answer: t.answer }]));
  }

  async ask(question: string): Promise<UserTurn> {
    const r = await this.responder.reply({ instruction: this.instruction, question, conversation: this.conversation });
    const turn: UserTurn = {
      question,
      answer: r.text,
      source: this.responder.mode,
      ms: r.ms,
      usage: r.usage,
      ...(r.reason ? { reason: r.reason } : {}),
      ...(r.namesOperation ? { namesOperation: true as const } : {}),
    };
    this.turns.push(turn);
    return turn;
  }
}

/** Totals over a task's AskUser steps (`asks` counts every AskUser, answered or not, `none` included). */
export function userStats(mode: UserStats['mode'], asks: number, turns: readonly UserTurn[]): UserStats {
  let tokens: number | null = 0;
  for (const t of turns) {
    if (!t.usage) continue;
    const p = t.usage.prompt_tokens;
    const c = t.usage.completion_tokens;
    tokens = p === null || c === null || tokens === null ? null : tokens + p + c;
  }
  return {
    mode,
    asks,
    answered: turns.filter((t) => t.answer !== null).length,
    ...(turns.some((t) => t.namesOperation) ? { operationHints: turns.filter((t) => t.namesOperation).length } : {}),
    tokens: mode === 'simulated' ? tokens : null,
    ms: turns.reduce((a, t) => a + t.ms, 0),
  };
}
