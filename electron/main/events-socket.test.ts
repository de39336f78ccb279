import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { WebSocketServer } from 'ws';
import { until } from '../../test/support/wait.js';
import type { EventsSocket } from './events-socket.js';
import { connectEvents } from './events-socket.js';

/** A stand-in for the backend's /events endpoint: a real WebSocket server on an ephemeral port. */
async function fakeBackend(port = 0): Promise<{ wss: WebSocketServer; url: string; port: number; close(): Promise<void> }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const p = (wss.address() as AddressInfo).port;
  return {
    wss,
    port: p,
    url: `http://127.0.0.1:${p}/`,
    close: () =>
      new Promise<void>((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
}

describe("the main process's events socket", () => {
  let socket: EventsSocket | undefined;
  afterEach(() => socket?.close());

  it('forwards events, drops garbage without crashing, and reconnects after the backend goes away and comes back', async () => {
    let backend = await fakeBackend();
    const port = backend.port;
    const got: unknown[] = [];
    const logs: string[] = [];
    let connections = 0;
    const onConnection = (ws: WebSocket) => {
      connections++;
      ws.send('not json {');
      ws.send(JSON.stringify({ no: 'channel' }));
      ws.send(JSON.stringify({ channel: 'hello', payload: connections }));
    };
    backend.wss.on('connection', onConnection);
    socket = connectEvents({
      target: () => ({ url: `http://127.0.0.1:${port}/`, token: 't' }),
      onEvent: (m) => got.push(m),
      log: (m) => logs.push(m),
      retryMs: 20,
      maxRetryMs: 200,
    });
    await until(() => got.length === 1, 'the first event', 30_000);
    expect(got[0]).toEqual({ channel: 'hello', payload: 1 });
    expect(logs).toEqual(
      expect.arrayContaining(['events: dropped a message that is not JSON', 'events: dropped a message without a channel']),
    );

    await backend.close(); // connection refused for a while: errors are handled, attempts go on
    await until(() => logs.some((l) => /ECONNREFUSED/.test(l)), 'a refused reconnection attempt', 30_000);
    backend = await fakeBackend(port);
    backend.wss.on('connection', onConnection);
    await until(() => got.length === 2, 'an event after reconnecting', 30_000);
    expect(got[1]).toEqual({ channel: 'hello', payload: 2 });
    socket.close();
    await backend.close();
  }, 90_000);

  it('connects to the new address at once when told the backend restarted elsewhere', async () => {
    const a = await fakeBackend();
    const b = await fakeBackend();
    let target = { url: a.url, token: 'a' };
    const seen: string[] = [];
    for (const [name, s] of [
      ['a', a],
      ['b', b],
    ] as const) {
      s.wss.on('connection', (ws, req) => {
        seen.push(`${name}:${req.headers.authorization}`);
        ws.send(JSON.stringify({ channel: 'hello', payload: name }));
      });
    }
    socket = connectEvents({ target: () => target, onEvent: () => {}, log: () => {} });
    await until(() => seen.length === 1, 'the first connection', 30_000);
    target = { url: b.url, token: 'b' };
    socket.reconnect();
    await until(() => seen.length === 2, 'the connection to the new backend', 30_000);
    expect(seen).toEqual(['a:Bearer a', 'b:Bearer b']);
    socket.close();
    await Promise.all([a.close(), b.close()]);
  }, 60_000);
});
