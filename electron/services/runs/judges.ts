import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import type { JudgeManifest } from '../../../shared/domain/run-manifest.js';
import { SharpImagePort } from '../../adapters/images/sharp-image-port.js';
import { OpenAiChatClient } from '../../adapters/llm/openai-client.js';
import { AgentInfrastructureError } from '../../core/agents/agent.js';
import { sha256 } from '../../core/agents/manifest.js';
import { evaluateExpect } from '../../core/eval/check-matcher.js';
import type { Judge } from '../../core/eval/judge.js';
import { ruleJudge } from '../../core/eval/rule-judge.js';
import type { JudgeKind } from '../../core/eval/outcome.js';
import type { GraphOf } from '../../core/eval/state-judge.js';
import { stateJudge } from '../../core/eval/state-judge.js';
import { ruleDecides } from '../../core/eval/paired-judge.js';
import { DEFAULT_VLM_JUDGE_OPTIONS, VLM_JUDGE_PROMPT, vlmJudge } from '../../core/eval/vlm-judge.js';

/**
 * Builds the run's judge; the VLM judge reads its key from the environment variable its agent entry
 * names; the state judge reads each task's graph through `graphOf` (none given: the judge says it cannot).
 */
export function createJudge(
  kind: JudgeKind,
  judgeAgent: AgentConfig | null,
  env: Record<string, string | undefined> = process.env,
  graphOf: GraphOf = () => null,
): { judge: Judge; manifest: JudgeManifest } {
  const rule = ruleJudge(evaluateExpect);
  const plain = { model: null, endpointHost: null, promptSha256: null, prompt: null, sampledFrames: null };
  if (kind === 'rule') return { judge: rule, manifest: { kind, ...plain } };
  if (kind === 'state') return { judge: stateJudge(graphOf), manifest: { kind, ...plain } };
  if (kind === 'rule+state') return { judge: ruleDecides('rule+state', rule, stateJudge(graphOf)), manifest: { kind, ...plain } };
  if (!judgeAgent?.baseUrl || !judgeAgent.model) {
    throw new AgentInfrastructureError(
      `--judge ${kind} needs --judge-agent NAME: an agent entry with a model (see elderbench agent list)`,
      'config',
    );
  }
  const apiKey = judgeAgent.apiKeyEnv ? (env[judgeAgent.apiKeyEnv] ?? null) : null;
  if (judgeAgent.apiKeyEnv && !apiKey) {
    throw new AgentInfrastructureError(`judge ${judgeAgent.name}: environment variable ${judgeAgent.apiKeyEnv} is not set`, 'config');
  }
  const client = new OpenAiChatClient({
    baseUrl: judgeAgent.baseUrl,
    model: judgeAgent.model,
    apiKey,
    timeoutMs: judgeAgent.timeoutMs,
    retries: judgeAgent.retries,
  });
  const vlm = vlmJudge(client, new SharpImagePort(), DEFAULT_VLM_JUDGE_OPTIONS);
  return {
    judge: kind === 'vlm' ? vlm : ruleDecides('both', rule, vlm),
    manifest: {
      kind,
      model: judgeAgent.model,
      endpointHost: client.endpointHost,
      promptSha256: sha256(VLM_JUDGE_PROMPT),
      prompt: VLM_JUDGE_PROMPT,
      sampledFrames: DEFAULT_VLM_JUDGE_OPTIONS.sampledFrames,
    },
  };
}
