import { generateKeyPairSync } from 'node:crypto';
import net from 'node:net';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import type { VirtualPhoneServer, VirtualPhoneServerOptions } from '../../../electron/virtual-phone/index.js';
import { startVirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { adbPublicKey, AUTH, CLSE, cnxn, host, OKAY, OPEN, packet } from '../../support/adbd-host.js';

const MIB = 1024 * 1024;

/** Resolves when the socket closes; rejects after `ms` (a bound on a hang, not a wait). */
function closedWithin(s: net.Socket, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (s.destroyed) return resolve();
    const t = setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms);
    s.once('close', () => {
      clearTimeout(t);
      resolve();
    });
  });
}

/** `adb push` of `bytes` through adbkit's sync service; rejects with the phone's FAIL message. */
async function push(server: AdbServer, bytes: Buffer, path: string): Promise<void> {
  const pieces = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => bytes.subarray(i * 65536, (i + 1) * 65536));
  const transfer = await server.client.getDevice('vphone-1').push(Readable.from(pieces), path);
  await new Promise<void>((resolve, reject) => {
    transfer.once('end', resolve);
    transfer.once('error', reject);
  });
}

async function connect(port: number): Promise<net.Socket> {
  const s = net.connect(port, '127.0.0.1');
  s.on('error', () => {});
  await new Promise<void>((r, j) => s.once('connect', r).once('error', j));
  return s;
}

describe("the virtual phone's own limits", () => {
  let phones: VirtualPhoneServer | null = null;
  afterEach(async () => {
    await phones?.close();
    phones = null;
  });
  const start = async (opts: VirtualPhoneServerOptions) => (phones = await startVirtualPhoneServer({ port: 0, count: 1, ...opts }));

  // Before: no quota (one shell line grew the phone to 3.1 GB in 26 s) and `rm` gave nothing back.
  it('has storage of a fixed size: writes past it fail with "No space left on device", deleting gives the space back', async () => {
    const server = await start({ storageBytes: 8 * MIB });
    const phone = server.phone('vphone-1');
    const adb = new AdbServer({ host: '127.0.0.1', port: server.port });
    const device = adb.device('vphone-1');
    await push(adb, Buffer.alloc(MIB, 7), '/sdcard/chunk');
    const used = phone.fs.used;
    expect(used).toBe(MIB);
    const cats = Array.from({ length: 16 }, () => '/sdcard/chunk').join(' ');
    const out = await device.shell(`cat ${cats} > /sdcard/big; echo status=$?`);
    expect(out).toContain('No space left on device');
    expect(out).toContain('status=1');
    expect(phone.fs.used).toBeLessThanOrEqual(8 * MIB);
    // A pipe is held in memory between stages: bounded by the storage too.
    expect(await device.shell(`cat ${cats} ${cats} | cat > /dev/null; echo status=$?`)).toContain('No space left on device');
    // A push that does not fit stops with the phone's own error.
    await expect(push(adb, Buffer.alloc(9 * MIB, 1), '/sdcard/huge')).rejects.toThrow(/No space left on device/);
    expect(await device.shell('rm /sdcard/big /sdcard/huge; echo done')).toContain('done');
    expect(phone.fs.used).toBe(used);
    expect(await device.shell('rm /sdcard/chunk; echo x > /sdcard/small; echo status=$?')).toContain('status=0');
    expect(phone.fs.used).toBe(2);
  });

  // Before: 20,000 streams on one connection were all opened (2 GB on teardown); a connection that never
  // finished its handshake stayed open forever, and any number of them could wait.
  it("bounds each daemon connection's streams, closes a handshake that never finishes, and bounds the connections waiting", async () => {
    const server = await start({ port: null, tcpBase: 0, limits: { streamsPerConnection: 20, handshakeMs: 1500, pendingConnections: 8 } });
    const port = server.endpoints[0]!.port;
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const h = await host(port);
    h.send(cnxn());
    await h.next();
    h.send(packet(AUTH, 3, 0, Buffer.from(`${adbPublicKey(publicKey)}\0`)));
    await h.next(); // CNXN: online
    for (let i = 1; i <= 60; i++) h.send(packet(OPEN, i, 0, Buffer.from('shell:sleep 30\0')));
    const answers = { opened: 0, refused: 0 };
    while (answers.opened + answers.refused < 60) {
      const p = await h.next();
      if (p.cmd === OKAY) answers.opened++;
      else if (p.cmd === CLSE && p.a0 === 0) answers.refused++;
    }
    expect(answers).toEqual({ opened: 20, refused: 40 });
    h.end();

    // Idle before CNXN: dropped after the handshake time.
    const idle = await connect(port);
    await closedWithin(idle, 20_000);
    // More waiting connections than allowed: the extra ones are closed at once.
    const waiting = await Promise.all(Array.from({ length: 12 }, () => connect(port)));
    const early = await Promise.all(
      waiting.map((s) =>
        closedWithin(s, 1000).then(
          () => true,
          () => false,
        ),
      ),
    );
    expect(early.filter(Boolean).length).toBeGreaterThanOrEqual(4);
    await Promise.all(waiting.map((s) => closedWithin(s, 20_000)));
  }, 60_000);

  it('the adb server side closes a connection that sends no request within the handshake time, and bounds those waiting', async () => {
    const server = await start({ limits: { handshakeMs: 1500, pendingConnections: 8 } });
    const idle = await connect(server.port);
    await closedWithin(idle, 20_000);
    const waiting = await Promise.all(Array.from({ length: 12 }, () => connect(server.port)));
    const early = await Promise.all(
      waiting.map((s) =>
        closedWithin(s, 1000).then(
          () => true,
          () => false,
        ),
      ),
    );
    expect(early.filter(Boolean).length).toBeGreaterThanOrEqual(4);
    for (const s of waiting) s.destroy();
    // And it still serves.
    expect((await new AdbServer({ host: '127.0.0.1', port: server.port }).listDevices()).map((d) => d.serial)).toEqual(['vphone-1']);
  }, 60_000);
});
