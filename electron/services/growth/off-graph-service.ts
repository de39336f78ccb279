import type { ElderBenchHandlers } from '../../../shared/api/index.js';
import { ApiError } from '../../../shared/api/index.js';
import { errorMessage } from '../../../shared/error-message.js';
import { DeviceError } from '../../core/device/device-port.js';
import type { DeviceHub } from '../devices/device-hub.js';
import type { RecordingSessions } from '../recording/recording-service.js';
import { rescoreRun } from '../runs/run-rescore.js';
import type { ServiceContext } from '../service-context.js';
import { markWrong, startBranch } from './branch-recorder.js';
import { acceptRoutes, growFromDemonstration } from './graph-growth.js';
import { offGraphReport } from './off-graph-listing.js';
import type { RouteProposer } from './route-proposer.js';

/** Errors of this service as the window reads them: what is missing is not_found, a device gone unavailable. */
function apiError(e: unknown): never {
  if (e instanceof ApiError) throw e;
  if (e instanceof DeviceError) throw new ApiError(e.kind === 'disconnected' ? 'unavailable' : 'bad_request', e.message);
  const m = errorMessage(e);
  throw new ApiError(/^no (run|task)|is not in|has no offline step/.test(m) ? 'not_found' : 'bad_request', m);
}

const sideEffects = (serial: string): never => {
  throw new ApiError(
    'bad_request',
    `playing the agent's action on ${serial} does for real what it does (send, pay, delete); confirm that it is a test phone`,
  );
};

/**
 * The Graphs screen's off-graph view. The branch's demonstration lives in the recorder's sessions, so the
 * Record screen continues it; when it is finished, `grow` rebuilds the graph with it (wired in the backend).
 */
export function offGraphService(
  ctx: ServiceContext,
  sessions: RecordingSessions,
  hub: DeviceHub,
  proposer: RouteProposer | null,
): ElderBenchHandlers['offGraph'] {
  const changed = (): void => ctx.events.emit('system', 'onDataChanged', { table: 'graphs' });
  return {
    list: ({ runId, taskId }) => offGraphReport(ctx.store(), runId, taskId ? { taskId } : {}).catch(apiError),
    replay: async ({ serial, allowSideEffects, ...ref }) => {
      if (!allowSideEffects) sideEffects(serial);
      return startBranch(ctx.store(), sessions, ref, serial).catch(apiError);
    },
    markWrong: async ({ note, ...ref }) => {
      const r = await markWrong(ctx.store(), sessions, ref, note).catch(apiError);
      changed();
      return r;
    },
    rescore: async ({ runId }) => {
      const r = await rescoreRun(
        { store: ctx.store, devices: hub, log: ctx.log, ...(ctx.userDataDir ? { userDataDir: ctx.userDataDir } : {}) },
        runId,
      ).catch(apiError);
      ctx.events.emit('system', 'onDataChanged', { table: 'runs' });
      return r;
    },
    proposeRoutes: async ({ taskId }) => {
      if (!proposer)
        throw new ApiError(
          'unavailable',
          'this backend has no route explorer; accept routes from a file with: elderbench graph accept-routes FILE',
        );
      if (!ctx.store().graphs.latest(taskId)) throw new ApiError('not_found', `task ${taskId} has no graph; build one first`);
      return { proposer: proposer.name, routes: await proposer.propose(ctx.store(), taskId).catch(apiError) };
    },
    acceptRoutes: async ({ serial, allowSideEffects, routes }) => {
      if (!allowSideEffects) sideEffects(serial);
      const r = await acceptRoutes(ctx.store(), sessions, serial, hub.device(serial), routes).catch(apiError);
      changed();
      return r;
    },
  };
}

/** After the recorder finishes a demonstration: a branch grows its task's graph by a new version (or is refused, saying why). */
export function growAfterFinish(ctx: ServiceContext, hub: DeviceHub): (demonstrationId: number) => Promise<void> {
  return async (id) => {
    try {
      const serial = ctx.store().demonstrations.get(id)?.deviceSerial;
      const g = await growFromDemonstration(ctx.store(), id, serial ? hub.device(serial) : null);
      if (!g) return;
      if ('refused' in g) ctx.log(g.refused);
      else ctx.log(`the graph of ${g.grown.taskId} grew by demonstration ${id}: version ${g.grown.version} (${g.grown.trust.status})`);
      ctx.events.emit('system', 'onDataChanged', { table: 'graphs' });
      ctx.events.emit('system', 'onDataChanged', { table: 'demonstrations' });
    } catch (e) {
      // The demonstration is kept; `elderbench graph build` or the Graphs screen builds it in later.
      ctx.log(`demonstration ${id} is finished but the graph could not be rebuilt with it: ${errorMessage(e)}`);
    }
  };
}
