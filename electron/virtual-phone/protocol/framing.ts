import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import type { SocketReader } from './reader.js';

/** Smart-socket framing (AOSP OVERVIEW.TXT): `<hex4 length><payload>`, replies `OKAY` or `FAIL<hex4><msg>`. */

export class FrameError extends Error {}

const HEX4 = /^[0-9a-fA-F]{4}$/;

export async function readRequest(reader: SocketReader): Promise<string> {
  const head = (await reader.read(4)).toString('latin1');
  if (!HEX4.test(head)) throw new FrameError(`invalid length header ${JSON.stringify(head)}`);
  const len = parseInt(head, 16);
  if (len === 0) throw new FrameError('empty request');
  return (await reader.read(len)).toString('utf8');
}

export function hex4(n: number): string {
  return n.toString(16).padStart(4, '0');
}

/** A length-prefixed value as host queries return it: hex4 of the *byte* length, then the bytes. */
export function encodeValue(value: string): Buffer {
  const body = Buffer.from(value, 'utf8');
  return Buffer.concat([Buffer.from(hex4(body.length), 'latin1'), body]);
}

export function safeWrite(socket: Duplex, data: Buffer | string): boolean {
  if (socket.destroyed || !socket.writable) return false;
  try {
    return socket.write(data);
  } catch {
    return false;
  }
}

export function okay(socket: Socket, value?: string): void {
  safeWrite(socket, value === undefined ? 'OKAY' : Buffer.concat([Buffer.from('OKAY'), encodeValue(value)]));
}

/** FAIL then close: adbkit destroys the socket after reading a FAIL, and the stock client stops reading. */
export function fail(socket: Socket, reason: string): void {
  const msg = reason.slice(0, 0xffff);
  safeWrite(socket, Buffer.concat([Buffer.from('FAIL'), encodeValue(msg)]));
  endSocket(socket);
}

export function endSocket(socket: Duplex): void {
  if (!socket.destroyed) socket.end();
}

/** Wait for buffered writes to flush before closing, so large outputs (PNG) aren't truncated. */
export async function drainAndEnd(socket: Duplex): Promise<void> {
  if (socket.destroyed) return;
  await new Promise<void>((resolve) => socket.end(resolve));
}
