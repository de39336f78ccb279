import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import net from 'node:net';
import { startServer, raw, frame, kit, kitShell, adb } from './helpers.js';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { until } from '../../support/wait.js';

// Everything a confused or malicious client can send must end in a clean FAIL or close,
// and the server must keep serving everyone else.
describe('ADB server under protocol abuse', () => {
  let server: VirtualPhoneServer;
  let port: number;
  beforeAll(async () => {
    server = await startServer({ count: 2 });
    port = server.port;
  });
  afterAll(() => server.close());

  const stillServing = async () => expect(await kit(port).version()).toBe(41);

  it('answers garbage with FAIL and closes', async () => {
    const r = await raw(port, Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x01, 0x02]));
    expect(r.subarray(0, 4).toString()).toBe('FAIL');
    expect(r.toString()).toContain('invalid length header');
    await stillServing();
  });

  it('FAILs unknown host services with a length-prefixed reason', async () => {
    const r = await raw(port, frame('host:frobnicate'));
    expect(r.toString()).toBe('FAIL0014unknown host service');
    await stillServing();
  });

  it('FAILs unknown device services after a transport switch', async () => {
    const r = await raw(port, Buffer.concat([frame('host:transport:vphone-1'), frame('bogus:thing')]));
    expect(r.toString()).toBe('OKAYFAIL0006closed');
    await stillServing();
  });

  it('FAILs a frame shorter than announced when the client half-closes', async () => {
    const r = await raw(port, Buffer.from('00ffhost:ver'), { end: true });
    expect(r.toString()).toMatch(/^FAIL[0-9a-f]{4}connection closed mid-frame$/);
    await stillServing();
  });

  it('closes quietly on an empty half-closed connection', async () => {
    const r = await raw(port, Buffer.alloc(0), { end: true });
    expect(r.length).toBe(0);
  });

  it('rejects a zero-length request', async () => {
    expect((await raw(port, '0000')).toString()).toMatch(/^FAIL/);
  });

  it('FAILs a transport to a missing serial', async () => {
    expect((await raw(port, frame('host:transport:ghost'))).toString()).toContain("device 'ghost' not found");
    expect((await raw(port, frame('host:tport:any'))).toString()).toContain('more than one device');
  });

  it('FAILs a malformed sync request without killing the server', async () => {
    const bad = Buffer.concat([
      frame('host:transport:vphone-1'),
      frame('sync:'),
      Buffer.from('WHAT'),
      Buffer.from([0xff, 0xff, 0xff, 0x7f]),
    ]);
    const r = await raw(port, bad);
    expect(r.subarray(0, 12).toString('latin1')).toBe('OKAYOKAYFAIL');
    await stillServing();
  });

  it('survives a client that disconnects mid-screencap while others keep working', async () => {
    let gone = 0;
    for (let i = 0; i < 5; i++) {
      const s = net.connect(port, '127.0.0.1');
      s.on('error', () => {});
      s.on('close', () => gone++);
      s.write(Buffer.concat([frame('host:transport:vphone-1'), frame('exec:screencap -p')]));
      s.once('data', () => s.destroy());
    }
    await until(() => gone === 5, 'the five clients to vanish mid-screencap', 30_000);
    expect(await kitShell(port, 'vphone-1', 'echo alive')).toBe('alive\n');
  });

  it('survives a client that vanishes in the middle of a push', async () => {
    const s = net.connect(port, '127.0.0.1');
    s.on('error', () => {});
    const data = Buffer.alloc(8);
    data.write('DATA');
    data.writeUInt32LE(65536, 4);
    const send = Buffer.from('SEND\0\0\0\0/sdcard/partial.bin,33188', 'latin1');
    send.writeUInt32LE('/sdcard/partial.bin,33188'.length, 4);
    let closed = false;
    s.on('close', () => (closed = true));
    // Half a file on the wire, then the client vanishes.
    await new Promise<void>((resolve) =>
      s.write(Buffer.concat([frame('host:transport:vphone-2'), frame('sync:'), send, data, Buffer.alloc(1000)]), () => resolve()),
    );
    s.destroy();
    await until(() => closed, 'the pushing client to be gone', 30_000);
    expect(await kitShell(port, 'vphone-2', 'ls /sdcard/partial.bin')).toContain('No such file');
    await stillServing();
  });

  it('serves 50 concurrent clients mixing every kind of request', async () => {
    const jobs = Array.from({ length: 50 }, (_, i) => {
      switch (i % 5) {
        case 0:
          return kit(port)
            .version()
            .then((v) => v === 41);
        case 1:
          return kitShell(port, `vphone-${(i % 2) + 1}`, `echo job${i}`).then((o) => o === `job${i}\n`);
        case 2:
          return raw(port, Buffer.from('zzzz')).then((r) => r.subarray(0, 4).toString() === 'FAIL');
        case 3:
          return adb(port, ['-s', 'vphone-1', 'exec-out', 'screencap', '-p']).then((r) => r.stdout.subarray(1, 4).toString() === 'PNG');
        default:
          return kitShell(port, 'vphone-2', 'uiautomator dump /dev/tty').then((o) => o.includes('</hierarchy>'));
      }
    });
    const results = await Promise.all(jobs);
    expect(results.every(Boolean)).toBe(true);
    await stillServing();
  });

  it('host:kill closes the server and resolves `closed`', async () => {
    const own = await startServer();
    await kit(own.port).kill();
    await own.closed;
    await expect(kit(own.port).version()).rejects.toThrow();
  });
});
