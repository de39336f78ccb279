import WebSocket from 'ws';

export interface EventsSocketOptions {
  /** Where to connect now (the backend may have restarted on another port with another token). */
  target(): { url: string; token: string } | null;
  onEvent(message: { channel: string; payload: unknown }): void;
  log(message: string): void;
  /** First and longest wait between reconnection attempts. */
  retryMs?: number;
  maxRetryMs?: number;
}

export interface EventsSocket {
  /** Drops the current connection and connects again at once (after a backend restart). */
  reconnect(): void;
  close(): void;
}

/**
 * The main process's subscription to the backend's pushed events. It survives what a socket
 * meets in practice: connection errors (handled, never an unhandled 'error' that would crash
 * the main process), a message that is not our JSON (logged and dropped), and the backend
 * going away (reconnects with a growing delay until closed).
 */
export function connectEvents(opts: EventsSocketOptions): EventsSocket {
  const first = opts.retryMs ?? 250;
  const max = opts.maxRetryMs ?? 5000;
  let delay = first;
  let ws: WebSocket | null = null;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const schedule = (): void => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      open();
    }, delay);
    delay = Math.min(delay * 2, max);
  };

  const open = (): void => {
    if (closed) return;
    const t = opts.target();
    if (!t) return schedule();
    const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}events`, { headers: { Authorization: `Bearer ${t.token}` } });
    ws = socket;
    socket.on('open', () => {
      delay = first;
    });
    socket.on('message', (data) => {
      let msg: unknown;
      try {
        msg = JSON.parse(String(data));
      } catch {
        opts.log('events: dropped a message that is not JSON');
        return;
      }
      if (typeof msg === 'object' && msg !== null && typeof (msg as { channel?: unknown }).channel === 'string') {
        opts.onEvent(msg as { channel: string; payload: unknown });
      } else {
        opts.log('events: dropped a message without a channel');
      }
    });
    socket.on('error', (e) => opts.log(`events: ${e.message}`));
    socket.on('close', () => {
      if (ws === socket) ws = null;
      schedule();
    });
  };

  open();
  return {
    reconnect: () => {
      delay = first;
      if (timer) clearTimeout(timer);
      timer = null;
      const old = ws;
      ws = null;
      if (old) {
        old.removeAllListeners('close');
        old.on('error', () => {});
        old.terminate();
      }
      open();
    },
    close: () => {
      closed = true;
      if (timer) clearTimeout(timer);
      ws?.removeAllListeners('close');
      ws?.on('error', () => {});
      ws?.terminate();
      ws = null;
    },
  };
}
