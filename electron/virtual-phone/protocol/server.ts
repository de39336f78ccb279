import net from 'node:net';
import type { Socket } from 'node:net';
import type { DeviceRegistry } from './registry.js';
import { SocketReader, ReaderClosed } from './reader.js';
import { FrameError, fail, okay, readRequest } from './framing.js';
import { handleHost, pickTransport } from './host-services.js';
import { ForwardTable, handleForwardRequest } from './forwards.js';
import { handleDeviceService } from './device-services.js';
import { listenOn } from './listen.js';
import type { ConnectionLimits } from './limits.js';
import { DEFAULT_CONNECTION_LIMITS } from './limits.js';

/**
 * The TCP smart-socket server. Every connection is independent and every failure is contained to
 * its socket: a malformed frame gets FAIL, a vanished client just ends its own handler.
 */
export interface AdbServerHandle {
  port: number;
  close(): Promise<void>;
}

export async function startAdbServer(opts: {
  host: string;
  port: number;
  registry: DeviceRegistry;
  limits?: ConnectionLimits;
  onKill: () => void;
}): Promise<AdbServerHandle> {
  const limits = opts.limits ?? DEFAULT_CONNECTION_LIMITS;
  const sockets = new Set<Socket>();
  // Connections that have not yet sent their first request: bounded, so idle sockets cannot pile up.
  const pending = new Set<Socket>();
  const forwards = new ForwardTable(opts.host, opts.registry);
  // allowHalfOpen: a client may FIN right after its request; we must still be able to answer it.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    socket.on('error', () => {}); // ECONNRESET etc. are the client's business, not a server crash
    if (pending.size >= limits.pendingConnections) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    pending.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      pending.delete(socket);
    });
    socket.setNoDelay(true);
    void serveConnection(socket, opts.registry, forwards, opts.onKill, limits, () => pending.delete(socket));
  });
  server.maxConnections = 1024;
  await listenOn(server, opts.port, opts.host);
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        forwards.close();
        server.close(() => resolve());
      }),
  };
}

async function serveConnection(
  socket: Socket,
  registry: DeviceRegistry,
  forwards: ForwardTable,
  onKill: () => void,
  limits: ConnectionLimits,
  requested: () => void,
): Promise<void> {
  const reader = new SocketReader(socket);
  // Clients that connect and send nothing (or half a frame) must not pin a socket forever.
  socket.setTimeout(limits.handshakeMs, () => socket.destroy());
  try {
    const request = await readRequest(reader);
    requested();
    if (await handleForwardRequest(socket, request, forwards, (sel) => pickTransport(registry, sel ?? 'any'))) return;
    const outcome = handleHost(socket, registry, request);
    if (outcome.kind === 'kill') {
      onKill();
      return;
    }
    if (outcome.kind === 'kept-open') {
      socket.setTimeout(0);
      socket.once('end', () => socket.end());
      return;
    }
    if (outcome.kind !== 'transport') return;
    const service = await readRequest(reader);
    // Newer adb clients switch to the device first (`host:tport:serial:S`), then ask `host:forward:…` for it.
    if (await handleForwardRequest(socket, service, forwards, () => outcome.device)) return;
    if (!registry.isPlugged(outcome.device.serial)) {
      fail(socket, `device '${outcome.device.serial}' not found`);
      return;
    }
    socket.setTimeout(0); // device services (sleep, track, pushes) may legitimately be quiet for long
    await handleDeviceService(
      { io: socket, accept: () => okay(socket), refuse: (r) => fail(socket, r) },
      reader,
      outcome.device,
      () => registry.isPlugged(outcome.device.serial),
      service,
    );
  } catch (err) {
    if (err instanceof FrameError) fail(socket, err.message);
    else if (err instanceof ReaderClosed) {
      if (err.partial > 0) fail(socket, err.message);
      else socket.end();
    } else {
      fail(socket, `internal error: ${(err as Error).message}`);
    }
  }
}
