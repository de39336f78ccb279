import type { Action } from '../../../shared/domain/action.js';
import type { StepRequest, StepUsage as AgentUsage } from '../../../shared/domain/run-records.js';
import type { ScreenSize, UiHierarchy } from '../../../shared/domain/ui-node.js';
import type { ParseFlags } from './parsing/parsed-reply.js';
import type { SentImage } from './image-port.js';

/**
 * The agent interface: step(observation, instruction, history) → action + timings + usage.
 * A ParseError is an action the runner records as the agent's failure; an infrastructure
 * problem (the model server never answered properly) is thrown as AgentInfrastructureError.
 */
export interface AgentObservation {
  /** The full device screenshot as PNG bytes; null only for model-free agents that do not need it. */
  screenshot: Uint8Array | null;
  screen: ScreenSize;
  /** The parsed uiautomator hierarchy (electron/core/ui/parse-ui-xml.ts), or null when the dump failed. */
  ui: UiHierarchy | null;
  /** Foreground app's display name, when known (AutoGLM's screen_info). */
  currentApp?: string | null;
}

/** One earlier step of this episode, as this agent produced it. Runners pass these back unchanged. */
export interface AgentHistoryEntry {
  raw: string;
  action: Action;
  thought: string;
  actionText: string;
  flags: ParseFlags;
  /** The screenshot exactly as it was sent (image-history agents resend it). */
  image: SentImage | null;
  currentApp: string | null;
  /** Set by the runner after an answered AskUser: the user's words, sent back as the next user turn in the family's format. */
  userReply?: string;
}

export interface AgentTimings {
  /** Time of the model call that answered; retried attempts are not counted (paper §4.2.3 AIL). */
  reasoning_ms: number;
  parsing_ms: number;
}

/** Token counts exactly as the provider reported them; null when it did not, never estimated. */
export type { StepUsage as AgentUsage } from '../../../shared/domain/run-records.js';

export interface AgentStepResult {
  raw: string;
  action: Action;
  timings: AgentTimings;
  usage: AgentUsage;
  thought: string;
  /** Other calls in the same reply: logged, not executed. */
  extras: string[];
  flags: ParseFlags & { fromReasoningContent?: boolean; finishReason?: string | null };
  reasoningContent: string | null;
  /** The size of the screenshot the model saw (W', H'); null for model-free agents. */
  sent: ScreenSize | null;
  /** Attempts the model call took (1 = no retry). */
  attempts: number;
  /** Append this to the history for the next step. */
  historyEntry: AgentHistoryEntry;
  /** What was sent to the model, without image bytes (model agents; the run stores it with the step). */
  request?: StepRequest;
}

export interface Agent {
  readonly name: string;
  readonly adapter: string;
  /** `signal` aborts a model call in flight (the runner's deadline); agents without one may ignore it. */
  step(
    observation: AgentObservation,
    instruction: string,
    history: readonly AgentHistoryEntry[],
    signal?: AbortSignal,
  ): Promise<AgentStepResult>;
}

export type InfrastructureKind = 'timeout' | 'http' | 'network' | 'bad-response' | 'config' | 'image';

/**
 * The run could not get an answer from the model (after retries) or could not prepare its input.
 * Not the agent's failure: the runner records an infrastructure error and may re-run the task.
 * Messages never contain API keys (the client never sees them in a message it builds).
 */
export class AgentInfrastructureError extends Error {
  override readonly name = 'AgentInfrastructureError';
  constructor(
    message: string,
    readonly kind: InfrastructureKind,
    readonly attempts = 0,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export const ZERO_USAGE: AgentUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
