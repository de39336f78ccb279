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
import type { GraphTrust } from '../../../shared/domain/graph.js';
import { describeMatchRules, withMatchDefaults } from '../../core/graph/match.js';
import type { GraphOf } from '../../core/eval/state-judge.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import type { StoredGraphConfig } from '../graph-builder.js';
import type { GraphValidation } from '../../core/graph/validate.js';
import { trustOf } from '../graph-trust.js';
import { StfClient } from '../../adapters/stf/stf-client.js';
import type { StfRequest } from '../stf-session.js';
import { stfRequestOf, withStfDevices } from '../stf-session.js';
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
  /** Offline: each task's graph version with its standing (validation and probe) when the run was created. */
  graphs?: Record<string, { version: number; trust: GraphTrust } | null>;
  /** The offline matching rules in force, in words (the thresholds are in spec.match). */
  matchRules?: string[];
  createdAt: string;
  /** Online devices come from this STF farm (claimed for the run, released after it). */
  stf?: StfRequest;
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

/** Each task's latest graph with its thresholds, for the state judge. */
function graphsOf(store: WorkspaceStore): GraphOf {
  return (taskId) => {
    const row = store.graphs.latest(taskId);
    if (!row) return null;
    const config = row.config as StoredGraphConfig;
    return { graph: row.body as TaskGraph, signature: config.signature, match: withMatchDefaults(config.match) };
  };
}

/** Creates the run row with its full manifest (everything needed to reproduce it), and returns its id. */
export function createRun(deps: RunServiceDeps, input: RunSpecInput, devices: { stf?: StfRequest } = {}): { runId: string; spec: RunSpec } {
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
  const graphs: NonNullable<RunManifest['graphs']> = {};
  for (const t of tasks) {
    if (spec.mode === 'online' || t.mode !== 'offline') continue;
    const row = store.graphs.latest(t.id);
    graphs[t.id] = row ? { version: row.version, trust: trustOf(store, row.id, (row.validation as GraphValidation).selfConsistency) } : null;
  }
  const manifest: RunManifest = {
    software: { elderbench: APP_VERSION, node: process.version, platform: `${process.platform}/${process.arch}` },
    spec,
    agents,
    judge,
    user,
    variant: spec.variant ? { name: spec.variant, change: VARIANT_DESCRIPTIONS[spec.variant], restoredAfterEachTask: true } : null,
    taskSetHash: createHash('sha256').update(JSON.stringify([...tasks].sort((a, b) => a.id.localeCompare(b.id)))).digest('hex'),
    graphVersions: Object.fromEntries(Object.entries(graphs).map(([id, g]) => [id, g?.version ?? null])),
    graphs,
    matchRules: spec.mode === 'online' ? [] : describeMatchRules(spec.match),
    createdAt: new Date().toISOString(),
    ...(devices.stf ? { stf: devices.stf } : {}),
  };
  for (const [id, g] of Object.entries(graphs)) {
    if (g && g.trust.status !== 'valid') deps.log(`warning: the graph of ${id} (v${g.version}) is ${g.trust.status}: ${g.trust.reason}; its offline verdicts may be wrong`);
  }
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
  const { judge } = createJudge(spec.judge, spec.judgeAgent ? find(spec.judgeAgent) : null, deps.env, graphsOf(store));
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
  const stf = spec.mode === 'offline' ? null : stfRequestOf(run.manifest);
  try {
    if (spec.mode !== 'offline') {
      await deps.devices.refresh(); // names on several adb servers resolve against the current lists
      for (const name of spec.devices) deps.devices.serverOf(name); // an ambiguous name fails now, saying how to qualify it
    }
    if (stf) {
      const client = new StfClient(stf.url, (deps.env ?? process.env)['STF_TOKEN'] ?? '');
      await withStfDevices({ store, client, adb: deps.devices.primary, log: deps.log }, stf, runId, (onlineDevices) => executeRun(runId, spec, { ...ex, onlineDevices }));
    } else await executeRun(runId, spec, ex);
    store.runs.setStatus(runId, cancelled() ? 'cancelled' : 'finished');
  } catch (e) {
    store.runs.setStatus(runId, 'failed');
    throw e;
  }
}
