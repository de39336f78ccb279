import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import { AgentsFileSchema } from '../../../shared/schemas/agent-config.js';
import { BUILTIN_AGENTS } from '../../core/agents/builtin-agents.js';

/** Where a workspace keeps its own agent entries. */
export const AGENTS_FILE = 'agents.json';

export interface AgentConfigSet {
  agents: (AgentConfig & { source: 'builtin' | 'workspace' })[];
  /** Problems in agents.json, one line each, with the field path; nothing is loaded from a broken file. */
  errors: string[];
  /** The workspace agents.json that was read, or null when there is none. */
  file: string | null;
}

export class AgentConfigError extends Error {
  override readonly name = 'AgentConfigError';
}

/**
 * Built-ins + the workspace's agents.json (entries with the same name replace the built-in).
 * Messages never echo field values, so a key pasted by mistake is not printed back.
 */
export function loadAgentConfigs(workspaceDir: string | null): AgentConfigSet {
  const byName = new Map<string, AgentConfig & { source: 'builtin' | 'workspace' }>();
  for (const a of BUILTIN_AGENTS) byName.set(a.name, { ...a, source: 'builtin' });
  const file = workspaceDir ? join(workspaceDir, AGENTS_FILE) : null;
  const errors: string[] = [];
  if (file && existsSync(file)) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      errors.push(`${file}: not valid JSON (${(e as Error).message.split('\n')[0]})`);
    }
    if (json !== undefined) {
      const parsed = AgentsFileSchema.safeParse(json);
      if (!parsed.success) {
        for (const i of parsed.error.issues) errors.push(`${file}: ${i.path.join('.') || '(root)'}: ${i.message}`);
      } else {
        const seen = new Set<string>();
        for (const a of parsed.data.agents) {
          if (seen.has(a.name)) errors.push(`${file}: agent "${a.name}" is defined twice; names must be unique`);
          seen.add(a.name);
          byName.set(a.name, { ...a, source: 'workspace' });
        }
      }
    }
  }
  return { agents: [...byName.values()], errors, file: file && existsSync(file) ? file : null };
}

export function findAgentConfig(set: AgentConfigSet, name: string): AgentConfig {
  const a = set.agents.find((x) => x.name === name);
  if (!a) throw new AgentConfigError(`no agent named "${name}"; run "elderbench agent list" to see them, or add it to ${AGENTS_FILE}`);
  const { source: _source, ...config } = a;
  return config;
}
