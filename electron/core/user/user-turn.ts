import type { AgentUsage } from '../agents/agent.js';
import type { InfrastructureKind } from '../agents/agent.js';
import { ModelRequestError } from '../agents/model-port.js';

import type { UserMode } from '../../../shared/schemas/run-spec.js';
export { USER_MODES } from '../../../shared/schemas/run-spec.js';
export type { UserMode } from '../../../shared/schemas/run-spec.js';

/** One earlier question of this task and what the user said to it. */
export interface ConversationTurn {
  question: string;
  answer: string;
}

/** What a responder says to one question. */
export interface UserReply {
  /** The user's words; null when they have nothing to say (no scripted answer matches). */
  text: string | null;
  /** Why there is no text. */
  reason?: string;
  /** The simulator's token counts as its provider reported them; null for scripted answers. */
  usage: AgentUsage | null;
  /** Time the simulator's call took (the attempt that answered), ms; 0 for scripted answers. */
  ms: number;
  /** The simulator's answer told the agent how to operate the phone, even when asked again (kept, and counted). */
  namesOperation?: boolean;
}

export interface UserQuestion {
  /** What the user said first (the task's own instruction, whatever text the agent was given). */
  instruction: string;
  question: string;
  conversation: readonly ConversationTurn[];
}

export interface UserResponder {
  readonly mode: Exclude<UserMode, 'none'>;
  reply(q: UserQuestion): Promise<UserReply>;
}

/**
 * One AskUser step as the run records it (`details.user` of the step): the question, the answer
 * (null = nobody answered, the task ended) and what answering cost — kept apart from the agent's
 * own tokens and time.
 */
export interface UserTurn {
  question: string;
  answer: string | null;
  source: 'scripted' | 'simulated';
  ms: number;
  usage: AgentUsage | null;
  reason?: string;
  /** The answer names the phone's interface (see operation-hint.ts): a hint the agent should not have had. */
  namesOperation?: true;
}

/** The simulated user's model could not answer: the harness failed, never the agent (infrastructure). */
export class UserSimulatorError extends ModelRequestError {
  /** Which model failed (a ModelRequestError, so it is classified as infrastructure like any other). */
  readonly source = 'user-simulator';
  constructor(message: string, kind: InfrastructureKind, attempts = 0, status: number | null = null) {
    super(`user simulator: ${message}`, kind, attempts, status);
  }
}
