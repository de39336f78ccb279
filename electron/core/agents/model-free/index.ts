import type { AgentConfig } from '../../../../shared/schemas/agent-config.js';
import type { Agent } from '../agent.js';
import { AgentInfrastructureError } from '../agent.js';
import { HeuristicAgent } from './heuristic/heuristic-agent.js';
import { RandomAgent } from './random.js';
import { ReplayAgent } from './replay.js';
import type { TokenizerPort } from './tokenizer-port.js';

export const MODEL_FREE_VERSIONS = { replay: '1.0.0', random: '1.0.0', heuristic: '1.0.0' } as const;

export function createModelFreeAgent(config: AgentConfig, deps: { tokenizer?: TokenizerPort }): Agent {
  switch (config.adapter) {
    case 'replay':
      return new ReplayAgent(config.name, config.actions ?? []);
    case 'random':
      return new RandomAgent(config.name, config.seed ?? 0);
    case 'heuristic':
      if (!deps.tokenizer) throw new AgentInfrastructureError('the heuristic agent needs a tokenizer (pass the jieba adapter)', 'config');
      return new HeuristicAgent(config.name, deps.tokenizer);
    default:
      throw new AgentInfrastructureError(`${config.adapter} is a model adapter; create it with a model client`, 'config');
  }
}
