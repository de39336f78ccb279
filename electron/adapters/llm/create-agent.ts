import type { AgentConfig, ModelAdapterId } from '../../../shared/schemas/agent-config.js';
import { MODEL_ADAPTERS } from '../../../shared/schemas/agent-config.js';
import type { Agent } from '../../core/agents/agent.js';
import { AgentInfrastructureError } from '../../core/agents/agent.js';
import { FAMILIES } from '../../core/agents/families/index.js';
import type { ImagePort } from '../../core/agents/image-port.js';
import type { ModelPort } from '../../core/agents/model-port.js';
import { ModelAgent } from '../../core/agents/model-agent.js';
import { createModelFreeAgent } from '../../core/agents/model-free/index.js';
import type { TokenizerPort } from '../../core/agents/model-free/tokenizer-port.js';
import { SharpImagePort } from '../images/sharp-image-port.js';
import { JiebaTokenizer } from '../nlp/jieba-tokenizer.js';
import type { ClientLogEvent } from './openai-client.js';
import { OpenAiChatClient } from './openai-client.js';

export interface CreateAgentOptions {
  /** Where API keys are read from (by the variable NAME in the config); defaults to process.env. */
  env?: Record<string, string | undefined>;
  images?: ImagePort;
  tokenizer?: TokenizerPort;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  log?: (event: ClientLogEvent) => void;
  /**
   * Puts a port in front of the model client, which it makes on first use (`client()`): a re-scored run
   * answers from stored replies and needs the endpoint — and its key — only where the agent goes on.
   */
  wrapModel?: (client: () => ModelPort) => ModelPort;
}

export function isModelAdapter(adapter: string): adapter is ModelAdapterId {
  return (MODEL_ADAPTERS as readonly string[]).includes(adapter);
}

/** Builds a runnable agent from a validated config entry. */
export function createAgent(config: AgentConfig, opts: CreateAgentOptions = {}): Agent {
  if (!isModelAdapter(config.adapter)) {
    return createModelFreeAgent(config, {
      tokenizer: opts.tokenizer ?? (config.adapter === 'heuristic' ? new JiebaTokenizer() : undefined),
    });
  }
  const env = opts.env ?? process.env;
  const client = (): ModelPort => {
    let apiKey: string | null = null;
    if (config.apiKeyEnv) {
      apiKey = env[config.apiKeyEnv] ?? null;
      if (!apiKey) {
        throw new AgentInfrastructureError(
          `agent ${config.name}: environment variable ${config.apiKeyEnv} is not set; export it (the key itself never goes in agents.json)`,
          'config',
        );
      }
    }
    return new OpenAiChatClient({
      baseUrl: config.baseUrl!,
      model: config.model!,
      apiKey,
      timeoutMs: config.timeoutMs,
      retries: config.retries,
      stream: config.stream,
      fetch: opts.fetch,
      sleep: opts.sleep,
      log: opts.log,
    });
  };
  const model = opts.wrapModel ? opts.wrapModel(client) : client();
  return new ModelAgent(config, FAMILIES[config.adapter], { model, images: opts.images ?? new SharpImagePort(), now: opts.now });
}
