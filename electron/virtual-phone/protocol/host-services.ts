import type { Socket } from 'node:net';
import type { ServedDevice } from './device-port.js';
import type { DeviceRegistry } from './registry.js';
import { encodeValue, fail, okay, safeWrite, endSocket } from './framing.js';

/**
 * `host:` requests (AOSP adb.cpp handle_host_request, SERVICES.TXT). Each returns what the
 * connection should do next: close, stay open (track-devices), or switch to a device transport.
 */
export type HostOutcome = { kind: 'done' } | { kind: 'kept-open' } | { kind: 'transport'; device: ServedDevice } | { kind: 'kill' };

const SERVER_VERSION = '0029'; // 41, what Debian adb 29.0.6 and current platform-tools speak
const FEATURES = ''; // empty => clients fall back to shell v1, STAT v1, SEND/RECV v1

export function pickTransport(reg: DeviceRegistry, spec: string): ServedDevice | string {
  const online = reg.online();
  if (spec === 'any' || spec === 'usb' || spec === '-any' || spec === '-usb') {
    if (online.length === 0) return 'no devices/emulators found';
    if (online.length > 1) return 'more than one device/emulator';
    return online[0]!;
  }
  if (spec === 'local' || spec === '-local') return 'no emulators found';
  if (spec.startsWith('serial:') || spec.startsWith(':')) {
    const serial = spec.slice(spec.indexOf(':') + 1);
    return reg.find(serial) ?? `device '${serial}' not found`;
  }
  if (spec.startsWith('-id:') || spec.startsWith('id:')) {
    const id = Number(spec.slice(spec.indexOf(':') + 1));
    return reg.findByTransportId(id) ?? `no device with transport id '${id}'`;
  }
  return `unknown transport ${spec}`;
}

function tportId(id: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(id));
  return b;
}

function writeTracked(socket: Socket, reg: DeviceRegistry, long: boolean): void {
  safeWrite(socket, encodeValue(long ? reg.longList() : reg.shortList()));
}

export function handleHost(socket: Socket, reg: DeviceRegistry, request: string): HostOutcome {
  // host-serial:<serial>:<cmd> / host-transport-id:<id>:<cmd> / host-usb|host-local|host:<cmd>
  let target: ServedDevice | string | null = null;
  let cmd: string;
  const serialMatch =
    /^host-serial:(.+):(get-state|get-serialno|get-devpath|features|forward:.*|killforward.*|list-forward|wait-for-.*)$/.exec(request);
  const idMatch = /^host-transport-id:(\d+):(.*)$/.exec(request);
  if (serialMatch) {
    target = reg.find(serialMatch[1]!) ?? `device '${serialMatch[1]}' not found`;
    cmd = serialMatch[2]!;
  } else if (idMatch) {
    target = reg.findByTransportId(Number(idMatch[1])) ?? `no device with transport id '${idMatch[1]}'`;
    cmd = idMatch[2]!;
  } else if (/^host(-usb|-local)?:/.test(request)) {
    cmd = request.slice(request.indexOf(':') + 1);
  } else {
    fail(socket, 'unknown host service');
    return { kind: 'done' };
  }
  const device = (): ServedDevice | string => target ?? pickTransport(reg, 'any');

  switch (true) {
    case cmd === 'version':
      okay(socket, SERVER_VERSION);
      endSocket(socket); // the stock client waits for an orderly shutdown after reading the version
      return { kind: 'done' };
    case cmd === 'features' || cmd === 'host-features': {
      if (cmd === 'features') {
        const d = device();
        if (typeof d === 'string') {
          fail(socket, d);
          return { kind: 'done' };
        }
      }
      okay(socket, FEATURES);
      endSocket(socket);
      return { kind: 'done' };
    }
    case cmd === 'devices' || cmd === 'devices-l':
      okay(socket, cmd === 'devices' ? reg.shortList() : reg.longList());
      endSocket(socket);
      return { kind: 'done' };
    case cmd === 'track-devices' || cmd === 'track-devices-l': {
      const long = cmd === 'track-devices-l';
      okay(socket);
      writeTracked(socket, reg, long);
      const off = reg.onChange(() => writeTracked(socket, reg, long));
      socket.once('close', off);
      return { kind: 'kept-open' };
    }
    case cmd === 'kill':
      okay(socket);
      endSocket(socket);
      return { kind: 'kill' };
    case cmd.startsWith('transport'): {
      // Legacy switch used by adbkit: OKAY only, no transport id.
      const spec =
        cmd === 'transport-any' || cmd === 'transport-usb' || cmd === 'transport-local'
          ? cmd.slice('transport'.length)
          : cmd.startsWith('transport-id:')
            ? `-id:${cmd.slice('transport-id:'.length)}`
            : cmd.startsWith('transport:')
              ? `serial:${cmd.slice('transport:'.length)}`
              : cmd;
      const d = pickTransport(reg, spec);
      if (typeof d === 'string') {
        fail(socket, d);
        return { kind: 'done' };
      }
      okay(socket);
      return { kind: 'transport', device: d };
    }
    case cmd.startsWith('tport:'): {
      const d = pickTransport(reg, cmd.slice('tport:'.length));
      if (typeof d === 'string') {
        fail(socket, d);
        return { kind: 'done' };
      }
      safeWrite(socket, Buffer.concat([Buffer.from('OKAY'), tportId(d.transportId)]));
      return { kind: 'transport', device: d };
    }
    case cmd === 'get-state' || cmd === 'get-serialno' || cmd === 'get-devpath': {
      const d = device();
      if (typeof d === 'string') {
        fail(socket, d);
        return { kind: 'done' };
      }
      okay(socket, cmd === 'get-state' ? 'device' : cmd === 'get-serialno' ? d.serial : `usb:1-${d.transportId}`);
      endSocket(socket);
      return { kind: 'done' };
    }
    case cmd.startsWith('wait-for-'): {
      // The phones are always booted; a missing device fails instead of blocking forever.
      const d = target ?? (reg.online().length > 0 ? reg.online()[0]! : 'no devices/emulators found');
      if (typeof d === 'string' && !cmd.endsWith('-disconnect')) {
        fail(socket, d);
        return { kind: 'done' };
      }
      okay(socket);
      okay(socket);
      endSocket(socket);
      return { kind: 'done' };
    }
    case cmd.startsWith('connect:'):
      okay(socket, `failed to connect to ${cmd.slice('connect:'.length)}: virtual phones are local only`);
      endSocket(socket);
      return { kind: 'done' };
    case cmd.startsWith('disconnect:'):
      okay(socket, `error: no such device '${cmd.slice('disconnect:'.length)}'`);
      endSocket(socket);
      return { kind: 'done' };
    default:
      fail(socket, 'unknown host service');
      return { kind: 'done' };
  }
}
