import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, adb } from './helpers.js';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';

// Debian's adb 29.0.6 against the virtual phone, exactly as a lab machine would run it.
describe('virtual phone with the stock adb client', () => {
  let server: VirtualPhoneServer;
  let port: number;
  const dir = mkdtempSync(join(tmpdir(), 'vphone-adb-'));
  const sh = (...args: string[]) => adb(port, ['-s', 'vphone-1', 'shell', ...args]);

  beforeAll(async () => {
    server = await startServer({ count: 2 });
    port = server.port;
    await sh('cmd vphone clock freeze 1700000000000');
  });
  afterAll(() => server.close());

  it('lists devices with -l in the append_transport format', async () => {
    const r = await adb(port, ['devices', '-l']);
    expect(r.code).toBe(0);
    const text = r.stdout.toString();
    expect(text).toContain('List of devices attached');
    expect(text).toMatch(/^vphone-1 {15}device usb:1-1 product:vphone model:vPhone_6 device:vphone transport_id:1$/m);
    expect(text).toMatch(/^vphone-2 +device /m);
  });

  it('answers wm size, wm density and getprop', async () => {
    expect((await sh('wm', 'size')).stdout.toString()).toBe('Physical size: 1080x2400\n');
    expect((await sh('wm density')).stdout.toString()).toBe('Physical density: 420\n');
    expect((await sh('getprop ro.build.version.sdk')).stdout.toString()).toBe('34\n');
  });

  it('streams a PNG through exec-out screencap -p', async () => {
    const r = await adb(port, ['-s', 'vphone-1', 'exec-out', 'screencap', '-p']);
    expect(r.stdout.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(r.stdout.readUInt32BE(16)).toBe(1080);
    expect(r.stdout.readUInt32BE(20)).toBe(2400);
  });

  it('dumps the hierarchy to a file that pull retrieves', async () => {
    const d = await sh('uiautomator', 'dump');
    expect(d.stdout.toString()).toBe('UI hierchary dumped to: /sdcard/window_dump.xml\n');
    const local = join(dir, 'dump.xml');
    const p = await adb(port, ['-s', 'vphone-1', 'pull', '/sdcard/window_dump.xml', local]);
    expect(p.code).toBe(0);
    const xml = readFileSync(local, 'utf8');
    expect(xml.startsWith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\"><node index=\"0\"")).toBe(
      true,
    );
    expect(xml).not.toContain('\n');
  });

  it('pushes a file and reads it back with cat', async () => {
    const local = join(dir, 'hello.txt');
    writeFileSync(local, 'hello from the host\n');
    const r = await adb(port, ['-s', 'vphone-1', 'push', local, '/sdcard/Download/hello.txt']);
    expect(r.code).toBe(0);
    expect((await sh('cat /sdcard/Download/hello.txt')).stdout.toString()).toBe('hello from the host\n');
    expect((await sh('ls /sdcard/Download')).stdout.toString()).toContain('hello.txt');
  });

  it('pushes and pulls a file larger than one 64 KiB sync chunk intact', async () => {
    const big = Buffer.alloc(300_000);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31) & 0xff;
    writeFileSync(join(dir, 'big.bin'), big);
    expect((await adb(port, ['-s', 'vphone-2', 'push', join(dir, 'big.bin'), '/data/local/tmp/big.bin'])).code).toBe(0);
    expect((await adb(port, ['-s', 'vphone-2', 'pull', '/data/local/tmp/big.bin', join(dir, 'back.bin')])).code).toBe(0);
    expect(readFileSync(join(dir, 'back.bin')).equals(big)).toBe(true);
  });

  it('reports a missing remote file on pull', async () => {
    const r = await adb(port, ['-s', 'vphone-1', 'pull', '/sdcard/nope.txt', join(dir, 'nope')]);
    expect(r.code).not.toBe(0);
    // adb 29 prints sync errors on stdout
    expect(r.stdout.toString() + r.stderr).toContain('does not exist');
  });

  it('taps through stock adb and the screen changes', async () => {
    await sh('cmd vphone reset');
    await sh('cmd vphone clock freeze 1700000000000');
    const before = (await sh('cmd vphone screen')).stdout.toString().trim();
    expect(before).toBe('launcher.home');
    // find the Settings icon's bounds in the dump and tap its centre
    const xml = (await sh('uiautomator dump /dev/tty')).stdout.toString();
    const m = /text="Settings"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(xml);
    expect(m).not.toBeNull();
    const [x1, y1, x2, y2] = m!.slice(1).map(Number) as [number, number, number, number];
    await sh('input', 'tap', String((x1 + x2) >> 1), String((y1 + y2) >> 1));
    expect((await sh('cmd vphone screen')).stdout.toString().trim()).toBe('settings.main');
    expect((await sh('dumpsys window | grep mCurrentFocus')).stdout.toString()).toMatch(
      /mCurrentFocus=Window\{\w+ u0 com\.android\.settings\/com\.android\.settings\.Settings\}/,
    );
  });

  it("prints the device shell's not-found text for unknown commands", async () => {
    expect((await sh('frobnicate --now')).stdout.toString()).toBe('/system/bin/sh: frobnicate: inaccessible or not found\n');
  });

  it('refuses a missing serial and ambiguity like the real server', async () => {
    expect((await adb(port, ['-s', 'nope', 'shell', 'echo'])).stderr).toContain("device 'nope' not found");
    expect((await adb(port, ['shell', 'echo'])).stderr).toContain('more than one device');
  });
});
