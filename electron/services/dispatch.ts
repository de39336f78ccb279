import type { ElderBenchHandlers } from '../../shared/api/index.js';
import { ApiError, METHOD_CHANNELS } from '../../shared/api/index.js';
import type { CallContext } from './call-context.js';
import { ConfirmationRequiredError, withCallContext } from './call-context.js';
import { diskFullMessage, isDiskFull, isSqliteReadOnly, ReadOnlyWorkspaceError } from '../adapters/db/read-only-error.js';

/** `context`: what the transport knows about the call (see CallContext); nothing confirmed when absent. */
export type Dispatch = (channel: string, input: unknown, context?: CallContext) => Promise<unknown>;

/**
 * The single entry both transports call. It validates the argument against the
 * contract's schema *before* any handler runs, and turns every failure into an
 * ApiError, so a transport only ever serialises `{ result }` or `{ error }`.
 */
export function createDispatch(getHandlers: () => ElderBenchHandlers, log: (msg: string) => void = () => {}): Dispatch {
  const table = new Map(METHOD_CHANNELS.map((c) => [c.channel, c]));
  return async (channel, input, context = { confirmed: false, canConfirm: false }) => {
    const info = table.get(channel);
    if (!info) throw new ApiError('not_found', `no such API method: ${channel}`);
    const parsed = info.spec.input.safeParse(input ?? undefined);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      const first = issues[0];
      throw new ApiError(
        'bad_request',
        `${channel}: ${first?.path ? `field "${first.path}": ` : ''}${first?.message ?? 'invalid argument'}`,
        issues,
      );
    }
    const service = getHandlers()[info.service] as Record<string, (arg: unknown) => unknown>;
    const handler = service[info.name];
    if (!handler) throw new ApiError('internal', `${channel} is declared but not implemented`);
    try {
      return await withCallContext(context, () => handler.call(service, parsed.data));
    } catch (e) {
      if (e instanceof ApiError) throw e;
      if (e instanceof ConfirmationRequiredError) throw new ApiError('conflict', e.message, undefined, e.request);
      if (e instanceof ReadOnlyWorkspaceError) throw new ApiError('conflict', e.message);
      if (isSqliteReadOnly(e)) throw new ApiError('conflict', new ReadOnlyWorkspaceError(null).message);
      if (isDiskFull(e)) throw new ApiError('unavailable', diskFullMessage(null));
      log(`${channel} failed: ${(e as Error).stack ?? String(e)}`);
      throw new ApiError('internal', (e as Error).message || String(e));
    }
  };
}
