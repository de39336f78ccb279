import type { ElderBenchApi, WireError } from '../../../shared/api/index.js';
import { ApiError, EVENT_CHANNELS, METHOD_CHANNELS } from '../../../shared/api/index.js';

type Listener = (payload: unknown) => void;

/**
 * Web mode's implementation of `ElderBenchApi`: one POST per call, one WebSocket for
 * all pushed events. Authentication is the HttpOnly cookie the server set when the
 * page was first opened with its token, so no secret lives in page script.
 */
export function createWebClient(base = ''): ElderBenchApi {
  const listeners = new Map<string, Set<Listener>>();
  let socket: WebSocket | null = null;
  let retryMs = 500;

  const connect = (): void => {
    const url = new URL(`${base}/events`, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url);
    socket = ws;
    ws.onmessage = (m) => {
      const { channel, payload } = JSON.parse(String(m.data)) as { channel: string; payload: unknown };
      for (const l of listeners.get(channel) ?? []) l(payload);
    };
    ws.onopen = () => {
      retryMs = 500;
    };
    ws.onclose = () => {
      socket = null;
      // Reconnect while anyone listens (the backend may have restarted).
      if ([...listeners.values()].some((s) => s.size > 0)) {
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

  const api: Record<string, Record<string, unknown>> = {};
  for (const c of METHOD_CHANNELS) {
    (api[c.service] ??= {})[c.name] = (input: unknown) => call(c.channel, input);
  }
  for (const c of EVENT_CHANNELS) {
    (api[c.service] ??= {})[c.name] = (listener: Listener) => {
      const set = listeners.get(c.channel) ?? new Set<Listener>();
      listeners.set(c.channel, set);
      set.add(listener);
      if (!socket) connect();
      return () => set.delete(listener);
    };
  }
  for (const s of ['devices', 'recording', 'graphs', 'runs', 'review', 'analysis']) api[s] ??= {};
  return api as unknown as ElderBenchApi;
}
