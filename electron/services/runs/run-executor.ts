import { randomBytes } from 'node:crypto';
import type { RunProgressDto } from '../../../shared/domain/run.js';
import type { AgentConfig } from '../../../shared/schemas/agent-config.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { Agent } from '../../core/agents/agent.js';
import type { Judge } from '../../core/eval/judge.js';
import type { UserResponder } from '../../core/user/user-turn.js';
import type { DeviceHub } from '../devices/device-hub.js';
import { runOfflineItems } from './offline-items.js';
import { runOnlineItems } from './online-items.js';
import { itemRunner } from './run-items.js';
import { planRun } from './run-plan.js';
import type { RunSpec } from '../../../shared/schemas/run-spec.js';
import type { BusyDevicePolicy } from './run-device-leases.js';

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
  /** What to do with a device another process holds (default: wait for it). */
  busyDevices?: BusyDevicePolicy;
}

export function newRunId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  return `run-${stamp}-${randomBytes(2).toString('hex')}`;
}

/**
 * Runs every (task, agent, mode) of a run that has no resolved result yet — so the same call
 * starts a run and resumes it: plan what is left (run-plan.ts), run the offline items in this
 * process, then the online items on the device pool. Each step and each result is committed in
 * its own transaction.
 */
export async function executeRun(runId: string, spec: RunSpec, deps: ExecutorDeps): Promise<void> {
  const plan = planRun(deps.store, runId, spec);
  const progress: RunProgress = {
    runId,
    total: plan.items.length,
    done: plan.items.length - plan.todo.length,
    running: [],
    last: null,
    infraRetries: 0,
  };
  deps.onProgress(progress);
  const run = itemRunner(runId, spec, deps, plan, progress);
  await runOfflineItems(
    runId,
    spec,
    deps,
    run,
    plan.todo.filter((x) => x.mode === 'offline'),
  );
  const online = plan.todo.filter((x) => x.mode === 'online');
  if (online.length === 0 || deps.cancelled()) return;
  await runOnlineItems(runId, spec, deps, run, online);
}
