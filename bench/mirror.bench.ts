import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { AdbServer } from '../electron/adapters/adb/adb-client.js';
import { REPO_ROOT } from '../test/support/fixtures.js';
import { launchChromium, openApp, serveApp } from '../test/support/web-app.js';
import type { BenchFigure } from './figure.js';
import { median, percentile } from './figure.js';

/**
 * The mirror as the annotator sees it, measured in the window (Debian's Chromium, web mode, the
 * Devices screen), on a virtual phone in its own process:
 * - fps: frames the window shows per second while the screen keeps changing (the status-bar clock
 *   moved by an adb shell command as fast as adb takes them);
 * - input to frame: from a click on the mirror to the first new frame shown, the click opening a
 *   Settings page (the app's `devices.input` → `input tap` → the phone → the stream → the window).
 * The fast path is minicap; the fallback is the same phone declaring a CPU minicap has no build for,
 * so the app falls back to `screencap` by itself, as it would on such a phone.
 */
const FPS_WINDOW_MS = 4000;
const LATENCY_SAMPLES = 8;

async function startPhone(profile: 'instant' | 'real', props: string[]): Promise<{ port: number; proc: ChildProcess }> {
  const proc = spawn(
    process.execPath,
    [
      join(REPO_ROOT, 'bin', 'elderbench.js'),
      '--json',
      'phone',
      '--port',
      '0',
      '--seed',
      '3',
      '--profile',
      profile,
      ...props.flatMap((p) => ['--prop', p]),
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    proc.stdout!.once('data', (c: Buffer) => resolve((JSON.parse(c.toString().split('\n')[0]!) as { port: number }).port));
    proc.once('exit', (code) => reject(new Error(`elderbench phone exited (${code})`)));
  });
  return { port, proc };
}

const frameCount = (page: Page): Promise<number> => page.evaluate('window.__frames.length') as Promise<number>;

async function waitFor(f: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = performance.now() + timeoutMs;
  while (performance.now() < end) {
    if (await f()) return true;
    await sleep(5);
  }
  return false;
}

async function measure(profile: 'instant' | 'real', path: 'minicap' | 'screencap'): Promise<{ fps: number; latencies: number[] }> {
  const phone = await startPhone(profile, path === 'screencap' ? ['ro.product.cpu.abi=riscv64'] : []);
  const ws = mkdtempSync(join(tmpdir(), 'eb-bench-mirror-'));
  const app = await serveApp(ws, { adb: `127.0.0.1:${phone.port}` });
  const browser = await launchChromium();
  try {
    const device = new AdbServer({ host: '127.0.0.1', port: phone.port }).device('vphone-1');
    await device.shell('cmd vphone open settings.main');
    const page = await openApp(browser, app);
    await page.click('[data-testid="nav-devices"]');
    await page.waitForSelector(`[data-testid="mirror"][data-path="${path}"] img`, { timeout: 120_000 });
    // Each frame shown: when, and a 20×45 grey thumbnail of it, so "the changed frame" is the first that differs.
    await page.evaluate(`(() => {
      window.__frames = [];
      window.__sigs = [];
      const el = document.querySelector('[data-testid="mirror"]');
      const canvas = document.createElement('canvas');
      canvas.width = 20; canvas.height = 45;
      const g = canvas.getContext('2d', { willReadFrequently: true });
      new MutationObserver(() => {
        const i = window.__frames.push(performance.now()) - 1;
        const img = el.querySelector('img');
        img.decode().then(() => {
          g.drawImage(img, 0, 0, 20, 45);
          const d = g.getImageData(0, 0, 20, 45).data;
          const sig = [];
          for (let p = 0; p < d.length; p += 4) sig.push((d[p] + d[p + 1] + d[p + 2]) / 3);
          window.__sigs[i] = sig;
        });
      }).observe(el, { attributes: true, attributeFilter: ['data-frame'] });
      window.__changedAfter = (i) => {
        const base = window.__sigs[i - 1];
        for (let k = i; k < window.__frames.length; k++) {
          const s = window.__sigs[k];
          if (!base || !s) continue;
          let diff = 0;
          for (let p = 0; p < s.length; p++) diff += Math.abs(s[p] - base[p]);
          if (diff / s.length > 6) return window.__frames[k];
        }
        return -1;
      };
    })()`);

    // Frames per second while the screen keeps changing.
    let changing = true;
    const driver = (async () => {
      while (changing) await device.shell('cmd vphone clock advance 60000');
    })();
    await sleep(1000); // the stream settles into the changing screen
    const n0 = await frameCount(page);
    await sleep(FPS_WINDOW_MS);
    const fps = ((await frameCount(page)) - n0) / (FPS_WINDOW_MS / 1000);
    changing = false;
    await driver;

    // Input to frame: a click on a Settings row opens its page.
    const box = (await page.locator('[data-testid="mirror"] img').boundingBox())!;
    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      await device.shell('cmd vphone open settings.main');
      await sleep(profile === 'real' ? 2500 : 600); // the main page is on screen and the mirror has shown it
      const before = await frameCount(page);
      await page.evaluate('window.__clickedAt = performance.now()');
      await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.3);
      const changedAt = async (): Promise<number> => (await page.evaluate(`window.__changedAfter(${before})`)) as number;
      if (!(await waitFor(async () => (await changedAt()) > 0, 15_000))) continue;
      latencies.push((await changedAt()) - ((await page.evaluate('window.__clickedAt')) as number));
    }
    return { fps, latencies };
  } finally {
    await browser.close();
    await app.stop();
    phone.proc.kill('SIGTERM');
    rmSync(ws, { recursive: true, force: true });
  }
}

export default async function bench(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  for (const profile of ['instant', 'real'] as const) {
    const fast = await measure(profile, 'minicap');
    const slow = await measure(profile, 'screencap');
    const suffix = profile === 'real' ? ', real profile' : '';
    const load = `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`;
    const note =
      profile === 'real' ? 'phone --profile real (input 150–400 ms, screencap 0.7–1.5 s, minicap 25–35 ms a frame)' : 'virtual phone';
    const lat = (xs: number[]): string => (xs.length ? `p90 ${Math.round(percentile(xs, 90))} ms, ${xs.length} clicks` : 'no frame came');
    figures.push(
      {
        name: `mirror fast path fps${suffix}`,
        value: Math.round(fast.fps * 10) / 10,
        unit: 'fps',
        ...(profile === 'instant' ? { target: '≥ 25' } : {}),
        note: `minicap, shown in Chromium; ${note}; ${load}`,
      },
      {
        name: `mirror screencap fallback fps${suffix}`,
        value: Math.round(slow.fps * 10) / 10,
        unit: 'fps',
        note: `ratio fast/fallback ${(fast.fps / Math.max(0.01, slow.fps)).toFixed(1)}×`,
      },
      {
        name: `mirror input to frame ms${suffix}`,
        value: fast.latencies.length ? Math.round(median(fast.latencies)) : -1,
        unit: 'ms (median)',
        ...(profile === 'instant' ? { target: '≤ 100' } : {}),
        note: `minicap; click on the mirror to the changed frame shown; ${lat(fast.latencies)}`,
      },
      {
        name: `mirror screencap input to frame ms${suffix}`,
        value: slow.latencies.length ? Math.round(median(slow.latencies)) : -1,
        unit: 'ms (median)',
        note: lat(slow.latencies),
      },
    );
  }
  return figures;
}
