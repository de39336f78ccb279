import type { AddressInfo, Socket } from 'node:net';
import { connect, createServer } from 'node:net';

export interface SlowAdb {
  port: number;
  close(): Promise<void>;
}

/**
 * A TCP relay in front of an adb server that holds back requests the way a real phone is
 * slow to answer them: each client request whose text contains a key of `delays` reaches
 * the server that many ms late (e.g. `screencap` 800, `uiautomator dump` 1500). Everything
 * else passes at once, in order. The app sees an ordinary adb server.
 */
export async function startSlowAdb(target: { host: string; port: number }, delays: Record<string, number>): Promise<SlowAdb> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    let chain = Promise.resolve();
    client.on('data', (chunk) => {
      const text = chunk.toString('latin1');
      const wait = Math.max(
        0,
        ...Object.entries(delays)
          .filter(([k]) => text.includes(k))
          .map(([, ms]) => ms),
      );
      chain = chain
        .then(() => (wait ? new Promise<void>((r) => setTimeout(r, wait)) : undefined))
        .then(() => {
          if (!upstream.destroyed) upstream.write(chunk);
        });
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
