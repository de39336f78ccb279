import type { SocketReader } from '../reader.js';

/**
 * The device-side packet protocol (AOSP adb `protocol.txt`): a 24-byte header of six
 * little-endian u32 — command, arg0, arg1, payload length, payload checksum, magic
 * (command XOR 0xffffffff) — then the payload. This is what `adb connect host:port` speaks
 * to an `adb tcpip` phone or to a device farm's remote-connect port.
 */
export const A_SYNC = 0x434e5953;
export const A_CNXN = 0x4e584e43;
export const A_AUTH = 0x48545541;
export const A_OPEN = 0x4e45504f;
export const A_OKAY = 0x59414b4f;
export const A_CLSE = 0x45534c43;
export const A_WRTE = 0x45545257;
export const A_STLS = 0x534c5453;

/** The protocol version that made checksums optional; older hosts still get correct ones. */
export const A_VERSION = 0x01000001;
export const A_VERSION_MIN = 0x01000000;
/** What the daemon offers as its largest payload; the connection uses the smaller of both sides. */
export const MAX_PAYLOAD = 1024 * 1024;

export const AUTH_TOKEN = 1;
export const AUTH_SIGNATURE = 2;
export const AUTH_RSAPUBLICKEY = 3;

export interface Packet {
  command: number;
  arg0: number;
  arg1: number;
  data: Buffer;
}

export class PacketError extends Error {}

export function checksum(data: Buffer): number {
  let sum = 0;
  for (const b of data) sum = (sum + b) >>> 0;
  return sum;
}

export function encodePacket(command: number, arg0: number, arg1: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(24);
  head.writeUInt32LE(command >>> 0, 0);
  head.writeUInt32LE(arg0 >>> 0, 4);
  head.writeUInt32LE(arg1 >>> 0, 8);
  head.writeUInt32LE(data.length, 12);
  head.writeUInt32LE(checksum(data), 16);
  head.writeUInt32LE((command ^ 0xffffffff) >>> 0, 20);
  return data.length > 0 ? Buffer.concat([head, data]) : head;
}

const KNOWN = new Set([A_SYNC, A_CNXN, A_AUTH, A_OPEN, A_OKAY, A_CLSE, A_WRTE, A_STLS]);

/**
 * Reads one packet. A bad magic, an unknown command or a payload larger than the host may
 * send is a protocol error: the daemon drops the connection (as adbd does), it never guesses.
 */
export async function readPacket(reader: SocketReader, maxPayload: number): Promise<Packet> {
  const head = await reader.read(24);
  const command = head.readUInt32LE(0);
  const length = head.readUInt32LE(12);
  if (head.readUInt32LE(20) !== (command ^ 0xffffffff) >>> 0)
    throw new PacketError(`bad packet magic for command 0x${command.toString(16)}`);
  if (!KNOWN.has(command)) throw new PacketError(`unknown packet command 0x${command.toString(16)}`);
  if (length > maxPayload) throw new PacketError(`payload of ${length} bytes exceeds ${maxPayload}`);
  const data = length > 0 ? await reader.read(length) : Buffer.alloc(0);
  return { command, arg0: head.readUInt32LE(4), arg1: head.readUInt32LE(8), data };
}

export function commandName(command: number): string {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(command >>> 0);
  return b.toString('latin1');
}
