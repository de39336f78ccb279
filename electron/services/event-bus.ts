import type { ApiContract, EventKeys, EventPayload, ServiceName } from '../../shared/api/index.js';

/** A pushed event as the transports carry it: `channel` is `service.onX`, derived from the contract. */
export interface PushedEvent {
  channel: string;
  payload: unknown;
}

export type EventListener = (e: PushedEvent) => void;

/** The events a service declares, and the payload each carries (both from shared/api). */
export type ServiceEvent<S extends ServiceName> = EventKeys<ApiContract[S]> & string;
export type ServiceEventPayload<S extends ServiceName, E extends ServiceEvent<S>> = EventPayload<ApiContract[S], E>;

/**
 * Fan-out of backend events to every transport (IPC forwarder, WebSocket clients). `emit` is checked
 * against the contract: only an event the service declares, only with the payload it declares.
 */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<S extends ServiceName, E extends ServiceEvent<S>>(service: S, event: E, payload: ServiceEventPayload<S, E>): void {
    const channel = `${service}.${event}`;
    for (const l of this.listeners) {
      try {
        l({ channel, payload });
      } catch {
        // One broken subscriber (e.g. a closed socket) must not starve the others.
      }
    }
  }
}
