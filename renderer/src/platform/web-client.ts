import type { ElderBenchApi, WireError } from '../../../shared/api/index.js';
import { ApiError } from '../../../shared/api/index.js';
import type { ApiClient } from '../../../shared/api/client.js';
import { createApiClient } from '../../../shared/api/client.js';

/**
 * Web mode's implementation of `ElderBenchApi`: one POST per call, one WebSocket for
 * all pushed events. Authentication is the HttpOnly cookie the server set when the
 * page was first opened with its token, so no secret lives in page script. The API
 * object itself is the one the desktop preload builds (shared/api/client.ts).
 */
export function createWebClient(base = ''): ElderBenchApi {
  let socket: WebSocket | null = null;
  let retryMs = 500;
  let client: ApiClient | null = null;

  const connect = (): void => {
    const url = new URL(`${base}/events`, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url);
    socket = ws;
    ws.onmessage = (m) => {
      let message: { channel?: unknown; payload?: unknown };
      try {
        message = JSON.parse(String(m.data)) as { channel?: unknown; payload?: unknown };
      } catch {
        return; // not one of the backend's events
      }
      if (typeof message.channel === 'string') client?.dispatch(message.channel, message.payload);
    };
    ws.onopen = () => {
      retryMs = 500;
    };
    ws.onclose = () => {
      socket = null;
      // Reconnect while anyone listens (the backend may have restarted).
      if (client?.listening()) {
        setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, 10_000);
      }
    };
  };

  const call = async (channel: string, input: unknown): Promise<unknown> => {
    let res: Response;
    try {
      res = await fetch(`${base}/api/${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ input }),
      });
    } catch (e) {
      throw new ApiError('unavailable', `the ElderBench backend is not reachable (${(e as Error).message})`);
    }
    const body = (await res.json().catch(() => null)) as { result?: unknown; error?: WireError } | null;
    if (!res.ok || !body || body.error) {
      throw ApiError.fromWire(body?.error ?? { code: 'internal', message: `HTTP ${res.status}` });
    }
    return body.result;
  };

  client = createApiClient({
    call,
    onSubscribe: () => {
      if (!socket) connect();
    },
  });
  return client.api;
}
