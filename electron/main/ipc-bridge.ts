import type { ChannelInfo, ConfirmationRequest, MethodSpec, WireError } from '../../shared/api/index.js';
import { ApiError, IPC_PREFIX, METHOD_CHANNELS } from '../../shared/api/index.js';
import { errorMessage } from '../../shared/error-message.js';

/** The slice of Electron's ipcMain we use; a fake stands in for it in tests. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: { senderFrame: { url: string } | null }, ...args: unknown[]) => unknown): void;
}

/** Sends a call to the backend; `confirmed` only after the user said yes in this shell's own dialog. */
export type Forward = (channel: string, input: unknown, opts?: { confirmed?: boolean }) => Promise<{ result?: unknown; error?: WireError }>;

/** Asks the user, in a dialog of the shell (never of the page), whether to make the change; true means yes. */
export type Confirm = (request: ConfirmationRequest) => Promise<boolean>;

/** What crosses IPC back to the preload: never a thrown Error (Electron would flatten it), always data. */
export type IpcReply = { ok: true; result: unknown } | { ok: false; error: WireError };

/**
 * Registers one `ipcMain.handle` per API method (never a generic channel). Each call
 * is checked twice before it reaches the backend: the sender must be our own page,
 * and the argument must pass the contract's schema. A call the backend answers with a
 * confirmation request (approving an agent's secret, a task's setup on a real phone) is put to
 * the user in the shell's own dialog — which the page cannot draw, answer or skip — and sent
 * again as confirmed only on a yes.
 */
export function registerApiHandlers(
  ipcMain: IpcMainLike,
  forward: Forward,
  isTrustedSender: (url: string) => boolean,
  channels: readonly ChannelInfo<MethodSpec>[] = METHOD_CHANNELS,
  confirm: Confirm = async () => false,
): string[] {
  const registered: string[] = [];
  for (const c of channels) {
    const ipcChannel = IPC_PREFIX + c.channel;
    ipcMain.handle(ipcChannel, async (event, input): Promise<IpcReply> => {
      const url = event.senderFrame?.url ?? '';
      if (!isTrustedSender(url)) {
        return { ok: false, error: { code: 'unauthorized', message: `IPC from an untrusted frame refused: ${url}` } };
      }
      const parsed = c.spec.input.safeParse(input);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        return { ok: false, error: new ApiError('bad_request', `${c.channel}: ${issues[0]?.message}`, issues).toWire() };
      }
      try {
        let reply = await forward(c.channel, input);
        if (reply.error?.confirm && (await confirm(reply.error.confirm))) reply = await forward(c.channel, input, { confirmed: true });
        return reply.error ? { ok: false, error: reply.error } : { ok: true, result: reply.result ?? null };
      } catch (e) {
        return { ok: false, error: { code: 'unavailable', message: `backend unreachable: ${errorMessage(e)}` } };
      }
    });
    registered.push(ipcChannel);
  }
  return registered;
}

/** Only our own bundled renderer (served from app://elderbench) may call the API. */
export { isOwnRendererUrl } from './app-protocol.js';
