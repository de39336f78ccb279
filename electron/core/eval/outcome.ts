import type { Action } from '../../../shared/domain/action.js';
import type { AgentUsage } from '../agents/agent.js';
import type { StepRequest } from '../../../shared/domain/run-records.js';

/**
 * Why a task ended. Each category belongs to exactly one class (agent / infrastructure /
 * invalid task), defined in exit-classes.ts and documented in docs/runs.md.
 */
export type ExitCategory =
  | 'finished' // the agent said Finish
  | 'gave_up' // the agent said Finish with status failure
  | 'ask_user' // the agent handed back to the user
  | 'step_limit'
  | 'timeout'
  | 'off_graph' // offline: an action matched no edge
  | 'parse_error' // the agent's output could not be read
  | 'model_refused' // the model server refused this task's request (4xx, content filter, context overflow)
  | 'judge_error' // online: the judge's verdict was unreadable
  | 'infra_error' // device or model infrastructure failed (after retries)
  | 'invalid_task' // online: the task already passed before the agent acted
  | 'no_graph' // offline: the task has no graph to score against
  | 'setup_failed'; // online: the task's setup failed on every device

export interface StepRecord {
  idx: number;
  action: Action;
  raw: string;
  /** Blob id of what the agent saw (online: the captured screenshot; offline: the node's representative). */
  observationBlob: string | null;
  /** Offline: the node before the step, the matched edge and the nearest distance; online: device details. */
  details: Record<string, unknown>;
  timings: { reasoning_ms: number; parsing_ms: number; device_ms?: number };
  usage: AgentUsage;
  /** What the step sent to the model (model agents), stored with the step for the run bundle. */
  request?: StepRequest;
  /** Images the step sent (kept when the rest of the step is dropped from memory, for the cost). */
  imagesSent?: number;
}

export type { JudgeKind, JudgeVerdict } from '../../../shared/domain/run-records.js';

/** One (task, agent, mode) result. Success = finished AND (offline: on a DONE node | online: the judge passed). */
export interface TaskOutcome {
  taskId: string;
  agent: string;
  mode: 'online' | 'offline';
  success: boolean;
  exit: ExitCategory;
  steps: number;
  /** Offline: final node and whether it is DONE; online: the judge's verdict and the device used. */
  details: Record<string, unknown>;
}

/**
 * What a task's model calls cost in tokens and images, as providers bill them: completion counts the thinking
 * tokens a provider left out of completion_tokens (total − prompt, when larger). Null counts when any call
 * reported no usage (a cost is then unknown, never 0).
 */
export function billableUsage(steps: readonly StepRecord[]): {
  promptTokens: number | null;
  completionTokens: number | null;
  images: number;
} {
  let prompt = 0;
  let completion = 0;
  let known = true;
  let images = 0;
  for (const s of steps) {
    images += s.imagesSent ?? 0;
    const p = s.usage.prompt_tokens;
    const c = s.usage.completion_tokens;
    if (p === null || c === null) known = false;
    else {
      prompt += p;
      completion += Math.max(c, s.usage.completion_from_total ?? 0);
    }
  }
  return known ? { promptTokens: prompt, completionTokens: completion, images } : { promptTokens: null, completionTokens: null, images };
}

/** Sums over a task's steps that the metrics need. */
export function stepTotals(steps: readonly StepRecord[]): { reasoningMs: number[]; tokens: number; tokensKnown: boolean } {
  let tokens = 0;
  let known = true;
  const reasoningMs: number[] = [];
  for (const s of steps) {
    reasoningMs.push(s.timings.reasoning_ms + s.timings.parsing_ms);
    const p = s.usage.prompt_tokens;
    const c = s.usage.completion_tokens;
    if (p === null || c === null) known = false;
    else tokens += p + c;
  }
  return { reasoningMs, tokens, tokensKnown: known };
}
