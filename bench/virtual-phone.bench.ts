import * as adbkitNs from '@devicefarmer/adbkit';
import { startVirtualPhoneServer } from '../electron/virtual-phone/index.js';
import type { VirtualPhoneServer } from '../electron/virtual-phone/index.js';

/**
 * Virtual phone speed and size, measured the way the app sees it: through adbkit over TCP.
 * Targets: screencap ≤ 40 ms median, dump ≤ 10 ms median, 4 phones < 400 MB.
 */
type BenchFigure = { name: string; value: number; unit: string; target?: string; note?: string };

type AdbClass = typeof adbkitNs.Adb;
const Adb: AdbClass =
  (adbkitNs as unknown as { Adb?: AdbClass }).Adb ?? (adbkitNs as unknown as { default: { Adb: AdbClass } }).default.Adb;

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

async function timeIt(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

async function shellIn(server: VirtualPhoneServer, serial: string, cmd: string): Promise<void> {
  await server.phone(serial).runShell(cmd, { write: () => {}, signal: new AbortController().signal });
}

export default async function run(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const server = await startVirtualPhoneServer({ port: 0, count: 1, seed: 1 });
  try {
    const client = Adb.createClient({ host: '127.0.0.1', port: server.port, bin: '/bin/true' });
    const device = client.getDevice('vphone-1');
    const screencap = async () => Adb.util.readAll(await device.screencap());
    const dump = async () => Adb.util.readAll(await device.shell('uiautomator dump /dev/tty'));
    await shellIn(server, 'vphone-1', 'am start -n com.android.settings/.Settings');
    await screencap(); // warm: fonts, sharp, first raster

    const cap = await timeIt(60, screencap);
    figures.push({
      name: 'screencap latency (median, unchanged screen)',
      value: round(quantile(cap, 0.5)),
      unit: 'ms',
      target: '≤ 40 ms',
      note: 'adbkit device.screencap(), PNG served from the frame cache',
    });
    figures.push({ name: 'screencap latency (p95, unchanged screen)', value: round(quantile(cap, 0.95)), unit: 'ms' });

    // A new screen every time: move the clock a minute (status bar text changes), so the frame
    // cache can never hit and each capture pays a full SVG→PNG rasterisation.
    const tick = () => shellIn(server, 'vphone-1', 'cmd vphone clock advance 60000');
    const fresh = await timeIt(30, async () => {
      await tick();
      await screencap();
    });
    figures.push({
      name: 'screencap latency (median, screen changed)',
      value: round(quantile(fresh, 0.5)),
      unit: 'ms',
      note: `p95 ${round(quantile(fresh, 0.95))} ms; full rasterisation of 1080x2400`,
    });

    const d = await timeIt(60, dump);
    figures.push({
      name: 'uiautomator dump latency (median)',
      value: round(quantile(d, 0.5)),
      unit: 'ms',
      target: '≤ 10 ms',
      note: `p95 ${round(quantile(d, 0.95))} ms; shell uiautomator dump /dev/tty via adbkit`,
    });

    const fps = async (change: boolean) => {
      let frames = 0;
      const start = performance.now();
      while (performance.now() - start < 3000) {
        if (change) await tick();
        await screencap();
        frames++;
      }
      return frames / ((performance.now() - start) / 1000);
    };
    figures.push({ name: 'frames per second one client can pull (unchanged screen)', value: round(await fps(false)), unit: 'fps' });
    figures.push({ name: 'frames per second one client can pull (every frame changed)', value: round(await fps(true)), unit: 'fps' });
  } finally {
    await server.close();
  }

  // Memory: 4 phones in one process, each driven through several screens and captured.
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  const four = await startVirtualPhoneServer({ port: 0, count: 4, seed: 2 });
  try {
    for (const serial of four.serials) {
      for (const id of ['launcher.home', 'settings.display', 'phone.recents', 'messages.list', 'clock.alarms']) {
        await shellIn(four, serial, `cmd vphone open ${id}`);
        await four.phone(serial).screenshotPng();
        four.phone(serial).dumpXml();
      }
      await four.phone(serial).framebuffer();
    }
    globalThis.gc?.();
    const after = process.memoryUsage().rss;
    figures.push({
      name: 'memory per phone (RSS delta / 4)',
      value: round((after - before) / 4 / 1048576),
      unit: 'MB',
      note: `process RSS with 4 phones: ${round(after / 1048576)} MB`,
    });
    figures.push({
      name: 'process RSS with 4 phones',
      value: round(after / 1048576),
      unit: 'MB',
      target: '< 400 MB',
      note: 'includes Node, sharp/libvips and this bench',
    });
  } finally {
    await four.close();
  }
  return figures;
}
