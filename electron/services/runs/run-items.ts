import type { RunResultDetails } from '../../../shared/domain/run-records.js';
import type { RunSpec } from '../../../shared/schemas/run-spec.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { Agent } from '../../core/agents/agent.js';
import { isReplayOracle } from '../../core/agents/agent-traits.js';
import { ReplayAgent } from '../../core/agents/model-free/replay.js';
import type { StepRecord, TaskOutcome } from '../../core/eval/outcome.js';
import { billableUsage, stepTotals } from '../../core/eval/outcome.js';
import { imagesSent } from '../../core/agents/sent-request.js';
import { trialSeed, withSeed } from '../../core/agents/trial-seed.js';
import type { UserTurn } from '../../core/user/user-turn.js';
import { UserSession, userStats } from '../../core/user/user-session.js';
import type { ExecutorDeps, RunProgress } from './run-executor.js';
import type { RunItem, RunPlan } from './run-plan.js';
import { itemKey } from './run-plan.js';

/** The actions of the task's first finished demonstration: what the replay oracle follows. */
function demonstrationActions(deps: ExecutorDeps, taskId: string) {
  const demo = deps.store.demonstrations.firstFinished(taskId);
  if (!demo) throw new Error(`task ${taskId} has no finished demonstration for the replay agent to follow`);
  return deps.store.demonstrations.steps(demo.id).flatMap((s) => (s.action ? [s.action] : []));
}

/** What running one item needs, the same offline and online: its agent, its user, and how steps and results are committed. */
export interface ItemRunner {
  agentFor(i: RunItem): Agent;
  instructionOf(t: Task): string;
  /** One conversation per attempt; the user always heard the task's own words, whatever text the agent got. */
  userOf(i: RunItem): { askUser?: (q: string) => Promise<UserTurn>; stats(steps: readonly StepRecord[]): Pick<RunResultDetails, 'user'> };
  /** Commits each step as it happens and keeps what the result's totals need. */
  recorder(i: RunItem): { stats: StepRecord[]; record(s: StepRecord): void };
  /** Commits an item's result (its own transaction) and reports progress. */
  commit(i: RunItem, o: TaskOutcome, steps: readonly StepRecord[], extra?: RunResultDetails): void;
  progress: RunProgress;
}

export function itemRunner(runId: string, spec: RunSpec, deps: ExecutorDeps, plan: RunPlan, progress: RunProgress): ItemRunner {
  const { store } = deps;
  return {
    progress,
    agentFor: (i) => {
      if (isReplayOracle(i.agent)) return new ReplayAgent(i.agent, demonstrationActions(deps, i.task.id));
      const config = deps.findAgent(i.agent);
      return deps.createAgent(withSeed(config, trialSeed(config, spec, i.trial)));
    },
    instructionOf: (t) => (spec.instruction === 'normalized' && t.normalized ? t.normalized : t.instruction),
    userOf: (i) => {
      const responder = deps.userFor?.(i.task) ?? null;
      const session = responder ? new UserSession(responder, i.task.instruction) : null;
      return {
        ...(session ? { askUser: (q: string) => session.ask(q) } : {}),
        stats: (steps) => ({ user: userStats(spec.user, steps.filter((s) => s.action.type === 'AskUser').length, session?.turns ?? []) }),
      };
    },
    recorder: (i) => {
      const stats: StepRecord[] = [];
      return {
        stats,
        record: (s) => {
          // Totals only; the full step (with what it sent the model) goes to the database now.
          stats.push({ ...s, raw: '', details: {}, request: undefined, imagesSent: imagesSent(s.request) });
          store.runs.addStep({
            ...itemKey(runId, i),
            idx: s.idx,
            observationBlob: s.observationBlob,
            rawOutput: s.raw,
            action: s.action,
            details: s.request ? { ...s.details, request: s.request } : s.details,
            timings: s.timings,
            usage: s.usage,
          });
        },
      };
    },
    commit: (i, o, steps, extra = {}) => {
      const totals = stepTotals(steps);
      const earlier = plan.history(i);
      store.runs.putResult({
        ...itemKey(runId, i),
        success: o.success,
        exitCategory: o.exit,
        details: {
          ...o.details,
          ...extra,
          steps: o.steps,
          stats: { stepMs: totals.reasoningMs, tokens: totals.tokensKnown ? totals.tokens : null, ...billableUsage(steps) },
          ...(earlier ? { previousAttempts: earlier } : {}),
        },
      });
      progress.done++;
      progress.last = { taskId: i.task.id, agent: i.agent, mode: i.mode, success: o.success, exit: o.exit };
      deps.onProgress(progress);
    },
  };
}
