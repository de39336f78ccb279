import type { ElderBenchHandlers } from '../../../shared/api/index.js';
import { ApiError } from '../../../shared/api/index.js';
import type { RunProgressDto } from '../../../shared/domain/run.js';
import { AgentApprovals } from '../../adapters/llm/agent-approvals.js';
import { approveAgent, loadAgentConfigs, secretUse } from '../../adapters/llm/agent-configs.js';
import type { ServiceContext } from '../service-context.js';
import type { DeviceHub } from '../devices/device-hub.js';
import { REPLAY_ORACLE } from '../../core/agents/agent-traits.js';
import { runChartsFor } from './run-charts.js';
import { buildRunReport } from './run-report-builder.js';
import { createRun, runToEnd, setupNeedingConfirmation } from './run-lifecycle.js';
import { setupQuestion } from '../devices/setup-guard.js';
import { runSummary } from './run-summary.js';
import { errorMessage } from '../../../shared/error-message.js';
import { requireConfirmation } from '../call-context.js';
import { exportRunBundle } from './bundle/bundle-export.js';
import { join } from 'node:path';

/** Runs started from the window execute inside the backend; the renderer follows them through onProgress. */
export function runsService(ctx: ServiceContext, devices: DeviceHub): ElderBenchHandlers['runs'] {
  const active = new Map<string, { cancel: boolean }>();
  const deps = (runId: string) => ({
    store: ctx.store,
    userDataDir: ctx.userDataDir,
    devices,
    log: ctx.log,
    onProgress: (p: Omit<RunProgressDto, 'ended'>) => ctx.events.emit('runs', 'onProgress', { ...p, runId, ended: null }),
  });
  const launch = (runId: string): void => {
    const flag = { cancel: false };
    active.set(runId, flag);
    void runToEnd(deps(runId), runId, () => flag.cancel)
      .then(
        () => ended(runId, flag.cancel ? 'cancelled' : 'finished', null),
        (e: Error) => ended(runId, 'failed', e.message),
      )
      .finally(() => active.delete(runId));
  };
  const ended = (runId: string, status: 'finished' | 'cancelled' | 'failed', error: string | null): void => {
    const results = ctx.store().runs.results(runId).length;
    ctx.events.emit('runs', 'onProgress', {
      runId,
      total: results,
      done: results,
      running: [],
      last: null,
      infraRetries: 0,
      ended: { status, error },
    });
    ctx.events.emit('system', 'onDataChanged', { table: 'runs' });
  };
  return {
    list: () =>
      ctx
        .store()
        .runs.list()
        .map((r) => ({
          ...runSummary(r, ctx.store().runs.results(r.id), ctx.store().leases.holder('run', r.id)),
          active: active.has(r.id),
        })),
    agents: () => {
      const set = loadAgentConfigs(ctx.store().path, { approvals: new AgentApprovals(ctx.userDataDir) });
      return [
        {
          name: REPLAY_ORACLE.name,
          adapter: REPLAY_ORACLE.adapter,
          description: REPLAY_ORACLE.description,
          ready: true,
          problem: null,
          approval: null,
        },
        ...set.agents.map((a) => {
          const use = a.trust === 'needs-approval' ? secretUse(a) : null;
          const problem = use
            ? `needs your approval to send ${use.variable} to ${use.origin}`
            : a.apiKeyEnv && !process.env[a.apiKeyEnv]
              ? `set ${a.apiKeyEnv}`
              : null;
          return {
            name: a.name,
            adapter: a.adapter,
            description: a.description ?? '',
            ready: !problem,
            problem,
            approval: use ? { variable: use.variable, origin: use.origin } : null,
          };
        }),
      ];
    },
    approveAgent: ({ name }) => {
      const approvals = new AgentApprovals(ctx.userDataDir);
      const set = loadAgentConfigs(ctx.store().path, { approvals });
      const entry = set.agents.find((a) => a.name === name);
      const use = entry ? secretUse(entry) : null;
      // Where a secret may go is the user's decision, made outside the page: a page (or whoever holds
      // its credential) asking is not enough. Refusals (unknown entry, nothing to approve) come first.
      if (use && entry?.trust === 'needs-approval') {
        requireConfirmation({
          title: `Send the value of ${use.variable} to ${use.origin}?`,
          detail:
            `The agent entry "${use.agent}" in ${set.file ?? 'the workspace agents.json'} would send your ${use.variable} ` +
            `(an environment variable of this computer) to ${use.origin}${entry.model ? ` for the model ${entry.model}` : ''}. ` +
            'Approve only if you trust that server with it; the approval is kept on this computer, for this origin only.',
          cli: `elderbench --workspace ${JSON.stringify(ctx.store().path)} agent trust ${name}`,
        });
      }
      try {
        return approveAgent(set, name, approvals);
      } catch (e) {
        throw new ApiError('bad_request', errorMessage(e));
      }
    },
    start: async (input) => {
      // Said before anything starts, not as SQLite's "attempt to write a readonly database" from deep inside.
      if (ctx.store().readOnly) throw ctx.store().readOnlyError();
      // Setup commands outside the known-safe set on a real phone: the user confirms in the window's own dialog.
      const unconfirmed = await setupNeedingConfirmation(deps(''), input).catch((e: unknown) => {
        throw new ApiError('bad_request', errorMessage(e));
      });
      if (unconfirmed) requireConfirmation(setupQuestion(unconfirmed, `elderbench run … --allow-setup`));
      let runId: string;
      try {
        runId = createRun(deps(''), { ...input, setupConfirmed: unconfirmed !== null }).runId;
      } catch (e) {
        throw new ApiError('bad_request', errorMessage(e));
      }
      launch(runId);
      return { runId };
    },
    resume: ({ runId }) => {
      if (ctx.store().readOnly) throw ctx.store().readOnlyError();
      if (!ctx.store().runs.get(runId)) throw new ApiError('not_found', `no run ${runId}`);
      if (active.has(runId)) throw new ApiError('conflict', `run ${runId} is already running`);
      launch(runId);
      return { runId };
    },
    cancel: ({ runId }) => {
      const flag = active.get(runId);
      if (!flag) throw new ApiError('conflict', `run ${runId} is not running in this window`);
      flag.cancel = true;
      return null;
    },
    charts: ({ runId }) => runChartsFor(ctx.store(), runId),
    exportBundle: async ({ runId }) => {
      const store = ctx.store();
      if (!store.runs.get(runId)) throw new ApiError('not_found', `no run ${runId} in this workspace`);
      return exportRunBundle(store, runId, join(store.path, 'exports', `${runId}.tar.gz`), { env: process.env });
    },
    report: ({ runId, excludeUnresolved }) => {
      let r;
      try {
        r = buildRunReport(ctx.store(), runId, { excludeUnresolved: excludeUnresolved === true });
      } catch (e) {
        throw new ApiError('not_found', errorMessage(e));
      }
      return {
        runId,
        status: r.status,
        tables: r.tables,
        excludeUnresolved: r.excludeUnresolved,
        unresolved: r.metrics.reduce((n, a) => n + a.overall.unresolved, 0),
        outcomes: ctx
          .store()
          .runs.results(runId)
          .map((x) => ({
            taskId: x.taskId,
            agent: x.agent,
            mode: x.mode,
            success: x.success,
            exit: x.exitCategory,
            steps: x.details.steps ?? 0,
          })),
      };
    },
  };
}
