import type { Action } from '../../shared/domain/action.js';
import type { Agent, AgentHistoryEntry, AgentStepResult } from '../../electron/core/agents/agent.js';
import { ZERO_USAGE } from '../../electron/core/agents/agent.js';

/** What a scripted agent returns for one action (no model, no thought). */
export const stepResult = (action: Action): AgentStepResult => ({
  raw: JSON.stringify(action),
  action,
  timings: { reasoning_ms: 1, parsing_ms: 0 },
  usage: ZERO_USAGE,
  thought: '',
  extras: [],
  flags: {} as AgentStepResult['flags'],
  reasoningContent: null,
  sent: null,
  attempts: 1,
  historyEntry: { raw: '', action, thought: '', actionText: '', flags: {} as AgentStepResult['flags'], image: null, currentApp: null },
});

/** An agent that plays the given actions in order (repeating the last), and keeps the histories it was shown. */
export function scriptedAgent(actions: readonly Action[]): Agent & { histories: AgentHistoryEntry[][] } {
  let i = 0;
  const histories: AgentHistoryEntry[][] = [];
  return {
    name: 'scripted',
    adapter: 'scripted',
    histories,
    step: async (_obs, _instruction, history) => {
      histories.push([...history]);
      return stepResult(actions[Math.min(i++, actions.length - 1)]!);
    },
  };
}
