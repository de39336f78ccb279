import net from 'node:net';
import type { Server, Socket } from 'node:net';
import type { ServedDevice } from './device-port.js';
import type { DeviceRegistry } from './registry.js';
import { encodeValue, fail, safeWrite, endSocket } from './framing.js';
import { handleDeviceService } from './device-services.js';
import { SocketReader } from './reader.js';
import { listenOn } from './listen.js';

/**
 * `adb forward` on the server side (AOSP adb.cpp handle_forward_request, adb_listeners.cpp):
 * `host-serial:<serial>:forward:[norebind:]tcp:<port>;<remote>` listens on the local port and
 * opens `<remote>` (e.g. `localabstract:minicap`) on the device for every connection;
 * `list-forward` lists `<serial> <local> <remote>` lines; `killforward:<local>` and
 * `killforward-all` remove them. Success is two OKAYs (the host's "connected", then the status),
 * followed by the port for `tcp:0`.
 */
interface Listener {
  device: ServedDevice;
  local: string;
  remote: string;
  server: Server;
  sockets: Set<Socket>;
}

export class ForwardTable {
  private readonly listeners = new Map<string, Listener>();

  constructor(
    private readonly host: string,
    private readonly registry: DeviceRegistry,
  ) {}

  list(): string {
    return [...this.listeners.values()].map((l) => `${l.device.serial} ${l.local} ${l.remote}\n`).join('');
  }

  /** Resolves to the bound port, or rejects with adb's wording. */
  async install(device: ServedDevice, local: string, remote: string, norebind: boolean): Promise<number> {
    const m = /^tcp:(\d{1,5})$/.exec(local);
    if (!m || Number(m[1]) > 65535)
      throw new Error(`cannot bind listener: unsupported local ${local} (the virtual phone forwards tcp:PORT only)`);
    if (!/^(localabstract|localreserved|localfilesystem|tcp|jdwp|dev):.+/.test(remote))
      throw new Error(`malformed forward spec '${local};${remote}'`);
    const existing = this.listeners.get(local);
    if (existing) {
      if (norebind) throw new Error('cannot rebind existing socket');
      existing.device = device;
      existing.remote = remote;
      return Number(m[1]);
    }
    const sockets = new Set<Socket>();
    const entry: Listener = { device, local, remote, sockets, server: net.createServer() };
    entry.server = net.createServer({ allowHalfOpen: true }, (socket) => this.connect(entry, socket));
    try {
      await listenOn(entry.server, Number(m[1]), this.host);
    } catch (e) {
      throw new Error(`cannot bind listener: ${(e as Error).message}`, { cause: e });
    }
    const addr = entry.server.address();
    const port = typeof addr === 'object' && addr ? addr.port : Number(m[1]);
    entry.local = `tcp:${port}`;
    this.listeners.set(entry.local, entry);
    return port;
  }

  /** A listener outlives an unplug (as adb keeps it); its connections are refused until the phone is back. */
  private connect(l: Listener, socket: Socket): void {
    l.sockets.add(socket);
    socket.on('error', () => {});
    socket.once('close', () => l.sockets.delete(socket));
    socket.setNoDelay(true);
    const serial = l.device.serial;
    if (!this.registry.isPlugged(serial)) {
      socket.destroy();
      return;
    }
    void handleDeviceService(
      { io: socket, accept: () => {}, refuse: () => socket.destroy() },
      new SocketReader(socket),
      l.device,
      () => this.registry.isPlugged(serial),
      l.remote,
    ).catch(() => socket.destroy());
  }

  remove(local: string): boolean {
    const l = this.listeners.get(local);
    if (!l) return false;
    this.listeners.delete(local);
    for (const s of l.sockets) s.destroy();
    l.server.close();
    return true;
  }

  removeAll(): void {
    for (const k of [...this.listeners.keys()]) this.remove(k);
  }

  close(): void {
    this.removeAll();
  }
}

/**
 * Handles the forward family of host requests; false when `request` is something else.
 * `pickDevice` resolves the request's transport (`host-serial:`, `host-transport-id:`, or the only device).
 */
export async function handleForwardRequest(
  socket: Socket,
  request: string,
  table: ForwardTable,
  pickDevice: (selector: string | null) => ServedDevice | string,
): Promise<boolean> {
  const m = /^(?:host-serial:(.+?)|host-transport-id:(\d+)|host(?:-usb|-local)?):(forward:.*|killforward.*|list-forward)$/.exec(request);
  if (!m) return false;
  const selector = m[1] !== undefined ? `serial:${m[1]}` : m[2] !== undefined ? `-id:${m[2]}` : null;
  const cmd = m[3]!;
  const twoOkays = (extra?: string): void => {
    safeWrite(socket, extra === undefined ? 'OKAYOKAY' : Buffer.concat([Buffer.from('OKAYOKAY'), encodeValue(extra)]));
    endSocket(socket);
  };
  if (cmd === 'list-forward') {
    safeWrite(socket, Buffer.concat([Buffer.from('OKAY'), encodeValue(table.list())]));
    endSocket(socket);
    return true;
  }
  if (cmd === 'killforward-all') {
    table.removeAll();
    twoOkays();
    return true;
  }
  const device = pickDevice(selector);
  if (typeof device === 'string') {
    fail(socket, device);
    return true;
  }
  if (cmd.startsWith('killforward:')) {
    const local = cmd.slice('killforward:'.length);
    if (table.remove(local)) twoOkays();
    else fail(socket, `listener '${local}' not found`);
    return true;
  }
  let spec = cmd.slice('forward:'.length);
  const norebind = spec.startsWith('norebind:');
  if (norebind) spec = spec.slice('norebind:'.length);
  const semi = spec.indexOf(';');
  if (semi < 0) {
    fail(socket, `malformed forward spec '${spec}'`);
    return true;
  }
  const local = spec.slice(0, semi);
  try {
    const port = await table.install(device, local, spec.slice(semi + 1), norebind);
    twoOkays(local === 'tcp:0' ? String(port) : undefined);
  } catch (e) {
    fail(socket, (e as Error).message);
  }
  return true;
}
