import type { Server } from 'node:net';

/**
 * Starts listening and settles once: rejects when the port cannot be had (in use, not allowed),
 * resolves when it is bound. Later socket-level errors are the connections' own business, so the
 * server keeps serving the others.
 */
export async function listenOn(server: Server, port: number, host: string | undefined): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', () => {});
}
