import { constants, privateEncrypt } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import net from 'node:net';
import { expect } from 'vitest';

/** A raw ADB host for tests of the phone's daemon side (what `adb connect` meets), byte by byte. */
export const CNXN = 0x4e584e43,
  AUTH = 0x48545541,
  OPEN = 0x4e45504f,
  OKAY = 0x59414b4f,
  WRTE = 0x45545257,
  CLSE = 0x45534c43;

export function packet(cmd: number, a0: number, a1: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const h = Buffer.alloc(24);
  h.writeUInt32LE(cmd, 0);
  h.writeUInt32LE(a0 >>> 0, 4);
  h.writeUInt32LE(a1 >>> 0, 8);
  h.writeUInt32LE(data.length, 12);
  h.writeUInt32LE(
    data.reduce((s, b) => (s + b) >>> 0, 0),
    16,
  );
  h.writeUInt32LE((cmd ^ 0xffffffff) >>> 0, 20);
  return Buffer.concat([h, data]);
}

export interface Pkt {
  cmd: number;
  a0: number;
  a1: number;
  data: Buffer;
}

/** A raw host: writes packets, reads them back in order. */
export async function host(port: number): Promise<{ send(b: Buffer): void; next(): Promise<Pkt>; closed: Promise<void>; end(): void }> {
  const s = net.connect(port, '127.0.0.1');
  await new Promise<void>((r, j) => s.once('connect', r).once('error', j));
  let buf: Buffer = Buffer.alloc(0);
  const waiters: (() => void)[] = [];
  s.on('data', (d: Buffer) => {
    buf = Buffer.concat([buf, d]);
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<void>((r) => s.once('close', () => r()));
  s.on('error', () => {});
  s.once('close', () => waiters.splice(0).forEach((w) => w()));
  return {
    send: (b) => s.write(b),
    end: () => s.destroy(),
    closed,
    async next() {
      for (;;) {
        if (buf.length >= 24 && buf.length >= 24 + buf.readUInt32LE(12)) {
          const len = buf.readUInt32LE(12);
          const p = { cmd: buf.readUInt32LE(0), a0: buf.readUInt32LE(4), a1: buf.readUInt32LE(8), data: buf.subarray(24, 24 + len) };
          expect(buf.readUInt32LE(20)).toBe((p.cmd ^ 0xffffffff) >>> 0);
          buf = buf.subarray(24 + len);
          return p;
        }
        if (s.destroyed) throw new Error('connection closed');
        await new Promise<void>((r) => waiters.push(r));
      }
    },
  };
}

/** `adbkey.pub` for a key: base64 of Android's RSAPublicKey struct (len, n0inv, n LE, rr LE, e), then a comment. */
export function adbPublicKey(pub: KeyObject): string {
  const jwk = pub.export({ format: 'jwk' }) as { n: string; e: string };
  const nBytes = Buffer.from(jwk.n, 'base64url');
  const words = nBytes.length / 4;
  const n = BigInt(`0x${nBytes.toString('hex')}`);
  const le = (v: bigint, bytes: number): Buffer => Buffer.from(v.toString(16).padStart(bytes * 2, '0'), 'hex').reverse();
  const r32 = 1n << 32n;
  let inv = 1n; // n0inv = -1/n mod 2^32 (Newton iteration)
  for (let i = 0; i < 5; i++) inv = (inv * (2n - (n % r32) * inv)) % r32;
  const n0inv = (r32 - inv) % r32;
  const rr = (1n << BigInt(words * 32 * 2)) % n;
  const head = Buffer.alloc(8);
  head.writeUInt32LE(words, 0);
  head.writeUInt32LE(Number(n0inv), 4);
  const e = Buffer.alloc(4);
  e.writeUInt32LE(Number(BigInt(`0x${Buffer.from(jwk.e, 'base64url').toString('hex')}`)));
  return `${Buffer.concat([head, le(n, words * 4), le(rr, words * 4), e]).toString('base64')} tester@lab`;
}

export const sign = (priv: KeyObject, token: Buffer): Buffer =>
  privateEncrypt(
    { key: priv, padding: constants.RSA_PKCS1_PADDING },
    Buffer.concat([Buffer.from('3021300906052b0e03021a05000414', 'hex'), token]),
  );

/** CNXN as a host sends it. */
export const cnxn = (): Buffer => packet(CNXN, 0x01000001, 256 * 1024, Buffer.from('host::features=shell_v2,cmd\0'));
