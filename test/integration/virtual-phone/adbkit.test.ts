import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Readable } from 'node:stream';
import { startServer, kit, kitShell, Adb } from './helpers.js';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { until } from '../../support/wait.js';

// The app's own device layer (adbkit 3.3.9) against the virtual phone, unchanged.
describe('virtual phone with adbkit', () => {
  let server: VirtualPhoneServer;
  let port: number;
  beforeAll(async () => {
    server = await startServer({ count: 2 });
    port = server.port;
  });
  afterAll(() => server.close());

  it('reports version 41 and the phones', async () => {
    const c = kit(port);
    expect(await c.version()).toBe(41);
    expect(await c.listDevices()).toEqual([
      { id: 'vphone-1', type: 'device' },
      { id: 'vphone-2', type: 'device' },
    ]);
    const withPaths = await c.listDevicesWithPaths();
    expect(withPaths[0]).toMatchObject({ id: 'vphone-1', type: 'device', path: 'usb:1-1' });
    expect(await c.getDevice('vphone-2').getState()).toBe('device');
  });

  it('takes a screencap through the `echo && screencap` path without CRLF mangling', async () => {
    const png = await Adb.util.readAll(await kit(port).getDevice('vphone-1').screencap());
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.length).toBeGreaterThan(10_000);
  });

  it('reads the raw framebuffer with the v1 header', async () => {
    const fb = await kit(port).getDevice('vphone-1').framebuffer('raw');
    expect(fb.meta).toMatchObject({ version: 1, bpp: 32, width: 1080, height: 2400, format: 'rgba' });
    const px = await Adb.util.readAll(fb);
    expect(px.length).toBe(1080 * 2400 * 4);
  });

  it('gets properties, packages and starts activities', async () => {
    const d = kit(port).getDevice('vphone-1');
    const props = await d.getProperties();
    expect(props['ro.product.model']).toBe('vPhone 6');
    expect(props['ro.build.version.release']).toBe('14');
    const pkgs = await d.getPackages();
    expect(pkgs).toContain('com.android.settings');
    expect(await d.isInstalled('com.android.deskclock')).toBe(true);
    expect(await d.isInstalled('com.example.nothing')).toBe(false);
    await d.startActivity({ component: 'com.android.settings/.Settings', wait: true });
    expect((await kitShell(port, 'vphone-1', 'cmd vphone screen')).trim()).toBe('settings.main');
    await expect(d.startActivity({ component: 'com.example/.Missing' })).rejects.toThrow(/does not exist/);
  });

  it('syncs files: push, stat, readdir, pull', async () => {
    const d = kit(port).getDevice('vphone-2');
    const t = await d.push(Readable.from([Buffer.from('adbkit was here')]), '/sdcard/Download/k.txt');
    await new Promise((resolve, reject) => {
      t.on('end', resolve);
      t.on('error', reject);
    });
    expect((await d.stat('/sdcard/Download/k.txt')).size).toBe(15);
    expect((await d.readdir('/sdcard/Download')).map((e) => e.name)).toContain('k.txt');
    const data = await Adb.util.readAll(await d.pull('/sdcard/Download/k.txt'));
    expect(data.toString()).toBe('adbkit was here');
    await expect(d.stat('/sdcard/missing')).rejects.toThrow(/ENOENT/);
  });

  it('tracks devices: unplug and plug are seen as remove and add', async () => {
    const tracker = await kit(port).trackDevices();
    const events: string[] = [];
    tracker.on('remove', (dev) => events.push(`remove ${dev.id}`));
    tracker.on('add', (dev) => events.push(`add ${dev.id}`));
    // The server registers the tracker before it answers OKAY, so every change from here on is pushed.
    server.unplug('vphone-2');
    await until(() => events.includes('remove vphone-2'), 'the tracker to see the unplug', 30_000);
    expect(await kit(port).listDevices()).toEqual([{ id: 'vphone-1', type: 'device' }]);
    await expect(kitShell(port, 'vphone-2', 'echo hi')).rejects.toThrow(/not found/);
    server.plug('vphone-2');
    await until(() => events.lastIndexOf('add vphone-2') > events.indexOf('remove vphone-2'), 'the tracker to see the plug', 30_000);
    tracker.end();
    // Only the changes (an initial list, if adbkit reports it, adds before the remove).
    expect(events.slice(events.indexOf('remove vphone-2'))).toEqual(['remove vphone-2', 'add vphone-2']);
    expect(await kitShell(port, 'vphone-2', 'echo hi')).toBe('hi\n');
  });

  it('waits for boot like adbkit expects', async () => {
    await kit(port).getDevice('vphone-1').waitBootComplete();
  });

  it('keeps phones isolated', async () => {
    await kitShell(port, 'vphone-1', 'settings put global wifi_on 0; touch /sdcard/only-on-1');
    expect(await kitShell(port, 'vphone-2', 'settings get global wifi_on')).toBe('1\n');
    expect(await kitShell(port, 'vphone-2', 'ls /sdcard/only-on-1')).toContain('No such file');
  });
});
