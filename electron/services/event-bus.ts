/** A pushed event: `channel` is `service.onX` as derived from the contract. */
export interface PushedEvent {
  channel: string;
  payload: unknown;
}

export type EventListener = (e: PushedEvent) => void;

/** Fan-out of backend events to every transport (IPC forwarder, WebSocket clients). */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(channel: string, payload: unknown): void {
    for (const l of this.listeners) {
      try {
        l({ channel, payload });
      } catch {
        // One broken subscriber (e.g. a closed socket) must not starve the others.
      }
    }
  }
}
