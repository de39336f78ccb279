import { randomBytes } from 'node:crypto';
import type { Action } from '../../../shared/domain/action.js';
import type { RunProgressDto } from '../../../shared/domain/run.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { workspaceObservationSink } from '../../adapters/observations/observation-sink.js';
import type { Agent } from '../../core/agents/agent.js';
import { ReplayAgent } from '../../core/agents/model-free/replay.js';
import { runOnPool } from '../../core/eval/device-pool.js';
import { classifyError, exitClass } from '../../core/eval/exit-classes.js';
import type { Judge } from '../../core/eval/judge.js';
import { runOfflineTask } from '../../core/eval/offline-runner.js';
import { DEFAULT_ONLINE_OPTIONS, runOnlineTask, TaskSetupError } from '../../core/eval/online-runner.js';
import type { StepRecord, TaskOutcome } from '../../core/eval/outcome.js';
import { stepTotals } from '../../core/eval/outcome.js';
import { planItems } from '../../core/eval/scoring.js';
import { captureObservation } from '../../core/recording/capture.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import { UserSession, userStats } from '../../core/user/user-session.js';
import type { UserResponder } from '../../core/user/user-turn.js';
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
  /** Who answers a task's AskUser (null: nobody, the question ends the task). */
  userFor?(task: Task): UserResponder | null;
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

/** One earlier try of an item that did not give a result to keep (kept in the result's `previousAttempts`). */
export interface PreviousAttempt {
  exit: string;
  reason: string | null;
  finishedAt: string | null;
  /** Steps it had recorded (an interrupted task), when known. */
  steps?: number;
  attempts?: number;
  triedDevices?: string[];
}

/**
 * Runs every (task, agent, mode) of a run that has no resolved result yet — so the same call
 * starts a run and resumes it. Resolved = the agent's own result or an invalid task; an
 * infrastructure failure and a task cut off mid-way are re-attempted from the start, and what
 * happened before is kept in the new result's `previousAttempts`. Each step and each result is
 * committed in its own transaction.
 */
export async function executeRun(runId: string, spec: RunSpec, deps: ExecutorDeps): Promise<void> {
  const { store } = deps;
  const tasks = new Map(spec.taskIds.map((id) => {
    const t = store.tasks.get(id);
    if (!t) throw new Error(`task ${id} is not in this workspace`);
    return [id, t] as const;
  }));
  const items: Item[] = planItems(spec.mode, spec.agents, [...tasks.values()]).map((p) => ({ task: tasks.get(p.taskId)!, agent: p.agent, mode: p.mode }));
  const stored = new Map(store.runs.results(runId).map((r) => [`${r.taskId}|${r.agent}|${r.mode}`, r]));
  const history = new Map<string, PreviousAttempt[]>();
  const todo = items.filter((i) => {
    const k = `${i.task.id}|${i.agent}|${i.mode}`;
    const prior = stored.get(k);
    if (prior && exitClass(prior.exitCategory) !== 'infrastructure') return false;
    const d = (prior?.details ?? {}) as { reason?: string; previousAttempts?: PreviousAttempt[]; attempts?: number; triedDevices?: string[] };
    const earlier = [...(d.previousAttempts ?? [])];
    if (prior) {
      earlier.push({ exit: prior.exitCategory, reason: d.reason ?? null, finishedAt: prior.finishedAt, ...(d.attempts ? { attempts: d.attempts } : {}), ...(d.triedDevices ? { triedDevices: d.triedDevices } : {}) });
    } else {
      const partial = store.runs.steps(keyOf(runId, i)).length;
      if (partial > 0) earlier.push({ exit: 'interrupted', reason: 'the process stopped while the task ran', finishedAt: null, steps: partial });
    }
    if (earlier.length) history.set(k, earlier);
    return true;
  });
  const progress: RunProgress = { runId, total: items.length, done: items.length - todo.length, running: [], last: null, infraRetries: 0 };
  deps.onProgress(progress);

  const agentFor = (i: Item): Agent =>
    i.agent === 'replay' ? new ReplayAgent('replay', demonstrationActions(store, i.task.id)) : deps.createAgent(deps.findAgent(i.agent));
  const instructionOf = (t: Task): string => (spec.instruction === 'normalized' && t.normalized ? t.normalized : t.instruction);
  // One conversation per attempt; the user always heard the task's own words, whatever text the agent got.
  const userOf = (i: Item) => {
    const responder = deps.userFor?.(i.task) ?? null;
    const session = responder ? new UserSession(responder, i.task.instruction) : null;
    return {
      ...(session ? { askUser: (q: string) => session.ask(q) } : {}),
      stats: (steps: readonly StepRecord[]) => ({ user: userStats(spec.user, steps.filter((s) => s.action.type === 'AskUser').length, session?.turns ?? []) }),
    };
  };
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
    const earlier = history.get(`${i.task.id}|${i.agent}|${i.mode}`);
    store.runs.putResult({
      ...keyOf(runId, i), success: o.success, exitCategory: o.exit,
      details: {
        ...o.details, ...extra, steps: o.steps, stats: { stepMs: totals.reasoningMs, tokens: totals.tokensKnown ? totals.tokens : null },
        ...(earlier ? { previousAttempts: earlier } : {}),
      },
    });
    progress.done++;
    progress.last = { taskId: i.task.id, agent: i.agent, mode: i.mode, success: o.success, exit: o.exit };
    deps.onProgress(progress);
  };

  // Offline items run in this process, one after another: the harness cost is tiny next to a model call.
  // Each task is scored against the graph version its manifest recorded, so a resumed run does not
  // switch to a graph rebuilt in between (runs created before versions were recorded take the latest).
  const recorded = (store.runs.get(runId)?.manifest as { graphVersions?: Record<string, number | null> } | undefined)?.graphVersions ?? {};
  const graphFor = (taskId: string) => {
    const v = recorded[taskId];
    return typeof v === 'number' ? store.graphs.atVersion(taskId, v) : store.graphs.latest(taskId);
  };
  for (const i of todo.filter((x) => x.mode === 'offline')) {
    if (deps.cancelled()) return;
    const graphRow = graphFor(i.task.id);
    store.runs.deleteSteps(keyOf(runId, i));
    if (!graphRow) {
      // The same for every agent: the task leaves N for all of them (an invalid task, not a failure).
      commit(i, { taskId: i.task.id, agent: i.agent, mode: 'offline', success: false, exit: 'no_graph', steps: 0, details: { reason: `no task graph; build one with: elderbench graph build ${i.task.id}` } }, []);
      continue;
    }
    const graph = graphRow.body as TaskGraph;
    const agent = agentFor(i);
    const needsImage = !['replay', 'random', 'heuristic'].includes(agent.adapter);
    const screen = graph.edges[0]?.screen ?? { width: 1080, height: 2400 };
    const rec = recorder(i);
    const user = userOf(i);
    progress.running = [{ taskId: i.task.id, agent: i.agent, mode: 'offline', device: null }];
    try {
      const o = await runOfflineTask(i.task.id, {
        graph, agent, instruction: instructionOf(i.task), observe: offlineObserver(store, screen, needsImage), record: rec.record,
        ...(user.askUser ? { askUser: user.askUser } : {}),
        options: { match: spec.match, offGraph: spec.offGraph, maxOffGraphErrors: spec.maxOffGraphErrors, maxSteps: spec.maxSteps ?? i.task.max_steps },
      });
      commit(i, o, rec.stats, { graphVersion: graphRow.version, ...user.stats(rec.stats) });
    } catch (e) {
      // A refused request is the agent's failure (scored); infrastructure waits for --resume.
      const exit = classifyError(e);
      if (!exit) throw e;
      commit(i, { taskId: i.task.id, agent: i.agent, mode: 'offline', success: false, exit, steps: rec.stats.length, details: { reason: (e as Error).message } }, rec.stats, { graphVersion: graphRow.version, ...user.stats(rec.stats) });
    }
  }
  progress.running = [];

  const online = todo.filter((x) => x.mode === 'online');
  if (online.length === 0 || deps.cancelled()) return;
  const serials = deps.onlineDevices ?? (spec.devices.length ? spec.devices : (await deps.devices.refresh()).devices.filter((d) => d.state === 'device').map((d) => d.serial));
  if (serials.length === 0) throw new Error('no device for the online tasks: attach a phone or start the virtual phone, or pass --devices');
  const sink = workspaceObservationSink(() => store);
  // Why each attempt failed: a setup that failed on every device makes the task invalid, not an infra error.
  const failures = new Map<Item, { serial: string; setup: boolean }[]>();
  await runOnPool(online, serials, {
    maxAttempts: spec.maxAttempts,
    cancelled: deps.cancelled,
    healthy: async (serial) => (await deps.devices.device(serial).shell('echo ok')).trim() === 'ok',
    isInfrastructure: (e) => classifyError(e) === 'infra_error',
    onRetry: (i, serial, e, attempt) => {
      failures.set(i, [...(failures.get(i) ?? []), { serial, setup: e instanceof TaskSetupError }]);
      progress.infraRetries++;
      store.runs.deleteSteps(keyOf(runId, i));
      deps.log(`${i.task.id} (${i.agent}) on ${serial}, attempt ${attempt}: ${(e as Error).message}; retrying elsewhere`);
    },
    run: async (i, serial) => {
      const device = deps.devices.device(serial);
      const rec = recorder(i);
      const user = userOf(i);
      store.runs.deleteSteps(keyOf(runId, i));
      progress.running = [...progress.running.filter((r) => r.device !== serial), { taskId: i.task.id, agent: i.agent, mode: 'online', device: serial }];
      deps.onProgress(progress);
      const info = await device.info([i.task.package]);
      const o = await runOnlineTask({
        device, agent: agentFor(i), task: i.task, instruction: instructionOf(i.task), judge: deps.judge, record: rec.record,
        resolvePackage, sleep, now: () => performance.now(), variant: spec.variant ?? null,
        ...(user.askUser ? { askUser: user.askUser } : {}),
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
      return { o, steps: rec.stats, user: user.stats(rec.stats), device: { serial, server: deps.devices.serverOf(serial), model: info.model, release: info.release, screen: info.screen, versions: info.packageVersions } };
    },
    onDone: (i, r, _serial, attempts) => {
      progress.running = progress.running.filter((x) => !(x.taskId === i.task.id && x.agent === i.agent));
      commit(i, r.o, r.steps, { attempts, deviceInfo: r.device, ...r.user });
    },
    onGiveUp: (i, e, attempts, tried) => {
      store.runs.deleteSteps(keyOf(runId, i));
      const f = failures.get(i) ?? [];
      const setupEverywhere = f.length > 0 && f.every((x) => x.setup) && serials.every((s) => f.some((x) => x.serial === s));
      commit(i, { taskId: i.task.id, agent: i.agent, mode: 'online', success: false, exit: setupEverywhere ? 'setup_failed' : 'infra_error', steps: 0, details: { reason: (e as Error).message } }, [], { attempts, triedDevices: tried });
    },
  });
}
