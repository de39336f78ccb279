import { createHash } from 'node:crypto';
import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import { AgentApprovals } from '../../adapters/llm/agent-approvals.js';
import { loadAgentConfigs, findAgentConfig } from '../../adapters/llm/agent-configs.js';
import { createAgent } from '../../adapters/llm/create-agent.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { AgentManifest } from '../../core/agents/manifest.js';
import { buildAgentManifest } from '../../core/agents/manifest.js';
import type { DeviceHub } from '../device-hub.js';
import { APP_VERSION } from '../version.js';
import type { ExecutorDeps, RunProgress } from './run-executor.js';
import { executeRun, newRunId } from './run-executor.js';
import type { RunSpec, RunSpecInput } from './run-spec.js';
import { RunSpecSchema } from './run-spec.js';
import { createJudge } from './judges.js';
import type { UserManifest } from './user-simulator.js';
import { createUserSimulator } from './user-simulator.js';
import { VARIANT_DESCRIPTIONS } from '../../core/eval/variants.js';

export interface RunManifest {
  software: { elderbench: string; node: string; platform: string };
  spec: RunSpec;
  agents: Record<string, AgentManifest | { name: 'replay'; adapter: 'replay'; follows: 'the first finished demonstration of each task' }>;
  judge: ReturnType<typeof createJudge>['manifest'];
  /** Who answered AskUser (absent in runs made before multi-turn runs existed: nobody). */
  user?: UserManifest;
  /** The robustness variant and the device change it makes. */
  variant?: { name: string; change: string; restoredAfterEachTask: true } | null;
  /** sha256 over the tasks exactly as run (sorted by id). */
  taskSetHash: string;
  /** Offline: the graph version each task is scored against. */
  graphVersions: Record<string, number | null>;
  createdAt: string;
}

export interface RunServiceDeps {
  store(): WorkspaceStore;
  devices: DeviceHub;
  log(m: string): void;
  onProgress?(p: RunProgress): void;
  env?: Record<string, string | undefined>;
  /** Where the user's agent approvals live; the user data folder from the environment when absent. */
  userDataDir?: string;
}

function agentLookup(store: WorkspaceStore, userDataDir?: string): (name: string) => AgentConfig {
  const set = loadAgentConfigs(store.path, { approvals: new AgentApprovals(userDataDir) });
  if (set.errors.length) throw new Error(`agents.json has problems:\n${set.errors.join('\n')}`);
  return (name) => findAgentConfig(set, name);
}

/** Creates the run row with its full manifest (everything needed to reproduce it), and returns its id. */
export function createRun(deps: RunServiceDeps, input: RunSpecInput): { runId: string; spec: RunSpec } {
  const spec = RunSpecSchema.parse(input);
  const store = deps.store();
  const find = agentLookup(store, deps.userDataDir);
  const agents: RunManifest['agents'] = {};
  for (const name of spec.agents) {
    agents[name] = name === 'replay' ? { name: 'replay', adapter: 'replay', follows: 'the first finished demonstration of each task' } : buildAgentManifest(find(name));
  }
  const judge = createJudge(spec.judge, spec.judgeAgent ? find(spec.judgeAgent) : null, deps.env).manifest;
  const user = createUserSimulator(spec.user, spec.userAgent ? find(spec.userAgent) : null, deps.env).manifest;
  const tasks = spec.taskIds.map((id) => {
    const t = store.tasks.get(id);
    if (!t) throw new Error(`task ${id} is not in this workspace`);
    return t;
  });
  const manifest: RunManifest = {
    software: { elderbench: APP_VERSION, node: process.version, platform: `${process.platform}/${process.arch}` },
    spec,
    agents,
    judge,
    user,
    variant: spec.variant ? { name: spec.variant, change: VARIANT_DESCRIPTIONS[spec.variant], restoredAfterEachTask: true } : null,
    taskSetHash: createHash('sha256').update(JSON.stringify([...tasks].sort((a, b) => a.id.localeCompare(b.id)))).digest('hex'),
    graphVersions: Object.fromEntries(tasks.filter((t) => spec.mode !== 'online' && t.mode === 'offline').map((t) => [t.id, store.graphs.latest(t.id)?.version ?? null])),
    createdAt: new Date().toISOString(),
  };
  const runId = newRunId();
  store.runs.create(runId, spec.mode, manifest as unknown as Record<string, unknown>);
  return { runId, spec };
}

/** Runs (or resumes) a run to the end; a resumed run skips every task with a committed result. */
export async function runToEnd(deps: RunServiceDeps, runId: string, cancelled: () => boolean = () => false): Promise<void> {
  const store = deps.store();
  const run = store.runs.get(runId);
  if (!run) throw new Error(`no run ${runId} in ${store.path}`);
  const spec = RunSpecSchema.parse((run.manifest as { spec: unknown }).spec);
  const find = agentLookup(store, deps.userDataDir);
  const { judge } = createJudge(spec.judge, spec.judgeAgent ? find(spec.judgeAgent) : null, deps.env);
  const user = createUserSimulator(spec.user, spec.userAgent ? find(spec.userAgent) : null, deps.env);
  const ex: ExecutorDeps = {
    store,
    devices: deps.devices,
    createAgent: (config) => createAgent(config, deps.env ? { env: deps.env } : {}),
    findAgent: find,
    judge,
    userFor: user.forTask,
    onProgress: deps.onProgress ?? (() => {}),
    log: deps.log,
    cancelled,
  };
  store.runs.setStatus(runId, 'running');
  try {
    await executeRun(runId, spec, ex);
    store.runs.setStatus(runId, cancelled() ? 'cancelled' : 'finished');
  } catch (e) {
    store.runs.setStatus(runId, 'failed');
    throw e;
  }
}
