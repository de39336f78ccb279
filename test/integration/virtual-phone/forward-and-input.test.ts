import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import { startMinicap } from '../../../electron/adapters/adb/minicap-session.js';
import { findTouchscreen, parseInputDevices } from '../../../electron/core/device/getevent.js';
import { startStockAdbServer } from '../../support/stock-adb.js';
import type { StockAdbServer } from '../../support/stock-adb.js';

// adb forward, `localabstract:` streams and the input devices, against Debian's stock adb: as a client
// of the phone's own adb server, and as the adb server of a phone connected over the network (adbd's side).
describe('virtual phone: forwarding to the phone’s sockets, and its input devices', () => {
  let phones: VirtualPhoneServer;
  let stock: StockAdbServer;

  beforeAll(async () => {
    phones = await startVirtualPhoneServer({ port: 0, tcpBase: 0 });
    stock = await startStockAdbServer();
  });
  afterAll(async () => {
    await stock?.close();
    await phones?.close();
  });

  const adbOnPhoneServer = (args: string[]) => stock.adb(['-H', '127.0.0.1', '-P', String(phones.port), ...args]);

  it('the stock adb client forwards a port, lists it and removes it, with adb’s wording', async () => {
    const f = await adbOnPhoneServer(['-s', 'vphone-1', 'forward', 'tcp:0', 'localabstract:minicap']);
    expect(f.code, f.stderr).toBe(0);
    const port = Number(f.stdout.toString().trim());
    expect(port).toBeGreaterThan(0);
    expect((await adbOnPhoneServer(['forward', '--list'])).stdout.toString().trim()).toBe(`vphone-1 tcp:${port} localabstract:minicap`);
    const again = await adbOnPhoneServer(['-s', 'vphone-1', 'forward', '--no-rebind', `tcp:${port}`, 'localabstract:other']);
    expect(again.stderr).toMatch(/cannot rebind existing socket/);
    expect((await adbOnPhoneServer(['-s', 'vphone-1', 'forward', '--remove', `tcp:${port}`])).code).toBe(0);
    expect((await adbOnPhoneServer(['forward', '--list'])).stdout.toString().trim()).toBe('');
    expect((await adbOnPhoneServer(['-s', 'vphone-1', 'forward', '--remove', `tcp:${port}`])).stderr).toMatch(
      /listener 'tcp:\d+' not found/,
    );
  });

  it('getevent -lp describes a touchscreen and keys the way a phone does', async () => {
    const out = (await adbOnPhoneServer(['-s', 'vphone-1', 'shell', 'getevent', '-lp'])).stdout.toString();
    expect(out).toMatch(/^add device 1: \/dev\/input\/event0\n {2}name: {5}"vphone-keys"\n {2}events:\n {4}KEY \(0001\): KEY_VOLUMEDOWN/);
    expect(out).toMatch(/ {16}ABS_MT_POSITION_X {4}: value 0, min 0, max 4095, fuzz 0, flat 0, resolution 0\n/);
    expect(findTouchscreen(parseInputDevices(out))).toMatchObject({ path: '/dev/input/event2', props: ['INPUT_PROP_DIRECT'] });
  });

  it('minicap through a stock adb server and `adb connect`: the forward reaches the phone’s socket over adbd’s protocol', async () => {
    const serial = `127.0.0.1:${phones.endpoints[0]!.port}`;
    await stock.adb(['connect', serial]);
    await stock.waitFor(serial, 'device');
    const frames: Buffer[] = [];
    const session = await startMinicap(new AdbServer({ host: '127.0.0.1', port: stock.port }), serial, {
      box: { width: 360, height: 800 },
      onFrame: (jpeg) => frames.push(jpeg),
      onEnd: () => undefined,
    });
    try {
      expect(session.banner).toMatchObject({ realWidth: 1080, realHeight: 2400, virtualWidth: 360, virtualHeight: 800 });
      const t0 = Date.now();
      while (frames.length === 0 && Date.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 20));
      expect(frames[0]!.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    } finally {
      await session.stop();
    }
  });

  it('a socket nobody listens on is refused, as adbd does', async () => {
    const f = await adbOnPhoneServer(['-s', 'vphone-1', 'forward', 'tcp:0', 'localabstract:nobody']);
    const port = Number(f.stdout.toString().trim());
    const net = await import('node:net');
    const closed = await new Promise<boolean>((resolve) => {
      const s = net.connect({ host: '127.0.0.1', port });
      s.on('data', () => resolve(false));
      s.on('close', () => resolve(true));
      s.on('error', () => undefined);
    });
    expect(closed).toBe(true);
  });
});
