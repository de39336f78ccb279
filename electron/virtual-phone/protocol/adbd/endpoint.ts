import net from 'node:net';
import type { Socket } from 'node:net';
import type { ServedDevice } from '../device-port.js';
import type { DeviceRegistry } from '../registry.js';
import type { AdbPublicKey } from './auth.js';
import { AdbdConnection } from './connection.js';
import { listenOn } from '../listen.js';
import type { ConnectionLimits } from '../limits.js';
import { DEFAULT_CONNECTION_LIMITS } from '../limits.js';

/**
 * A phone's daemon on its own TCP port, as `adb tcpip 5555` leaves a real phone: any adb server
 * can `adb connect` it. While the phone is unplugged (a transport drop) its connections are cut
 * and new ones are closed at once, so the adb server sees the device go offline.
 */
export interface DeviceEndpoint {
  serial: string;
  port: number;
  /** Public keys this phone has accepted, one `adbkey.pub` line each. */
  authorizedKeys(): string[];
  close(): Promise<void>;
}

export async function startDeviceEndpoint(opts: {
  host: string;
  port: number;
  device: ServedDevice;
  registry: DeviceRegistry;
  limits?: ConnectionLimits;
}): Promise<DeviceEndpoint> {
  const { device, registry } = opts;
  const limits = opts.limits ?? DEFAULT_CONNECTION_LIMITS;
  // Connections still in their handshake (CNXN/AUTH): bounded, and each must finish in time.
  const pending = new Set<Socket>();
  const keys: AdbPublicKey[] = [];
  const keyStore = {
    known: () => keys,
    accept: (k: AdbPublicKey) => {
      if (!keys.some((x) => x.line === k.line)) keys.push(k);
    },
  };
  const sockets = new Set<Socket>();
  const plugged = () => registry.isPlugged(device.serial);
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    socket.on('error', () => {});
    if (!plugged() || pending.size >= limits.pendingConnections) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    pending.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      pending.delete(socket);
    });
    socket.setNoDelay(true);
    const connection = new AdbdConnection(socket, device, keyStore, plugged, limits, () => pending.delete(socket));
    void connection.serve().catch(() => socket.destroy());
  });
  const off = registry.onChange(() => {
    if (plugged()) return;
    for (const s of sockets) s.destroy();
  });
  await listenOn(server, opts.port, opts.host);
  const addr = server.address();
  return {
    serial: device.serial,
    port: typeof addr === 'object' && addr ? addr.port : opts.port,
    authorizedKeys: () => keys.map((k) => k.line),
    close: () =>
      new Promise<void>((resolve) => {
        off();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
