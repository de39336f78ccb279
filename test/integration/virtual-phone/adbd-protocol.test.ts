import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { adbPublicKey, AUTH, CLSE, CNXN, cnxn, host, OKAY, OPEN, packet, sign, WRTE } from '../../support/adbd-host.js';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { startVirtualPhoneServer } from '../../../electron/virtual-phone/index.js';

// The phone's daemon side (what `adb connect` meets), byte by byte: handshake, both AUTH paths,
// streams with flow control, and what it does with a host that breaks the protocol.

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
