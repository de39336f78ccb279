import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsWorkspace } from '../support/record-script.js';
import { useTempDirs } from '../support/temp-dir.js';
import { useVirtualPhones } from '../support/virtual-phone.js';
import { useBrowser } from '../support/browser.js';
import { openApp, serveApp } from '../support/web-app.js';

describe('the Runs screen (web mode, Chromium, virtual phone)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  const chromium = useBrowser();

  it('starts an offline run of the replay agent, follows its progress, and shows Table 2', async () => {
    const { ws, adb, backend } = await settingsWorkspace(tmp, phones);
    backend.close();

    const app = chromium.track(await serveApp(ws, { adb: adb }));
    const page = await openApp(chromium.browser(), app);
    await page.click('[data-testid="nav-runs"]');
    await page.selectOption('[data-testid="run-mode"]', 'offline');
    await page.waitForSelector('[data-testid="agent-replay"]:checked');
    await page.click('[data-testid="select-visible"]');
    await page.click('[data-testid="run-start"]');
    await page.waitForSelector('[data-testid^="run-status-"]:text("finished")');
    // Progress patches the results as they come; the tables are redrawn once the run has ended.
    await page.waitForSelector('[data-testid="run-detail"][data-report="current"]');
    const table = page.locator('[data-testid="table-table2-results"]');
    await table.waitFor();
    expect(await table.locator('tbody tr').first().textContent()).toMatch(/^replay100\.00/);

    // The finished run exports as a bundle, written into the workspace's exports/ folder and named on the screen.
    await page.click('[data-testid="run-export-bundle"]');
    const written = await page.locator('[data-testid="run-bundle-file"]').textContent({ timeout: 60_000 });
    const runId = (await page.locator('#run-title').textContent())!;
    const file = join(ws, 'exports', `${runId}.tar.gz`);
    expect(written).toContain(file);
    expect(statSync(file).size).toBeGreaterThan(0);
    // In a browser the file is on the backend's disk: the page offers it as a download by a signed link.
    const href = await page.locator('[data-testid="run-bundle-download"]').getAttribute('href');
    const download = await page.request.get(new URL(href!, page.url()).toString());
    expect(download.status()).toBe(200);
    const body = await download.body();
    expect(body.length).toBe(statSync(file).size);
    expect([...body.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
  });
});
