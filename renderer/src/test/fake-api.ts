import { vi } from 'vitest';
import type { ElderBenchApi, ServiceName } from '../../../shared/api/index.js';
import { EVENT_CHANNELS, METHOD_CHANNELS } from '../../../shared/api/index.js';

type Fn = (...args: never[]) => unknown;
type MethodName<S extends ServiceName> = { [K in keyof ElderBenchApi[S]]: K extends `on${string}` ? never : K }[keyof ElderBenchApi[S]];
type EventName<S extends ServiceName> = { [K in keyof ElderBenchApi[S]]: K extends `on${string}` ? K : never }[keyof ElderBenchApi[S]];
type Impl<F> = F extends (...a: infer A) => Promise<infer R> ? (...a: A) => R | Promise<R> : never;
type Payload<F> = F extends (listener: (p: infer P) => void) => unknown ? P : never;

/**
 * A stand-in for the backend, built from the same contract as the real clients: every method
 * refuses until a test says what it answers, every call is recorded, and a test pushes events
 * as the backend would.
 */
export interface FakeApi {
  api: ElderBenchApi;
  /** Says what a method answers (a value, or a function of its input). */
  answer<S extends ServiceName, M extends MethodName<S>>(service: S, method: M, impl: Impl<ElderBenchApi[S][M]>): void;
  /** The inputs a method was called with, oldest first. */
  calls<S extends ServiceName, M extends MethodName<S>>(service: S, method: M): Parameters<Extract<ElderBenchApi[S][M], Fn>>[];
  /** Pushes an event to every listener, as the backend would. */
  emit<S extends ServiceName, E extends EventName<S>>(service: S, event: E, payload: Payload<ElderBenchApi[S][E]>): void;
  /** Forgets answers, calls and listeners. */
  reset(): void;
}

export function createFakeApi(): FakeApi {
  type Mock = ReturnType<typeof vi.fn<(...a: unknown[]) => Promise<unknown>>>;
  const mocks = new Map<string, Mock>();
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const api: Record<string, Record<string, unknown>> = {};
  const refuse = (channel: string) => () => Promise.reject(new Error(`the fake backend has no answer for ${channel}`));
  for (const c of METHOD_CHANNELS) {
    const m: Mock = vi.fn<(...a: unknown[]) => Promise<unknown>>(refuse(c.channel));
    mocks.set(c.channel, m);
    (api[c.service] ??= {})[c.name] = (...a: unknown[]) => m(...a);
  }
  for (const c of EVENT_CHANNELS) {
    (api[c.service] ??= {})[c.name] = (l: (p: unknown) => void) => {
      const set = listeners.get(c.channel) ?? new Set();
      listeners.set(c.channel, set);
      set.add(l);
      return () => set.delete(l);
    };
  }
  const mock = (channel: string): Mock => {
    const m = mocks.get(channel);
    if (!m) throw new Error(`no method ${channel} in the API contract`);
    return m;
  };
  return {
    api: api as unknown as ElderBenchApi,
    answer(service, method, impl) {
      mock(`${service}.${String(method)}`).mockImplementation(async (...a: unknown[]) => (impl as (...x: unknown[]) => unknown)(...a));
    },
    calls(service, method) {
      return mock(`${service}.${String(method)}`).mock.calls as never;
    },
    emit(service, event, payload) {
      for (const l of listeners.get(`${service}.${String(event)}`) ?? []) l(payload);
    },
    reset() {
      for (const [channel, m] of mocks) {
        m.mockReset();
        m.mockImplementation(refuse(channel));
      }
      listeners.clear();
    },
  };
}

/** The one fake the window's store talks to in component tests (see `platform-mock.ts`). */
export const fake = createFakeApi();
