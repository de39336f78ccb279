import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { STARTER_TASKS } from '../support/fixtures.js';
import { useTempDirs } from '../support/temp-dir.js';
import { useVirtualPhones } from '../support/virtual-phone.js';
import { useBrowser } from '../support/browser.js';
import { openApp, serveApp } from '../support/web-app.js';

describe('recording by clicking on the mirror (web mode, Chromium, virtual phone)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  const chromium = useBrowser();

  it('an annotator records a three-step demonstration and the steps appear with thumbnails', async () => {
    const server = await phones();
    const ws = tmp();
    expect(runCli(['--workspace', ws, 'tasks', 'import', STARTER_TASKS]).code).toBe(0);
    const app = chromium.track(await serveApp(ws, { adb: `127.0.0.1:${server.port}` }));
    const page = await openApp(chromium.browser(), app);

    await page.click('[data-testid="nav-record"]');
    await page.check('[data-testid="pick-check-settings-font-bigger"]');
    await page.waitForSelector('[data-testid="device-vphone-1"]:checked');
    await page.click('[data-testid="record-start"]');
    await page.waitForSelector('[data-testid="record-instruction"]:text("字太小了")');
    const mirror = page.locator('[data-testid="mirror"] img');
    await mirror.waitFor();

    const box = (await mirror.boundingBox())!;
    // Three different gestures: a tap, a press-and-hold, and a drag.
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.3);
    await page.waitForSelector('[data-testid="step"] >> nth=0');
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.6);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.3, { steps: 5 });
    await page.mouse.up();
    await page.waitForSelector('[data-testid="step"] >> nth=1');
    await page.click('[data-testid="key-back"]');
    await page.waitForSelector('[data-testid="step"] >> nth=2');

    const steps = page.locator('[data-testid="step"]');
    expect(await steps.count()).toBe(3);
    expect(await steps.nth(0).textContent()).toMatch(/Tap .*\(500, 300\)/);
    expect(await steps.nth(1).textContent()).toMatch(/Swipe/);
    expect(await steps.nth(2).textContent()).toMatch(/Back/);
    // Every thumbnail is a real image served by blob id, and the tap is drawn on the first. Thumbnails come a
    // moment after their step (the screenshot is stored after the next input is taken: recording.onStepSaved).
    // Polled with page.evaluate: waitForFunction compiles its predicate in the page, which the CSP forbids.
    await expect
      .poll(
        () =>
          page.evaluate(
            `(() => { const i = [...document.querySelectorAll('[data-testid="step"] img')]; return i.length === 3 && i.every((x) => x.complete && x.naturalWidth > 0); })()`,
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
    const sizes = await page.$$eval('[data-testid="step"] img', (imgs) =>
      imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth),
    );
    expect(sizes).toEqual([270, 270, 270]);
    expect(await steps.nth(0).locator('.tap-marker').count()).toBe(1);

    expect(await page.textContent('[data-testid="mirror-fps"]')).toMatch(/^\d+\.\d fps$/);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/record.png`, fullPage: true });

    await page.click('[data-testid="record-finish"]');
    await page.waitForSelector('[data-testid="record-last"]:text("finished, 4 steps")');
  });
});
