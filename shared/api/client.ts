import type { Unsubscribe } from './contract.js';
import type { ElderBenchApi } from './index.js';
import { EVENT_CHANNELS, METHOD_CHANNELS } from './index.js';
import { apiContract } from './services.js';
import type { ServiceName } from './services.js';

type Listener = (payload: unknown) => void;

/** How a transport carries calls; events it hands to `dispatch`. */
export interface ApiTransport {
  /** Sends one call on its channel (`service.method`) and resolves with the result or rejects with the error. */
  call(channel: string, input: unknown): Promise<unknown>;
  /** Told whenever a listener subscribes (web mode opens its socket then). */
  onSubscribe?(): void;
}

export interface ApiClient {
  /** `window.elderbench`: one function per method, `onX(listener) → unsubscribe` per event. */
  api: ElderBenchApi;
  /** Delivers a pushed event to the listeners of its channel. */
  dispatch(channel: string, payload: unknown): void;
  /** Whether anyone still listens to any event. */
  listening(): boolean;
}

/**
 * The API object both transports expose (the desktop preload over IPC, web mode over HTTP and a
 * WebSocket): built from the contract's channels, so no method or event is written by hand.
 */
export function createApiClient(transport: ApiTransport): ApiClient {
  const listeners = new Map<string, Set<Listener>>();
  const api = Object.fromEntries(Object.keys(apiContract).map((s) => [s, {}])) as Record<ServiceName, Record<string, unknown>>;
  for (const c of METHOD_CHANNELS) api[c.service][c.name] = (input: unknown) => transport.call(c.channel, input);
  for (const c of EVENT_CHANNELS) {
    api[c.service][c.name] = (listener: Listener): Unsubscribe => {
      const set = listeners.get(c.channel) ?? new Set<Listener>();
      listeners.set(c.channel, set);
      set.add(listener);
      transport.onSubscribe?.();
      return () => set.delete(listener);
    };
  }
  return {
    api: api as unknown as ElderBenchApi,
    dispatch: (channel, payload) => {
      for (const l of listeners.get(channel) ?? []) l(payload);
    },
    listening: () => [...listeners.values()].some((s) => s.size > 0),
  };
}
