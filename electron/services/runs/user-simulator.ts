import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { UserManifest } from '../../../shared/domain/run-manifest.js';
import { OpenAiChatClient } from '../../adapters/llm/openai-client.js';
import { AgentInfrastructureError } from '../../core/agents/agent.js';
import { sha256 } from '../../core/agents/manifest.js';
import { scriptedUser } from '../../core/user/scripted-user.js';
import { simulatedUser, USER_SIMULATOR_PROMPT, USER_SIMULATOR_SAMPLING } from '../../core/user/simulated-user.js';
import type { UserMode, UserResponder } from '../../core/user/user-turn.js';

export interface UserSimulator {
  /** A responder for one task (its persona, facts and answers); null with `none`. */
  forTask(task: Task): UserResponder | null;
  manifest: UserManifest;
}

/**
 * Builds the run's user. The simulator is an agents.json entry like a judge: its key comes from
 * the environment variable the entry names, and a workspace entry needs the user's approval
 * (checked when the entry is looked up).
 */
export function createUserSimulator(
  mode: UserMode,
  entry: AgentConfig | null,
  env: Record<string, string | undefined> = process.env,
): UserSimulator {
  const none = { agent: null, model: null, endpointHost: null, keySource: null, sampling: null, promptSha256: null, prompt: null };
  if (mode === 'none') return { forTask: () => null, manifest: { mode, ...none } };
  if (mode === 'scripted') return { forTask: (t) => scriptedUser(t.user), manifest: { mode, ...none } };
  if (!entry?.baseUrl || !entry.model) {
    throw new AgentInfrastructureError(
      '--user simulated needs --user-agent NAME: an agent entry with a baseUrl and model (see elderbench agent list)',
      'config',
    );
  }
  const apiKey = entry.apiKeyEnv ? (env[entry.apiKeyEnv] ?? null) : null;
  if (entry.apiKeyEnv && !apiKey)
    throw new AgentInfrastructureError(`user simulator ${entry.name}: environment variable ${entry.apiKeyEnv} is not set`, 'config');
  const client = new OpenAiChatClient({
    baseUrl: entry.baseUrl,
    model: entry.model,
    apiKey,
    timeoutMs: entry.timeoutMs,
    retries: entry.retries,
  });
  const sampling: Record<string, number> = { ...USER_SIMULATOR_SAMPLING, ...(entry.sampling ?? {}) };
  return {
    forTask: (t) => simulatedUser(client, t, sampling),
    manifest: {
      mode,
      agent: entry.name,
      model: entry.model,
      endpointHost: client.endpointHost,
      keySource: entry.apiKeyEnv ? `env:${entry.apiKeyEnv}` : null,
      sampling,
      promptSha256: sha256(USER_SIMULATOR_PROMPT),
      prompt: USER_SIMULATOR_PROMPT,
    },
  };
}
