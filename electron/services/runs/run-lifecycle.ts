import { createHash } from 'node:crypto';
import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import { AgentApprovals } from '../../adapters/llm/agent-approvals.js';
import { loadAgentConfigs, findAgentConfig } from '../../adapters/llm/agent-configs.js';
import { createAgent } from '../../adapters/llm/create-agent.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { buildAgentManifest } from '../../core/agents/manifest.js';
import { isReplayOracle, REPLAY_ORACLE } from '../../core/agents/agent-traits.js';
import type { DeviceHub } from '../devices/device-hub.js';
import { APP_VERSION } from '../version.js';
import type { ExecutorDeps, RunProgress } from './run-executor.js';
import { executeRun, newRunId } from './run-executor.js';
import type { RunSpec, RunSpecInput } from '../../../shared/schemas/run-spec.js';
import { RunSpecSchema } from '../../../shared/schemas/run-spec.js';
import { createJudge } from './judges.js';
import { describeMatchRules } from '../../core/graph/match.js';
import type { GraphOf } from '../../core/eval/state-judge.js';
import { trustOf } from '../graphs/graph-trust.js';
import { StfClient } from '../../adapters/stf/stf-client.js';
import { withStfDevices } from '../devices/stf-session.js';
import type { LeftOutTask, RunManifest, StfRequest } from '../../../shared/domain/run-manifest.js';
import { createUserSimulator } from './user-simulator.js';
import { VARIANT_DESCRIPTIONS } from '../../core/eval/variants.js';
import { runExtras } from './run-manifest-extras.js';
import type { Task } from '../../../shared/schemas/task.js';
import { guardSetup, SetupNotConfirmedError, unsafeSetup } from '../devices/setup-guard.js';
import type { BusyDevicePolicy } from './run-device-leases.js';
import { describeHolder } from '../../adapters/system/leases.js';
import { holdLease } from '../leases/hold-lease.js';
import { latestGraphVersions } from '../graphs/app-pages.js';

export interface RunServiceDeps {
  store(): WorkspaceStore;
  devices: DeviceHub;
  log(m: string): void;
  onProgress?(p: RunProgress): void;
  env?: Record<string, string | undefined>;
  /** Where the user's agent approvals live; the user data folder from the environment when absent. */
  userDataDir?: string;
  /** What to do with a device another process holds (default: wait for it). */
  busyDevices?: BusyDevicePolicy;
}

export function agentLookup(store: WorkspaceStore, userDataDir?: string): (name: string) => AgentConfig {
  const set = loadAgentConfigs(store.path, { approvals: new AgentApprovals(userDataDir) });
  if (set.errors.length) throw new Error(`agents.json has problems:\n${set.errors.join('\n')}`);
  return (name) => findAgentConfig(set, name);
}

/** Each task's latest graph with its thresholds, for the state judge. */
function graphsOf(store: WorkspaceStore): GraphOf {
  return (taskId) => {
    const row = store.graphs.latest(taskId);
    if (!row) return null;
    return { graph: row.body, signature: row.config.signature, match: row.config.match };
  };
}

/** Creates the run row with its full manifest (everything needed to reproduce it), and returns its id. */
export function createRun(
  deps: RunServiceDeps,
  input: RunSpecInput,
  devices: { stf?: StfRequest; leftOut?: LeftOutTask[] } = {},
): { runId: string; spec: RunSpec } {
  const spec = RunSpecSchema.parse(input);
  const store = deps.store();
  const find = agentLookup(store, deps.userDataDir);
  const agents: RunManifest['agents'] = {};
  for (const name of spec.agents) {
    agents[name] = isReplayOracle(name)
      ? { name, adapter: REPLAY_ORACLE.adapter, follows: REPLAY_ORACLE.follows }
      : buildAgentManifest(find(name));
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
    // Every task scored offline: offline tasks, and online tasks a `--mode offline --include-online` run scores on their graphs.
    if (spec.mode === 'online' || (spec.mode === 'both' && t.mode !== 'offline')) continue;
    const row = store.graphs.latest(t.id);
    graphs[t.id] = row ? { version: row.version, trust: trustOf(store, row.id, row.validation.selfConsistency) } : null;
  }
  const manifest: RunManifest = {
    software: { elderbench: APP_VERSION, node: process.version, platform: `${process.platform}/${process.arch}` },
    spec,
    agents,
    judge,
    user,
    variant: spec.variant ? { name: spec.variant, change: VARIANT_DESCRIPTIONS[spec.variant], restoredAfterEachTask: true } : null,
    taskSetHash: createHash('sha256')
      .update(JSON.stringify([...tasks].sort((a, b) => a.id.localeCompare(b.id))))
      .digest('hex'),
    graphVersions: Object.fromEntries(Object.entries(graphs).map(([id, g]) => [id, g?.version ?? null])),
    graphs,
    ...(spec.mode === 'online' ? {} : { appPageVersions: latestGraphVersions(store) }),
    matchRules: spec.mode === 'online' ? [] : describeMatchRules(spec.match),
    createdAt: new Date().toISOString(),
    ...(devices.stf ? { stf: devices.stf } : {}),
    ...runExtras(store, spec, { agents, judge, user }, find),
    ...(devices.leftOut?.length ? { leftOut: devices.leftOut } : {}),
  };
  for (const [id, g] of Object.entries(graphs)) {
    if (g && g.trust.status !== 'valid')
      deps.log(`warning: the graph of ${id} (v${g.version}) is ${g.trust.status}: ${g.trust.reason}; its offline verdicts may be wrong`);
  }
  const runId = newRunId();
  store.runs.create(runId, spec.mode, manifest);
  return { runId, spec };
}

/**
 * Before a run is created: the setup commands of its online tasks that are outside the known-safe
 * set, if any of them would run on a real phone (the spec's devices, or every attached one). The
 * caller asks the user (the window's dialog) or refuses without `--allow-setup` (the CLI); a run
 * started anyway is stopped by the same check before its first online task.
 */
export async function setupNeedingConfirmation(deps: RunServiceDeps, input: RunSpecInput): Promise<SetupNotConfirmedError | null> {
  const spec = RunSpecSchema.parse(input);
  if (spec.mode === 'offline' || spec.setupConfirmed) return null;
  const store = deps.store();
  const tasks = spec.taskIds.map((id) => store.tasks.get(id)).filter((t): t is Task => t !== undefined && t.mode !== 'offline');
  if (unsafeSetup(tasks).length === 0) return null;
  const serials = spec.devices.length
    ? spec.devices
    : (await deps.devices.refresh()).devices.filter((d) => d.state === 'device').map((d) => d.serial);
  return guardSetup(
    serials.map((s) => deps.devices.device(s)),
    tasks,
    false,
  ).then(
    () => null,
    (e: unknown) => {
      if (e instanceof SetupNotConfirmedError) return e;
      throw e;
    },
  );
}

/**
 * Runs (or resumes) a run to the end; a resumed run skips every task with a committed result.
 * `setupConfirmed` (a resume with --allow-setup) adds the user's confirmation to the stored spec's.
 */
export async function runToEnd(
  deps: RunServiceDeps,
  runId: string,
  cancelled: () => boolean = () => false,
  opts: { setupConfirmed?: boolean } = {},
): Promise<void> {
  const store = deps.store();
  const run = store.runs.get(runId);
  if (!run) throw new Error(`no run ${runId} in ${store.path}`);
  const stored = run.manifest.spec;
  if (!stored) throw new Error(`run ${runId} was stored without a readable spec, so it cannot be resumed; start a new run`);
  const spec = opts.setupConfirmed ? { ...stored, setupConfirmed: true } : stored;
  // One process runs a run at a time: a second `--resume` (another terminal, the window) is refused while the first lives.
  const lease = holdLease(() => store.leases, 'run', runId, `elderbench run ${runId}`);
  if (!lease.ok) {
    throw new RunBusyError(
      `run ${runId} is being run by ${describeHolder(lease.holder)}; wait for it to end (or stop it) before resuming it`,
    );
  }
  try {
    await runHeld(deps, runId, run.manifest.stf ?? null, spec, cancelled);
  } finally {
    lease.release();
  }
}

/** Another process is running this run now. */
export class RunBusyError extends Error {
  override readonly name = 'RunBusyError';
}

async function runHeld(
  deps: RunServiceDeps,
  runId: string,
  stfRequest: RunManifest['stf'] | null,
  spec: RunSpec,
  cancelled: () => boolean,
): Promise<void> {
  const store = deps.store();
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
    ...(deps.busyDevices ? { busyDevices: deps.busyDevices } : {}),
  };
  store.runs.setStatus(runId, 'running');
  const stf = spec.mode === 'offline' ? null : stfRequest;
  try {
    if (spec.mode !== 'offline') {
      await deps.devices.refresh(); // names on several adb servers resolve against the current lists
      for (const name of spec.devices) deps.devices.serverOf(name); // an ambiguous name fails now, saying how to qualify it
    }
    if (stf) {
      const client = new StfClient(stf.url, (deps.env ?? process.env)['STF_TOKEN'] ?? '');
      await withStfDevices({ store, client, adb: deps.devices.primary, log: deps.log }, stf, runId, (onlineDevices) =>
        executeRun(runId, spec, { ...ex, onlineDevices }),
      );
    } else await executeRun(runId, spec, ex);
    store.runs.setStatus(runId, cancelled() ? 'cancelled' : 'finished');
  } catch (e) {
    store.runs.setStatus(runId, 'failed');
    throw e;
  }
}
