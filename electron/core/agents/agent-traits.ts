import { MODEL_FREE_ADAPTERS } from '../../../shared/schemas/agent-config.js';
import type { AdapterId } from '../../../shared/schemas/agent-config.js';

/** What a run must know about an agent before it runs it. */
export interface AgentTraits {
  /** Calls no model: no endpoint, no key, no tokens. */
  modelFree: boolean;
  /** Reads the screenshot: offline runs decode each node's image for it (model-free agents read the UI tree only). */
  needsImage: boolean;
}

const MODEL_FREE = new Set<string>(MODEL_FREE_ADAPTERS);

export const isModelFreeAdapter = (adapter: string): adapter is (typeof MODEL_FREE_ADAPTERS)[number] => MODEL_FREE.has(adapter);

/** The traits of an adapter (every agent of an adapter shares them). */
export function agentTraits(adapter: AdapterId | string): AgentTraits {
  const modelFree = isModelFreeAdapter(adapter);
  return { modelFree, needsImage: !modelFree };
}

/**
 * The oracle every run offers besides the configured agents: it is no agents.json entry, because it
 * is built per task, replaying that task's first finished demonstration. A run that scores it below
 * 100% offline shows a graph that rejects its own demonstration.
 */
export const REPLAY_ORACLE = {
  name: 'replay',
  adapter: 'replay',
  description: "Follows each task's first demonstration (the oracle)",
  follows: 'the first finished demonstration of each task',
} as const;

/** Whether an agent name in a run spec means the replay oracle. */
export const isReplayOracle = (name: string): boolean => name === REPLAY_ORACLE.name;
