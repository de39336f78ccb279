import type { Action } from '../../../../shared/domain/action.js';
import type { AgentObservation, AgentStepResult } from '../agent.js';
import { ZERO_USAGE } from '../agent.js';

/** A model-free agent's step: its "raw" output is the action as JSON, reasoning time is its own compute time. */
export function modelFreeResult(action: Action, thought: string, obs: AgentObservation, startedAt: number, now: number): AgentStepResult {
  const raw = JSON.stringify(action);
  return {
    raw,
    action,
    timings: { reasoning_ms: now - startedAt, parsing_ms: 0 },
    usage: { ...ZERO_USAGE },
    thought,
    extras: [],
    flags: {},
    reasoningContent: null,
    sent: null,
    attempts: 1,
    historyEntry: { raw, action, thought, actionText: raw, flags: {}, image: null, currentApp: obs.currentApp ?? null },
  };
}
