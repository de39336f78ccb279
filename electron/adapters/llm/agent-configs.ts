import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import { AgentsFileSchema } from '../../../shared/schemas/agent-config.js';
import { BUILTIN_AGENTS } from '../../core/agents/builtin-agents.js';
import { describeJsonSyntaxError, stripBom } from '../../core/text/json-syntax.js';
import { AgentApprovals } from './agent-approvals.js';

/** Where a workspace keeps its own agent entries. */
export const AGENTS_FILE = 'agents.json';

/**
 * Why an entry may (or may not yet) read its key: built-ins and entries that name no key
 * variable need nothing; an entry from a workspace file that names one needs the user's
 * approval on this machine, because a shared workspace is someone else's file.
 */
export type AgentTrust = 'builtin' | 'no-secret' | 'approved' | 'needs-approval';

/** What an entry from a workspace would do with a secret: send this variable to this origin (scheme://host:port). */
export interface SecretUse {
  agent: string;
  variable: string;
  origin: string;
}

export type AgentEntry = AgentConfig & { source: 'builtin' | 'workspace'; trust: AgentTrust };

export interface AgentConfigSet {
  agents: AgentEntry[];
  /** Problems in agents.json, one line each, with the field path; nothing is loaded from a broken file. */
  errors: string[];
  /** The workspace agents.json that was read, or null when there is none. */
  file: string | null;
}

export class AgentConfigError extends Error {
  override readonly name = 'AgentConfigError';
}

/** A workspace entry wants a secret the user has not approved for it. */
export class AgentTrustError extends AgentConfigError {
  constructor(
    readonly use: SecretUse,
    file: string | null,
  ) {
    super(
      `agent "${use.agent}" comes from ${file ?? 'the workspace agents.json'} and would send the value of the environment ` +
        `variable ${use.variable} to ${use.origin}. Nothing was sent. If you trust that, approve it on this machine with: ` +
        `elderbench agent trust ${use.agent}  (or in the window: Runs → New run → Approve)`,
    );
  }
}

/** The (entry, origin, variable) a workspace entry would use a secret for; null when it uses none. */
export function secretUse(entry: AgentConfig): SecretUse | null {
  if (!entry.apiKeyEnv || !entry.baseUrl) return null;
  return { agent: entry.name, variable: entry.apiKeyEnv, origin: new URL(entry.baseUrl).origin };
}

const BUILTIN_NAMES = new Set(BUILTIN_AGENTS.map((a) => a.name));

/**
 * Built-ins + the workspace's agents.json. A workspace entry may replace a built-in only when it
 * says so (`"replacesBuiltin": true`); otherwise a familiar name could quietly point somewhere
 * else. Messages never echo field values or file text, so a key pasted by mistake is not printed back.
 */
export function loadAgentConfigs(workspaceDir: string | null, opts: { approvals?: AgentApprovals } = {}): AgentConfigSet {
  const byName = new Map<string, AgentEntry>();
  for (const a of BUILTIN_AGENTS) byName.set(a.name, { ...a, source: 'builtin', trust: 'builtin' });
  const file = workspaceDir ? join(workspaceDir, AGENTS_FILE) : null;
  const errors: string[] = [];
  if (file && existsSync(file)) {
    const approvals = opts.approvals ?? new AgentApprovals();
    let json: unknown;
    const text = stripBom(readFileSync(file, 'utf8'));
    try {
      json = JSON.parse(text);
    } catch (e) {
      errors.push(`${file}: ${describeJsonSyntaxError(text, e)}`);
    }
    if (json !== undefined) {
      const parsed = AgentsFileSchema.safeParse(json);
      if (!parsed.success) {
        for (const i of parsed.error.issues) errors.push(`${file}: ${i.path.join('.') || '(root)'}: ${i.message}`);
      } else {
        const seen = new Set<string>();
        const entries: AgentEntry[] = [];
        parsed.data.agents.forEach((a, i) => {
          if (seen.has(a.name)) errors.push(`${file}: agents.${i}.name: agent "${a.name}" is defined twice; names must be unique`);
          seen.add(a.name);
          if (BUILTIN_NAMES.has(a.name) && !a.replacesBuiltin) {
            errors.push(
              `${file}: agents.${i}.name: "${a.name}" is the name of a built-in agent; give the entry another name, or add "replacesBuiltin": true to replace the built-in on purpose`,
            );
          }
          if (!BUILTIN_NAMES.has(a.name) && a.replacesBuiltin) {
            errors.push(`${file}: agents.${i}.replacesBuiltin: there is no built-in agent named "${a.name}"`);
          }
          const use = secretUse(a);
          const trust: AgentTrust = !use ? 'no-secret' : approvals.has(use.agent, use.origin, use.variable) ? 'approved' : 'needs-approval';
          entries.push({ ...a, source: 'workspace', trust });
        });
        if (errors.length === 0) for (const e of entries) byName.set(e.name, e);
      }
    }
  }
  return { agents: [...byName.values()], errors, file: file && existsSync(file) ? file : null };
}

/** The runnable config of an entry; refuses a broken agents.json and a workspace entry whose secret the user has not approved. */
export function findAgentConfig(set: AgentConfigSet, name: string): AgentConfig {
  // A broken file must not quietly fall back to the built-in of the same name.
  if (set.errors.length > 0)
    throw new AgentConfigError(`${set.file ?? AGENTS_FILE} has problems; fix them and try again:\n${set.errors.join('\n')}`);
  const a = set.agents.find((x) => x.name === name);
  if (!a) throw new AgentConfigError(`no agent named "${name}"; run "elderbench agent list" to see them, or add it to ${AGENTS_FILE}`);
  if (a.trust === 'needs-approval') throw new AgentTrustError(secretUse(a)!, set.file);
  const { source: _source, trust: _trust, ...config } = a;
  return config;
}

/** Records the user's approval of a workspace entry's secret use (the CLI's `agent trust`, the window's Approve). */
export function approveAgent(set: AgentConfigSet, name: string, approvals: AgentApprovals = new AgentApprovals()): SecretUse {
  const a = set.agents.find((x) => x.name === name);
  if (!a) throw new AgentConfigError(`no agent named "${name}"; run "elderbench agent list" to see them`);
  const use = secretUse(a);
  if (a.source !== 'workspace' || !use) {
    throw new AgentConfigError(`agent "${name}" needs no approval: ${a.source === 'builtin' ? 'it is built in' : 'it reads no secret'}`);
  }
  approvals.approve(use);
  return use;
}
