import type { RescoreRecord, RescoredResult, RescoreSummary } from '../../../shared/domain/off-graph.js';
import type { AgentManifest } from '../../../shared/domain/run-manifest.js';
import type { PreviousVerdict } from '../../../shared/domain/run-records.js';
import { graphScreen } from '../../../shared/domain/task-graph.js';
import type { RunSpec } from '../../../shared/schemas/run-spec.js';
import type { Task } from '../../../shared/schemas/task.js';
import { errorMessage } from '../../../shared/error-message.js';
import type { GraphVersion } from '../../adapters/db/repositories/graphs-repo.js';
import type { RunResult, RunStep } from '../../adapters/db/repositories/runs-repo.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { createAgent, isModelAdapter } from '../../adapters/llm/create-agent.js';
import type { Agent } from '../../core/agents/agent.js';
import { agentTraits, isReplayOracle } from '../../core/agents/agent-traits.js';
import { buildAgentManifest } from '../../core/agents/manifest.js';
import { ReplayAgent } from '../../core/agents/model-free/replay.js';
import { classifyError, exitClass } from '../../core/eval/exit-classes.js';
import { runOfflineTask } from '../../core/eval/offline-runner.js';
import type { StepRecord, TaskOutcome } from '../../core/eval/outcome.js';
import { stepTotals } from '../../core/eval/outcome.js';
import { StoredReplies } from '../../core/eval/stored-replies.js';
import { UserSession, userStats } from '../../core/user/user-session.js';
import { trustOf } from '../graphs/graph-trust.js';
import { appPagesOf } from '../graphs/app-pages.js';
import type { AppPages } from '../../core/graph/walk-app-pages.js';
import { scoredVersion } from '../growth/off-graph-listing.js';
import { offlineObserver } from './offline-observations.js';
import type { RunServiceDeps } from './run-lifecycle.js';
import { agentLookup } from './run-lifecycle.js';
import { createUserSimulator } from './user-simulator.js';

/** One result re-scored in memory, waiting for its task's transaction. */
interface Rescored {
  result: Omit<RunResult, 'finishedAt'>;
  steps: RunStep[];
  report: RescoredResult;
}

/** The actions of the task's first finished demonstration (what the replay oracle follows, as in the run). */
function replayActions(store: WorkspaceStore, taskId: string) {
  const demo = store.demonstrations.firstFinished(taskId);
  if (!demo) throw new Error(`task ${taskId} has no finished demonstration for the replay agent to follow`);
  return store.demonstrations.steps(demo.id).flatMap((s) => (s.action ? [s.action] : []));
}

interface Context {
  store: WorkspaceStore;
  runId: string;
  spec: RunSpec;
  agents: Record<string, unknown>;
  env: Record<string, string | undefined>;
  find(name: string): ReturnType<ReturnType<typeof agentLookup>>;
  user: ReturnType<typeof createUserSimulator>;
  /** Every task's latest recorded pages (walk-app-pages.ts), as the new graph is the latest. */
  appPages: AppPages;
}

/**
 * The agent for a re-scored result, answering from its stored replies while the new graph shows it what
 * it saw in the run (see StoredReplies). Going on past them is allowed only for the agent the run used:
 * the same prompt and model, so the continuation is that agent's.
 */
function agentFor(ctx: Context, name: string, taskId: string, replies: StoredReplies): { agent: Agent; how: 'model' | 're-run' } {
  if (isReplayOracle(name)) return { agent: new ReplayAgent(name, replayActions(ctx.store, taskId)), how: 're-run' };
  const config = ctx.find(name);
  if (!isModelAdapter(config.adapter)) return { agent: createAgent(config, { env: ctx.env }), how: 're-run' };
  return { agent: replies.checked(createAgent(config, { env: ctx.env, wrapModel: (client) => replies.port(client) })), how: 'model' };
}

/** Refuses to let a different agent go on: the prompt and model must be those the run recorded. */
function sameAgentAsRun(ctx: Context, name: string): void {
  const then = ctx.agents[name] as Partial<AgentManifest> | undefined;
  if (!then || !('promptSha256' in then)) return;
  const now = buildAgentManifest(ctx.find(name));
  if (then.promptSha256 && then.promptSha256 !== now.promptSha256)
    throw new Error(`agent ${name}'s prompt changed since the run, and the new graph needs it to go on; start a new run instead`);
  if (then.model !== undefined && then.model !== now.model)
    throw new Error(`agent ${name}'s model changed since the run (${then.model} → ${now.model}); start a new run instead`);
}

/** Re-scores one stored result against `graph`: its steps and verdict, built in memory. */
async function rescoreResult(ctx: Context, task: Task, r: RunResult, graph: GraphVersion, from: number | null): Promise<Rescored | null> {
  const { store, runId, spec } = ctx;
  const key = { runId, taskId: r.taskId, agent: r.agent, mode: 'offline' as const };
  const stored = store.runs.steps(key);
  const replies = new StoredReplies(
    stored.map((s) => ({
      observationBlob: s.observationBlob,
      rawOutput: s.rawOutput,
      action: s.action,
      timings: s.timings,
      usage: s.usage,
      userAnswer: s.details.user?.answer ?? null,
    })),
    () => sameAgentAsRun(ctx, r.agent),
  );
  const { agent, how } = agentFor(ctx, r.agent, r.taskId, replies);
  const responder = ctx.user.forTask(task);
  const session = responder ? new UserSession(responder, task.instruction) : null;
  const steps: RunStep[] = [];
  const records: StepRecord[] = [];
  const observe = offlineObserver(store, graphScreen(graph.body), agentTraits(agent.adapter).needsImage);
  let outcome: TaskOutcome;
  try {
    outcome = await runOfflineTask(r.taskId, {
      graph: graph.body,
      agent,
      instruction: spec.instruction === 'normalized' && task.normalized ? task.normalized : task.instruction,
      observe: async (view) => {
        const o = await observe(view);
        replies.observed(o.blob);
        return o;
      },
      record: (s) => {
        const fromStore = replies.lastWasStored;
        replies.recorded(s);
        records.push(s);
        steps.push({
          ...key,
          idx: s.idx,
          observationBlob: s.observationBlob,
          rawOutput: s.raw,
          action: s.action,
          details: { ...s.details, ...(fromStore ? { reply: 'stored' } : {}) },
          timings: s.timings,
          usage: s.usage,
        });
      },
      appPages: ctx.appPages,
      ...(session ? { askUser: (q: string) => session.ask(q) } : {}),
      options: {
        match: spec.match,
        offGraph: spec.offGraph,
        maxOffGraphErrors: spec.maxOffGraphErrors,
        maxSteps: spec.maxSteps ?? task.max_steps,
      },
    });
  } catch (e) {
    const exit = classifyError(e);
    // Infrastructure (the endpoint unreachable, a key not set) leaves the old verdict: try again later.
    if (exit !== 'model_refused') throw e;
    outcome = {
      taskId: r.taskId,
      agent: r.agent,
      mode: 'offline',
      success: false,
      exit,
      steps: records.length,
      details: { reason: errorMessage(e) },
    };
  }
  const totals = stepTotals(records);
  const d = r.details;
  const previous: PreviousVerdict = {
    graphVersion: from,
    success: r.success,
    exit: r.exitCategory,
    reason: d.reason ?? null,
    ...(d.steps !== undefined ? { steps: d.steps } : {}),
    finalNode: d.finalNode ?? null,
    scoredAt: r.finishedAt,
  };
  const report: RescoredResult = {
    taskId: r.taskId,
    agent: r.agent,
    fromVersion: from,
    toVersion: graph.version,
    before: { success: r.success, exit: r.exitCategory },
    after: { success: outcome.success, exit: outcome.exit },
    how: how === 're-run' ? 're-run' : replies.modelCalls > 0 ? 'continued' : 're-walked',
    modelCalls: replies.modelCalls,
  };
  return {
    report,
    steps,
    result: {
      ...key,
      success: outcome.success,
      exitCategory: outcome.exit,
      details: {
        ...outcome.details,
        graphVersion: graph.version,
        steps: outcome.steps,
        stats: { stepMs: totals.reasoningMs, tokens: totals.tokensKnown ? totals.tokens : null },
        user: userStats(spec.user, records.filter((s) => s.action.type === 'AskUser').length, session?.turns ?? []),
        ...(d.previousAttempts ? { previousAttempts: d.previousAttempts } : {}),
        previousVerdicts: [...(d.previousVerdicts ?? []), previous],
        rescored: { at: new Date().toISOString(), fromVersion: from, how: report.how, modelCalls: report.modelCalls },
      },
    },
  };
}

/**
 * Re-scores a run's offline results whose task has a newer graph version than the one that scored them
 * (a branch recorded, an action marked wrong): each is walked again on the newest version (see
 * StoredReplies), its old verdict kept in `previousVerdicts`. A task's results and the manifest's record
 * of it are written in one transaction, so a re-scoring killed half-way leaves each task as it was.
 * Results of tasks without a newer version are not touched; unresolved and invalid ones are listed as
 * skipped.
 */
export async function rescoreRun(deps: RunServiceDeps, runId: string, only?: { taskIds?: readonly string[] }): Promise<RescoreSummary> {
  const store = deps.store();
  const run = store.runs.get(runId);
  if (!run) throw new Error(`no run ${runId} in ${store.path}; list runs with: elderbench report --list`);
  const spec = run.manifest.spec;
  if (!spec) throw new Error(`run ${runId} was stored without a readable spec, so it cannot be re-scored`);
  if (run.status === 'running') throw new Error(`run ${runId} is still running (or was cut off: elderbench run --resume ${runId} first)`);
  const env = deps.env ?? process.env;
  let lookup: ReturnType<typeof agentLookup> | null = null;
  const find = (name: string): ReturnType<ReturnType<typeof agentLookup>> => (lookup ??= agentLookup(store, deps.userDataDir))(name);
  const ctx: Context = {
    store,
    runId,
    spec,
    agents: (run.manifest as { agents?: Record<string, unknown> }).agents ?? {},
    env,
    find,
    user: createUserSimulator(spec.user, spec.userAgent ? find(spec.userAgent) : null, env),
    appPages: appPagesOf(store),
  };
  const summary: RescoreSummary = { runId, rescored: [], flipped: 0, unchanged: 0, skipped: [] };
  const byTask = new Map<string, RunResult[]>();
  for (const r of store.runs.results(runId)) {
    if (r.mode !== 'offline' || (only?.taskIds && !only.taskIds.includes(r.taskId))) continue;
    byTask.set(r.taskId, [...(byTask.get(r.taskId) ?? []), r]);
  }
  for (const [taskId, results] of byTask) {
    const latest = store.graphs.latest(taskId);
    const task = store.tasks.get(taskId);
    const from = (r: RunResult): number | null => scoredVersion(r.details, run.manifest.graphVersions[taskId]);
    const affected = latest && task ? results.filter((r) => from(r) !== latest.version) : [];
    summary.unchanged += results.length - affected.length;
    if (!latest || !task || affected.length === 0) continue;
    const done: Rescored[] = [];
    for (const r of affected) {
      const cls = exitClass(r.exitCategory);
      const skip = (kind: RescoreSummary['skipped'][number]['kind'], reason: string): void =>
        void summary.skipped.push({ taskId, agent: r.agent, kind, reason });
      if (cls === 'invalid')
        skip(
          'invalid',
          `${r.exitCategory}: invalid for this run (a task without a graph when the run began stays invalid; start a new run)`,
        );
      else if (cls === 'infrastructure') skip('unresolved', `${r.exitCategory}: unresolved; elderbench run --resume ${runId} first`);
      else {
        try {
          const x = await rescoreResult(ctx, task, r, latest, from(r));
          if (x) done.push(x);
        } catch (e) {
          skip('error', errorMessage(e));
        }
      }
    }
    if (done.length === 0) continue;
    const record: RescoreRecord = {
      at: new Date().toISOString(),
      taskId,
      fromVersions: [...new Set(done.map((x) => x.report.fromVersion))],
      toVersion: latest.version,
      results: done.map((x) => ({ agent: x.report.agent, before: x.report.before, after: x.report.after, how: x.report.how })),
    };
    // The manifest's version for the task moves only when every result of it is on the new version.
    const allMoved = done.length === results.length - results.filter((r) => from(r) === latest.version).length;
    const current = store.runs.get(runId)!.manifest;
    const manifest = {
      ...current,
      ...(allMoved
        ? {
            graphVersions: { ...current.graphVersions, [taskId]: latest.version },
            graphs: {
              ...current.graphs,
              [taskId]: { version: latest.version, trust: trustOf(store, latest.id, latest.validation.selfConsistency) },
            },
          }
        : {}),
      rescores: [...current.rescores, record],
    };
    store.runs.replaceResults(
      runId,
      done.map((x) => ({ result: x.result, steps: x.steps })),
      manifest,
    );
    for (const x of done) {
      summary.rescored.push(x.report);
      if (x.report.before.success !== x.report.after.success) summary.flipped++;
    }
    deps.log(
      `re-scored ${taskId} on v${latest.version}: ${done.map((x) => `${x.report.agent} ${x.report.before.exit} → ${x.report.after.success ? 'success' : x.report.after.exit}`).join(', ')}`,
    );
  }
  return summary;
}
