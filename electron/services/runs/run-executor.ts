import { randomBytes } from 'node:crypto';
import type { Action } from '../../../shared/domain/action.js';
import type { RunProgressDto } from '../../../shared/domain/run.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { workspaceObservationSink } from '../../adapters/observations/observation-sink.js';
import type { Agent } from '../../core/agents/agent.js';
import { AgentInfrastructureError } from '../../core/agents/agent.js';
import { ReplayAgent } from '../../core/agents/model-free/replay.js';
import { DeviceError } from '../../core/device/device-port.js';
import { runOnPool } from '../../core/eval/device-pool.js';
import type { Judge } from '../../core/eval/judge.js';
import { runOfflineTask } from '../../core/eval/offline-runner.js';
import { DEFAULT_ONLINE_OPTIONS, runOnlineTask } from '../../core/eval/online-runner.js';
import type { StepRecord, TaskOutcome } from '../../core/eval/outcome.js';
import { stepTotals } from '../../core/eval/outcome.js';
import { captureObservation } from '../../core/recording/capture.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import type { DeviceHub } from '../device-hub.js';
import { resolvePackage, sleep } from '../device-helpers.js';
import { offlineObserver } from './offline-observations.js';
import type { RunSpec } from './run-spec.js';

/** Progress as the executor reports it (the pushed event adds `ended`). */
export type RunProgress = Omit<RunProgressDto, 'ended'>;

export interface ExecutorDeps {
  store: WorkspaceStore;
  devices: DeviceHub;
  /** Builds an agent from its config (model clients and image/tokenizer ports are wired by the caller). */
  createAgent(config: AgentConfig): Agent;
  findAgent(name: string): AgentConfig;
  judge: Judge;
  onProgress(p: RunProgress): void;
  log(m: string): void;
  cancelled(): boolean;
  /** Devices claimed for this run (a device farm's); replaces the spec's list. */
  onlineDevices?: string[];
}

interface Item {
  task: Task;
  agent: string;
  mode: 'online' | 'offline';
}

const keyOf = (runId: string, i: Item) => ({ runId, taskId: i.task.id, agent: i.agent, mode: i.mode });

export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  return `run-${stamp}-${randomBytes(2).toString('hex')}`;
}

/** The actions of the task's first finished demonstration: what the `replay` agent follows. */
function demonstrationActions(store: WorkspaceStore, taskId: string): Action[] {
  const demo = store.demonstrations.listForTask(taskId).find((d) => d.status === 'finished');
  if (!demo) throw new Error(`task ${taskId} has no finished demonstration for the replay agent to follow`);
  return store.demonstrations.steps(demo.id).flatMap((s) => (s.action ? [s.action] : []));
}

/**
 * Runs every (task, agent, mode) of a run that has no committed result yet — so the same
 * call starts a run and resumes a killed one. Each step and each result is committed in its
 * own transaction; a task cut off mid-way is re-run from its start (its partial steps dropped).
 */
export async function executeRun(runId: string, spec: RunSpec, deps: ExecutorDeps): Promise<void> {
  const { store } = deps;
  const done = store.runs.resultKeys(runId);
  const tasks = spec.taskIds.map((id) => {
    const t = store.tasks.get(id);
    if (!t) throw new Error(`task ${id} is not in this workspace`);
    return t;
  });
  const items: Item[] = [];
  for (const agent of spec.agents) {
    for (const task of tasks) {
      const modes: ('online' | 'offline')[] = spec.mode === 'both' ? [task.mode] : [spec.mode];
      for (const mode of modes) if (mode === task.mode || spec.mode !== 'both') items.push({ task, agent, mode });
    }
  }
  const todo = items.filter((i) => !done.has(`${i.task.id}|${i.agent}|${i.mode}`));
  const progress: RunProgress = { runId, total: items.length, done: items.length - todo.length, running: [], last: null, infraRetries: 0 };
  deps.onProgress(progress);

  const agentFor = (i: Item): Agent =>
    i.agent === 'replay' ? new ReplayAgent('replay', demonstrationActions(store, i.task.id)) : deps.createAgent(deps.findAgent(i.agent));
  const instructionOf = (t: Task): string => (spec.instruction === 'normalized' && t.normalized ? t.normalized : t.instruction);
  const recorder = (i: Item) => {
    const stats: StepRecord[] = [];
    return {
      stats,
      record: (s: StepRecord) => {
        stats.push({ ...s, raw: '', details: {} }); // totals only; the full step goes to the database now
        store.runs.addStep({ ...keyOf(runId, i), idx: s.idx, observationBlob: s.observationBlob, rawOutput: s.raw, action: s.action, details: s.details, timings: s.timings, usage: s.usage as unknown as Record<string, number> });
      },
    };
  };
  const commit = (i: Item, o: TaskOutcome, steps: readonly StepRecord[], extra: Record<string, unknown> = {}): void => {
    const totals = stepTotals(steps);
    store.runs.putResult({
      ...keyOf(runId, i), success: o.success, exitCategory: o.exit,
      details: { ...o.details, ...extra, steps: o.steps, stats: { stepMs: totals.reasoningMs, tokens: totals.tokensKnown ? totals.tokens : null } },
    });
    progress.done++;
    progress.last = { taskId: i.task.id, agent: i.agent, mode: i.mode, success: o.success, exit: o.exit };
    deps.onProgress(progress);
  };

  // Offline items run in this process, one after another: the harness cost is tiny next to a model call.
  for (const i of todo.filter((x) => x.mode === 'offline')) {
    if (deps.cancelled()) return;
    const graphRow = store.graphs.latest(i.task.id);
    store.runs.deleteSteps(keyOf(runId, i));
    if (!graphRow) {
      commit(i, { taskId: i.task.id, agent: i.agent, mode: 'offline', success: false, exit: 'infra_error', steps: 0, details: { reason: 'no task graph; build one with elderbench graph build' } }, []);
      continue;
    }
    const graph = graphRow.body as TaskGraph;
    const agent = agentFor(i);
    const needsImage = !['replay', 'random', 'heuristic'].includes(agent.adapter);
    const screen = graph.edges[0]?.screen ?? { width: 1080, height: 2400 };
    const rec = recorder(i);
    progress.running = [{ taskId: i.task.id, agent: i.agent, mode: 'offline', device: null }];
    try {
      const o = await runOfflineTask(i.task.id, {
        graph, agent, instruction: instructionOf(i.task), observe: offlineObserver(store, screen, needsImage), record: rec.record,
        options: { match: spec.match, offGraph: spec.offGraph, maxOffGraphErrors: spec.maxOffGraphErrors, maxSteps: spec.maxSteps ?? i.task.max_steps },
      });
      commit(i, o, rec.stats, { graphVersion: graphRow.version });
    } catch (e) {
      if (!(e instanceof AgentInfrastructureError)) throw e;
      commit(i, { taskId: i.task.id, agent: i.agent, mode: 'offline', success: false, exit: 'infra_error', steps: rec.stats.length, details: { reason: e.message } }, rec.stats);
    }
  }
  progress.running = [];

  const online = todo.filter((x) => x.mode === 'online');
  if (online.length === 0 || deps.cancelled()) return;
  const serials = deps.onlineDevices ?? (spec.devices.length ? spec.devices : (await deps.devices.refresh()).devices.filter((d) => d.state === 'device').map((d) => d.serial));
  if (serials.length === 0) throw new Error('no device for the online tasks: attach a phone or start the virtual phone, or pass --devices');
  const sink = workspaceObservationSink(() => store);
  await runOnPool(online, serials, {
    maxAttempts: spec.maxAttempts,
    cancelled: deps.cancelled,
    healthy: async (serial) => (await deps.devices.device(serial).shell('echo ok')).trim() === 'ok',
    isInfrastructure: (e) => e instanceof DeviceError || e instanceof AgentInfrastructureError,
    onRetry: (i, serial, e, attempt) => {
      progress.infraRetries++;
      store.runs.deleteSteps(keyOf(runId, i));
      deps.log(`${i.task.id} (${i.agent}) on ${serial}, attempt ${attempt}: ${(e as Error).message}; retrying elsewhere`);
    },
    run: async (i, serial) => {
      const device = deps.devices.device(serial);
      const rec = recorder(i);
      store.runs.deleteSteps(keyOf(runId, i));
      progress.running = [...progress.running.filter((r) => r.device !== serial), { taskId: i.task.id, agent: i.agent, mode: 'online', device: serial }];
      deps.onProgress(progress);
      const info = await device.info([i.task.package]);
      const o = await runOnlineTask({
        device, agent: agentFor(i), task: i.task, instruction: instructionOf(i.task), judge: deps.judge, record: rec.record,
        resolvePackage, sleep, now: () => performance.now(),
        capture: async () => {
          const obs = await captureObservation(device);
          const blobs = await sink.store(obs);
          let ui = null;
          try {
            ui = parseUiXml(obs.xml);
          } catch {
            // A broken dump leaves the agent with the screenshot only, as on a real phone.
          }
          return { observation: { screenshot: obs.screenshot, screen: info.screen, ui, currentApp: obs.foreground?.package ?? null }, png: obs.screenshot, blob: blobs.screenshotBlob, foreground: obs.foreground };
        },
        options: { ...DEFAULT_ONLINE_OPTIONS, maxSteps: spec.maxSteps ?? i.task.max_steps, timeoutS: spec.timeoutS ?? i.task.timeout_s, precheck: spec.precheck, settleMs: spec.settleMs },
      });
      return { o, steps: rec.stats, device: { serial, server: deps.devices.serverOf(serial), model: info.model, release: info.release, screen: info.screen, versions: info.packageVersions } };
    },
    onDone: (i, r, _serial, attempts) => {
      progress.running = progress.running.filter((x) => !(x.taskId === i.task.id && x.agent === i.agent));
      commit(i, r.o, r.steps, { attempts, deviceInfo: r.device });
    },
    onGiveUp: (i, e, attempts, tried) => {
      store.runs.deleteSteps(keyOf(runId, i));
      commit(i, { taskId: i.task.id, agent: i.agent, mode: 'online', success: false, exit: 'infra_error', steps: 0, details: { reason: (e as Error).message } }, [], { attempts, triedDevices: tried });
    },
  });
}
