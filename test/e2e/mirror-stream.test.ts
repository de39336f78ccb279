import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { STARTER_TASKS } from '../support/fixtures.js';
import { useTempDirs } from '../support/temp-dir.js';
import { useVirtualPhones } from '../support/virtual-phone.js';
import { useBrowser } from '../support/browser.js';
import { openApp, serveApp } from '../support/web-app.js';
import type { Page } from 'playwright-core';
import type { VirtualPhoneServer } from '../../electron/virtual-phone/index.js';

/** Changes the phone's screen (the status-bar clock) about every `everyMs` through its shell, until stopped. */
function keepScreenChanging(server: VirtualPhoneServer, everyMs: number): () => Promise<void> {
  const ac = new AbortController();
  const phone = server.phone('vphone-1');
  const done = (async () => {
    while (!ac.signal.aborted) {
      await phone.runShell('cmd vphone clock advance 60000', { write: () => {}, signal: ac.signal });
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return async () => {
    ac.abort();
    await done;
  };
}

const fpsShown = async (page: Page): Promise<number> =>
  Number(/^([\d.]+) fps$/.exec((await page.textContent('[data-testid="mirror-fps"]')) ?? '')?.[1] ?? NaN);

describe('the live mirror (web mode, Chromium, virtual phone)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  const chromium = useBrowser();

  it('streams the phone through minicap at video rate and shows an input in the next frames', async () => {
    const server = await phones({ frozenClockMs: Date.UTC(2026, 0, 5, 9, 0) });
    const ws = tmp();
    expect(runCli(['--workspace', ws, 'tasks', 'import', STARTER_TASKS]).code).toBe(0);
    const app = chromium.track(await serveApp(ws, { adb: `127.0.0.1:${server.port}` }));
    const page = await openApp(chromium.browser(), app);
    await page.click('[data-testid="nav-devices"]');
    await page.waitForSelector('[data-testid="mirror"][data-path="minicap"] img', { timeout: 60_000 });
    expect(await page.textContent('[data-testid="mirror-path"]')).toContain('minicap');
    expect(await page.locator('[data-testid="mirror-fallback"]').count()).toBe(0);

    // Frames come as the screen changes: with the screen changing continuously, the window shows many a second.
    const stop = keepScreenChanging(server, 10);
    await expect.poll(() => fpsShown(page), { timeout: 60_000, interval: 250 }).toBeGreaterThan(10);
    await stop();

    // A tap on the mirror reaches the phone and the changed screen arrives without the window asking.
    await server.phone('vphone-1').runShell('cmd vphone open settings.main', { write: () => {}, signal: new AbortController().signal });
    const mirror = page.locator('[data-testid="mirror"]');
    await expect.poll(async () => (await mirror.getAttribute('data-frame')) ?? '', { timeout: 30_000 }).not.toBe('');
    await page.evaluate(`(() => {
      const el = document.querySelector('[data-testid="mirror"]');
      window.__frames = [];
      new MutationObserver(() => window.__frames.push(performance.now())).observe(el, { attributes: true, attributeFilter: ['data-frame'] });
      window.__clickedAt = performance.now();
    })()`);
    const box = (await page.locator('[data-testid="mirror"] img').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.3);
    await expect.poll(() => server.phone('vphone-1').phone.currentScreenId(), { timeout: 30_000 }).not.toBe('settings.main');
    await expect.poll(() => page.evaluate('window.__frames.length'), { timeout: 30_000 }).toBeGreaterThan(0);
    const latency = (await page.evaluate('window.__frames[0] - window.__clickedAt')) as number;
    expect(latency).toBeGreaterThan(0);
    expect(latency).toBeLessThan(3_000); // the figure itself is `npm run bench mirror`'s; here: it came by itself, promptly
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/mirror.png` });
  });

  it('falls back to screencap by itself on a phone minicap cannot run on, and says why', async () => {
    const server = await phones({ props: { 'ro.product.cpu.abi': 'riscv64' } });
    const ws = tmp();
    const app = chromium.track(await serveApp(ws, { adb: `127.0.0.1:${server.port}` }));
    const page = await openApp(chromium.browser(), app);
    await page.click('[data-testid="nav-devices"]');
    await page.waitForSelector('[data-testid="mirror"][data-path="screencap"] img', { timeout: 60_000 });
    expect(await page.textContent('[data-testid="mirror-fallback"]')).toMatch(
      /slow mirror: minicap has no build for this phone's CPU \(riscv64\)/,
    );
  });
});
