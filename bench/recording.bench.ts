import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AdbServer } from '../electron/adapters/adb/adb-client.js';
import { encodeScreenshot, encodeThumbnail, encodeXml } from '../electron/adapters/observations/observation-sink.js';
import { captureObservation } from '../electron/core/recording/capture.js';
import { startVirtualPhoneServer } from '../electron/virtual-phone/index.js';
import type { BenchFigure } from './figure.js';
import { median } from './figure.js';

const run = promisify(execFile);

/**
 * Capture per step (screenshot + UI XML + foreground, concurrently, through adbkit) against
 * the stock `adb` client doing the same three commands one after another on the same
 * virtual phone; and stored bytes per step against raw PNG + XML.
 */
export default async function bench(): Promise<BenchFigure[]> {
  const server = await startVirtualPhoneServer({ port: 0, count: 1, seed: 3, locale: 'zh' });
  const dir = mkdtempSync(join(tmpdir(), 'eb-bench-rec-'));
  try {
    const device = new AdbServer({ host: '127.0.0.1', port: server.port }).device('vphone-1');
    const adb = (...args: string[]) =>
      run('adb', ['-H', '127.0.0.1', '-P', String(server.port), '-s', 'vphone-1', ...args], { encoding: 'buffer', maxBuffer: 64 << 20 });
    // A demonstration's steps visit app screens (lists, forms, dialogs), not the launcher over and over:
    // capture every screen of every app once, in order.
    const ids = (await device.shell('cmd vphone screens'))
      .trim()
      .split('\n')
      .map((l) => l.split('\t')[0]!)
      .filter(Boolean);
    const screens = ids.map((id) => `cmd vphone open ${id}`);
    const N = screens.length;

    const ours: number[] = [];
    const stock: number[] = [];
    let rawBytes = 0;
    let storedBytes = 0;
    let encodedBytes = 0;
    let pngBytes = 0;
    let webpBytes = 0;
    const encodeCpu: number[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < N; i++) {
      await device.shell(screens[i % screens.length]!);
      const t0 = performance.now();
      const obs = await captureObservation(device);
      ours.push(performance.now() - t0);

      const t1 = performance.now();
      await adb('exec-out', 'screencap', '-p');
      await adb('shell', 'uiautomator dump /sdcard/window_dump.xml >/dev/null && cat /sdcard/window_dump.xml');
      await adb('shell', 'dumpsys window');
      stock.push(performance.now() - t1);

      rawBytes += obs.screenshot.byteLength + Buffer.byteLength(obs.xml);
      // What the workspace keeps: lossless WebP + thumbnail + gzipped XML, each stored once by content. The two
      // images' CPU (sharp's threads included: the phone is idle meanwhile) is what each recorded or run step costs.
      const c0 = process.cpuUsage();
      const webp = await encodeScreenshot(obs.screenshot);
      const thumb = await encodeThumbnail(obs.screenshot);
      const c = process.cpuUsage(c0);
      encodeCpu.push((c.user + c.system) / 1000);
      pngBytes += obs.screenshot.byteLength;
      webpBytes += webp.byteLength;
      for (const b of [webp, thumb, await encodeXml(obs.xml)]) {
        encodedBytes += b.byteLength;
        const key = b.toString('base64').slice(0, 64) + b.byteLength;
        if (!seen.has(key)) storedBytes += b.byteLength;
        seen.add(key);
      }
    }
    const ratio = median(ours) / median(stock);
    return [
      { name: 'capture per step, ours (adbkit, concurrent)', value: median(ours), unit: 'ms (median)' },
      { name: 'capture per step, stock adb (3 commands)', value: median(stock), unit: 'ms (median)' },
      { name: 'capture time ratio ours / stock adb', value: ratio, unit: '×', target: '≤ 0.6×' },
      { name: 'raw PNG + XML per step', value: Math.round(rawBytes / N), unit: 'bytes' },
      { name: 'encoded per step (WebP-lossless + thumb + gzip XML)', value: Math.round(encodedBytes / N), unit: 'bytes' },
      { name: 'encoded / raw, before deduplication', value: encodedBytes / rawBytes, unit: '×', target: '≤ 0.25×' },
      { name: 'lossless WebP / phone PNG (screenshot)', value: webpBytes / pngBytes, unit: '×' },
      { name: 'encode per screen (lossless WebP + thumbnail), CPU', value: median(encodeCpu), unit: 'ms (median)' },
      { name: 'stored / raw, after deduplication', value: storedBytes / rawBytes, unit: '×', note: 'repeated screens stored once' },
    ];
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
