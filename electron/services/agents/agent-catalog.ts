import { ApiError } from '../../../shared/api/index.js';
import type { ModelAdapterId } from '../../../shared/schemas/agent-config.js';
import { AgentApprovals } from '../../adapters/llm/agent-approvals.js';
import type { AgentConfigSet, AgentEntry } from '../../adapters/llm/agent-configs.js';
import { approveAgent, loadAgentConfigs, secretUse } from '../../adapters/llm/agent-configs.js';
import type { ParsedReplyReport } from '../../core/agents/parse-reply.js';
import { ParseOptionsError, parseReplyAs, readSize } from '../../core/agents/parse-reply.js';
import { workspaceFolder } from '../workspace/workspace-folder.js';

/**
 * The agents as the command line sees them (`agent list`, `agent trust`, `agent parse`): the same agents.json
 * reader and approvals as the window's runs.agents / runs.approveAgent, without opening the workspace database.
 */

/** Problems in agents.json, one line each; nothing is listed or approved from a broken file. */
export interface AgentFileProblems {
  file: string | null;
  errors: string[];
}

export interface AgentListRow {
  name: string;
  adapter: string;
  variant: string | null;
  model: string | null;
  endpointHost: string | null;
  apiKeyEnv: string | null;
  /** Whether the key variable is set (never its value). */
  keySet: boolean | null;
  source: AgentEntry['source'];
  trust: AgentEntry['trust'];
  description: string;
}

/** Built-in and workspace agents (`--workspace` or the default workspace folder). */
export function listAgents(
  workspaceFlag: string | undefined,
): { file: string | null; agents: AgentListRow[] } | { problems: AgentFileProblems } {
  const set = loadAgentConfigs(workspaceFolder(workspaceFlag));
  if (set.errors.length > 0) return { problems: { file: set.file, errors: set.errors } };
  return {
    file: set.file,
    agents: set.agents.map((a) => ({
      name: a.name,
      adapter: a.adapter,
      variant: a.variant ?? null,
      model: a.model ?? null,
      endpointHost: a.baseUrl ? new URL(a.baseUrl).host : null,
      apiKeyEnv: a.apiKeyEnv ?? null,
      keySet: a.apiKeyEnv ? Boolean(process.env[a.apiKeyEnv]) : null,
      source: a.source,
      trust: a.trust,
      description: a.description ?? '',
    })),
  };
}

/** Withdraws this machine's approvals of an agent entry; returns how many there were. */
export function revokeAgentApproval(name: string): number {
  return new AgentApprovals().revoke(name);
}

/**
 * Approves, on this machine, that a workspace agent entry sends its key variable to its host. Throws (saying why)
 * for an unknown name or an entry that needs no approval.
 */
export function trustWorkspaceAgent(
  workspaceFlag: string | undefined,
  name: string,
):
  | { problems: AgentFileProblems }
  | { agent: string; variable: string; origin: string; approvalsFile: string; agentsFile: string | null; model: string | null } {
  const approvals = new AgentApprovals();
  const set: AgentConfigSet = loadAgentConfigs(workspaceFolder(workspaceFlag), { approvals });
  if (set.errors.length > 0) return { problems: { file: set.file, errors: set.errors } };
  const entry = set.agents.find((a) => a.name === name);
  const use = entry ? secretUse(entry) : null;
  const approved = approveAgent(set, name, approvals);
  return { ...approved, approvalsFile: approvals.file, agentsFile: set.file, model: use && entry?.model ? entry.model : null };
}

/**
 * One raw model reply parsed into the canonical action, as an agent run would parse it. Sizes are given as WxH and
 * checked before the reply is read; a malformed size or option is an ApiError 'bad_request'.
 */
export async function parseModelReply(
  format: ModelAdapterId,
  reply: () => Promise<string>,
  o: { screen: string; sent?: string; variant?: string },
): Promise<ParsedReplyReport> {
  try {
    const screen = readSize(o.screen, '--screen');
    const sent = o.sent ? readSize(o.sent, '--sent') : null;
    return parseReplyAs(format, await reply(), { screen, sent, variant: o.variant });
  } catch (e) {
    if (e instanceof ParseOptionsError) throw new ApiError('bad_request', e.message);
    throw e;
  }
}
