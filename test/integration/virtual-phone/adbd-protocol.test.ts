import { constants, generateKeyPairSync, privateEncrypt } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { startVirtualPhoneServer } from '../../../electron/virtual-phone/index.js';

// The phone's daemon side (what `adb connect` meets), byte by byte: handshake, both AUTH paths,
// streams with flow control, and what it does with a host that breaks the protocol.
const CNXN = 0x4e584e43,
  AUTH = 0x48545541,
  OPEN = 0x4e45504f,
  OKAY = 0x59414b4f,
  WRTE = 0x45545257,
  CLSE = 0x45534c43;

function packet(cmd: number, a0: number, a1: number, data: Buffer = Buffer.alloc(0)): Buffer {
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

interface Pkt {
  cmd: number;
  a0: number;
  a1: number;
  data: Buffer;
}

/** A raw host: writes packets, reads them back in order. */
async function host(port: number): Promise<{ send(b: Buffer): void; next(): Promise<Pkt>; closed: Promise<void>; end(): void }> {
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
function adbPublicKey(pub: KeyObject): string {
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

const sign = (priv: KeyObject, token: Buffer): Buffer =>
  privateEncrypt(
    { key: priv, padding: constants.RSA_PKCS1_PADDING },
    Buffer.concat([Buffer.from('3021300906052b0e03021a05000414', 'hex'), token]),
  );

describe('the phone daemon over TCP (adbd side of the packet protocol)', () => {
  let phones: VirtualPhoneServer | null = null;
  afterEach(async () => {
    await phones?.close();
    phones = null;
  });
  const start = async () => {
    phones = await startVirtualPhoneServer({ port: null, tcpBase: 0, count: 1 });
    return phones.endpoints[0]!.port;
  };
  const cnxn = () => packet(CNXN, 0x01000001, 256 * 1024, Buffer.from('host::features=shell_v2,cmd\0'));

  it('challenges with AUTH, asks again for an unknown signature, accepts a public key and records it', async () => {
    const port = await start();
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const h = await host(port);
    h.send(cnxn());
    const t1 = await h.next();
    expect([t1.cmd, t1.a0, t1.data.length]).toEqual([AUTH, 1, 20]);
    h.send(packet(OPEN, 1, 0, Buffer.from('shell:echo hi\0'))); // not yet authorized
    expect(await h.next()).toMatchObject({ cmd: CLSE, a0: 0, a1: 1 });
    h.send(packet(AUTH, 2, 0, Buffer.alloc(256, 7))); // a signature from a key it does not know
    const t2 = await h.next();
    expect([t2.cmd, t2.a0]).toEqual([AUTH, 1]);
    const line = adbPublicKey(publicKey);
    h.send(packet(AUTH, 3, 0, Buffer.from(`${line}\0`)));
    const c = await h.next();
    expect(c.cmd).toBe(CNXN);
    expect(c.a0).toBe(0x01000001);
    expect(c.data.toString()).toBe('device::ro.product.name=vphone;ro.product.model=vPhone 6;ro.product.device=vphone;features=');
    expect(phones!.authorizedKeys('vphone-1')).toEqual([line]);
    h.end();

    // Next time the host's signature alone gets it in.
    const h2 = await host(port);
    h2.send(cnxn());
    const t = await h2.next();
    h2.send(packet(AUTH, 2, 0, sign(privateKey, t.data)));
    expect((await h2.next()).cmd).toBe(CNXN);
    h2.end();
  });

  it('runs a stream: OKAY, WRTE chunks no larger than the payload limit (each acknowledged), CLSE; refuses unknown services with CLSE', async () => {
    const port = await start();
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const h = await host(port);
    h.send(cnxn());
    await h.next();
    h.send(packet(AUTH, 3, 0, Buffer.from(`${adbPublicKey(publicKey)}\0`)));
    const c = await h.next();
    expect(c.cmd).toBe(CNXN);
    h.send(packet(OPEN, 41, 0, Buffer.from('exec:screencap -p\0')));
    const ok = await h.next();
    expect([ok.cmd, ok.a1]).toEqual([OKAY, 41]);
    const local = ok.a0;
    const chunks: Buffer[] = [];
    for (;;) {
      const p = await h.next();
      if (p.cmd === CLSE) {
        expect([p.a0, p.a1]).toEqual([local, 41]);
        break;
      }
      expect([p.cmd, p.a0, p.a1]).toEqual([WRTE, local, 41]);
      expect(p.data.length).toBeLessThanOrEqual(256 * 1024);
      chunks.push(p.data);
      h.send(packet(OKAY, 41, local)); // the daemon waits for this before its next WRTE
    }
    const png = Buffer.concat(chunks);
    expect(chunks.length).toBeGreaterThan(1);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.subarray(-8, -4).toString()).toBe('IEND');
    h.send(packet(OPEN, 42, 0, Buffer.from('jdwp:1234\0')));
    expect(await h.next()).toMatchObject({ cmd: CLSE, a0: 0, a1: 42 });
    h.end();
  });

  it('drops a host that breaks the protocol (bad magic, malformed key) without harming the next one', async () => {
    const port = await start();
    const bad = await host(port);
    const p = cnxn();
    p.writeUInt32LE(0x12345678, 20);
    bad.send(p);
    await bad.closed;
    const badKey = await host(port);
    badKey.send(cnxn());
    await badKey.next();
    badKey.send(packet(AUTH, 3, 0, Buffer.from('not-a-key\0')));
    await badKey.closed;
    const good = await host(port);
    good.send(cnxn());
    expect((await good.next()).cmd).toBe(AUTH);
    good.end();
  });
});
