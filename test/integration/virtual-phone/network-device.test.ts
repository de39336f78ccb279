import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { startVirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import type { StockAdbServer } from '../../support/stock-adb.js';
import { startStockAdbServer } from '../../support/stock-adb.js';
import { useTempDirs } from '../../support/temp-dir.js';

// The phones as network devices (`phone --tcp`), reached the way a lab reaches `adb tcpip`
// phones or a device farm's remote-connect ports: through a stock adb server and `adb connect`.
describe('virtual phone as a network device, through a stock adb server', () => {
  let phones: VirtualPhoneServer;
  let adb: StockAdbServer;
  let serial: string;
  const tmp = useTempDirs();

  beforeAll(async () => {
    phones = await startVirtualPhoneServer({ port: null, tcpBase: 0, count: 2, seed: 7 });
    adb = await startStockAdbServer();
    serial = `127.0.0.1:${phones.endpoints[0]!.port}`;
  });
  afterAll(async () => {
    await adb?.close();
    await phones?.close();
  });

  it('serves no ADB server of its own with port null, only the daemons', () => {
    expect(phones.port).toBe(0);
    expect(phones.endpoints.map((e) => e.serial)).toEqual(['vphone-1', 'vphone-2']);
  });

  it('adb connect: a new host key is accepted and recorded, and the phone is listed as a device', async () => {
    const r = await adb.adb(['connect', serial]);
    // First contact with an unknown key: adb reports the AUTH exchange, then the phone accepts the key.
    expect(r.stdout.toString()).toMatch(/connected to|failed to authenticate to/);
    await adb.waitFor(serial, 'device');
    const pub = readFileSync(join(adb.home, '.android', 'adbkey.pub'), 'utf8').trim();
    expect(phones.authorizedKeys('vphone-1')).toEqual([pub]);
    const l = (await adb.adb(['devices', '-l'])).stdout.toString();
    expect(l).toMatch(new RegExp(`^${serial.replace(/\./g, '\\.')} +device product:vphone model:vPhone_6 device:vphone`, 'm'));
  });

  it('a known key gets in by its signature alone: reconnecting prints "connected to"', async () => {
    await adb.adb(['disconnect', serial]);
    const r = await adb.adb(['connect', serial]);
    expect(r.stdout.toString().trim()).toBe(`connected to ${serial}`);
    await adb.waitFor(serial, 'device');
    expect(phones.authorizedKeys('vphone-1')).toHaveLength(1);
  });

  it('shell, exec-out screencap -p and pull work through the stock server', async () => {
    const sh = await adb.adb(['-s', serial, 'shell', 'getprop ro.build.version.sdk; echo "a b"; cmd vphone screen']);
    expect(sh.stdout.toString()).toBe('34\na b\nlauncher.home\n');
    const png = (await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p'])).stdout;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(1080);
    // A PNG is larger than one packet: flow control (WRTE/OKAY) must deliver every byte in order.
    expect(png.subarray(-8, -4).toString('latin1')).toBe('IEND');
    expect((await adb.adb(['-s', serial, 'shell', 'uiautomator', 'dump'])).stdout.toString()).toBe(
      'UI hierchary dumped to: /sdcard/window_dump.xml\n',
    );
    const local = join(tmp(), 'dump.xml');
    expect((await adb.adb(['-s', serial, 'pull', '/sdcard/window_dump.xml', local])).code).toBe(0);
    expect(readFileSync(local, 'utf8')).toMatch(/^<\?xml version='1\.0' encoding='UTF-8' standalone='yes' \?><hierarchy rotation="0">/);
  });

  it('push of a file larger than the negotiated payload arrives intact', async () => {
    const big = Buffer.alloc(700_000);
    for (let i = 0; i < big.length; i++) big[i] = (i * 131) & 0xff;
    const dir = tmp();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'big.bin'), big);
    expect((await adb.adb(['-s', serial, 'push', join(dir, 'big.bin'), '/data/local/tmp/big.bin'])).code).toBe(0);
    expect((await adb.adb(['-s', serial, 'pull', '/data/local/tmp/big.bin', join(dir, 'back.bin')])).code).toBe(0);
    expect(readFileSync(join(dir, 'back.bin')).equals(big)).toBe(true);
  });

  it('input through the stock server changes the screen', async () => {
    const xml = (await adb.adb(['-s', serial, 'shell', 'uiautomator dump /dev/tty'])).stdout.toString();
    const m = /text="Settings"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(xml);
    expect(m).not.toBeNull();
    const [x1, y1, x2, y2] = m!.slice(1).map(Number) as [number, number, number, number];
    await adb.adb(['-s', serial, 'shell', 'input', 'tap', String((x1 + x2) >> 1), String((y1 + y2) >> 1)]);
    expect((await adb.adb(['-s', serial, 'shell', 'cmd vphone screen'])).stdout.toString().trim()).toBe('settings.main');
    await adb.adb(['-s', serial, 'shell', 'input keyevent 3']);
  });

  it('a dropped phone goes offline in the adb server and comes back as a device on its own', async () => {
    phones.unplug('vphone-1');
    await adb.waitFor(serial, 'offline');
    phones.plug('vphone-1');
    await adb.waitFor(serial, 'device', 60_000);
    expect((await adb.adb(['-s', serial, 'shell', 'echo back'])).stdout.toString()).toBe('back\n');
  });

  it('two phones connect side by side and keep separate states', async () => {
    const second = `127.0.0.1:${phones.endpoints[1]!.port}`;
    await adb.adb(['connect', second]);
    await adb.waitFor(second, 'device');
    await adb.adb(['-s', second, 'shell', 'cmd vphone open settings.display']);
    expect((await adb.adb(['-s', second, 'shell', 'cmd vphone screen'])).stdout.toString().trim()).toBe('settings.display');
    expect((await adb.adb(['-s', serial, 'shell', 'cmd vphone screen'])).stdout.toString().trim()).toBe('launcher.home');
  });
});
