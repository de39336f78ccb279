import type { ElderBenchApi, WireError } from '../../../shared/api/index.js';
import { ApiError } from '../../../shared/api/index.js';
import type { ApiClient } from '../../../shared/api/client.js';
import { createApiClient } from '../../../shared/api/client.js';
import type { WebSession } from './web-session.js';
import { webSession } from './web-session.js';

/**
 * Web mode's implementation of `ElderBenchApi`: one POST per call, one WebSocket for
 * all pushed events. Each call carries the page's session token as a Bearer header, and the
 * socket sends it as its first message (a browser cannot put headers on a WebSocket); there
 * is no cookie (see web-session.ts). The API object itself is the one the desktop preload
 * builds (shared/api/client.ts).
 */
export function createWebClient(base = '', session: () => WebSession | null = webSession): ElderBenchApi {
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
      ws.send(JSON.stringify({ token: session()?.token ?? '' }));
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
      const token = session()?.token;
      res = await fetch(`${base}/api/${channel}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        credentials: 'omit',
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
