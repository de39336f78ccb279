import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { REPO_ROOT } from '../support/fixtures.js';
import { SETTINGS_RUN_DEMOS } from '../support/record-script.js';
import type { StfContractServer } from '../support/stf-contract-server.js';
import { startStfContractServer } from '../support/stf-contract-server.js';
import type { StockAdbServer } from '../support/stock-adb.js';
import { startStockAdbServer } from '../support/stock-adb.js';
import { useTempDirs } from '../support/temp-dir.js';
import { useVirtualPhones } from '../support/virtual-phone.js';
import { openApp, serveApp } from '../support/web-app.js';

const FIXTURE = `${REPO_ROOT}test/fixtures/tasks/settings-runs.json`;

/**
 * What used to need the command line, done from the window in web mode: import a task set (a file
 * picked in the browser, its content sent to the backend; an invalid one refused with every field
 * listed), start and stop the virtual phone, build and probe graphs with progress, and claim and
 * release a device of an STF farm.
 */
describe('jobs done from the window (web mode)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  const chromium = useBrowser();
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('imports tasks, starts a virtual phone, builds and probes a graph, and claims an STF device', async () => {
    const farmPhones = await phones({ tcpBase: 0, count: 1, locale: 'en' });
    const adb: StockAdbServer = await startStockAdbServer();
    cleanup.push(() => adb.close());
    const remote = `127.0.0.1:${farmPhones.endpoints[0]!.port}`;
    const stf: StfContractServer = await startStfContractServer([{ serial: 'FARM-A', remote, sdk: '34', model: 'Pixel 8' }]);
    cleanup.push(() => stf.close());
    const ws = tmp();
    const app = chromium.track(await serveApp(ws, { adb: adb.address, env: { STF_URL: stf.url, STF_TOKEN: stf.token } }));
    const page = await openApp(chromium.browser(), app);
    await page.setViewportSize({ width: 1366, height: 768 });

    // 1. Import: a file with a broken task is refused, naming the field; the real one goes in whole.
    await page.click('[data-testid="nav-tasks"]');
    const broken = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { tasks: Record<string, unknown>[] };
    broken.tasks[1]!.mode = 'sometimes';
    const brokenFile = join(tmp(), 'broken.json');
    writeFileSync(brokenFile, JSON.stringify(broken));
    await page.setInputFiles('[data-testid="import-file"]', brokenFile);
    await page.click('[data-testid="import-start"]');
    await page.waitForSelector('[data-testid="import-errors"]');
    expect(await page.textContent('[data-testid="import-errors"]')).toMatch(/mode/);
    expect(await page.locator('[data-testid="tasks-empty"]').count()).toBe(1);
    await page.setInputFiles('[data-testid="import-file"]', FIXTURE);
    await page.click('[data-testid="import-start"]');
    await page.waitForSelector('[data-testid="import-report"]');
    expect(await page.textContent('[data-testid="import-report"]')).toMatch(/Imported 5 tasks into “settings-runs”/);
    await page.waitForSelector('[data-testid="tasks-table"] code:text-is("off-display")');

    // 2. Devices: start the built-in phone; it joins the device list and is mirrored.
    await page.click('[data-testid="nav-devices"]');
    await page.selectOption('[data-testid="vphone-locale"]', 'en');
    await page.click('[data-testid="vphone-start"]');
    await page.waitForSelector('[data-testid="vphone-state"]', { state: 'attached', timeout: 60_000 });
    await page.waitForSelector('[data-testid="device-vphone-1"]');
    await page.waitForSelector('[data-testid="mirror"] img', { timeout: 60_000 });
    const phoneAdb = /Running on (\S+):/.exec((await page.textContent('[data-testid="vphone-state"]'))!)![1]!;

    // Two demonstrations of an offline task, recorded on that phone (the scripted way the demo records).
    for (const script of SETTINGS_RUN_DEMOS['off-display']!) {
      const file = join(tmp(), 'demo.json');
      writeFileSync(file, JSON.stringify(script));
      execFileSync(
        process.execPath,
        [
          join(REPO_ROOT, 'bin', 'elderbench.js'),
          '--workspace',
          ws,
          '--adb',
          phoneAdb,
          'record',
          '--task',
          'off-display',
          '--device',
          'vphone-1',
          '--script',
          file,
        ],
        {
          env: { ...process.env, ELDERBENCH_USER_DATA: tmp() },
        },
      );
    }

    // 3. Graphs: build the missing one, then probe it, each with its progress and a notice at the end.
    await page.click('[data-testid="nav-graphs"]');
    await page.waitForSelector('[data-testid="graphs-build-missing"]:text("Build missing (1)")');
    await page.click('[data-testid="graphs-build-missing"]');
    await expect.poll(() => notice(page), { timeout: 120_000 }).toMatch(/^Built 1 of 1 graphs$/);
    await page.waitForSelector('[data-testid="graphs-table"] button:text-is("off-display")');
    await page.click('[data-testid="graphs-probe-all"]');
    await expect.poll(() => notice(page), { timeout: 120_000 }).toMatch(/^Probed 1 of 1 graphs$/);
    await page.click('[data-testid="graphs-table"] button:text-is("off-display")');
    await page.waitForSelector('[data-testid="graph-canvas"]');
    expect(await page.textContent('[data-testid="probe-totals"]')).toMatch(/Structural/);

    // 4. The farm: list it (STF_URL and STF_TOKEN come from the backend's environment), claim, release.
    await page.click('[data-testid="nav-devices"]');
    await page.click('[data-testid="connections"] summary');
    expect(await page.inputValue('[data-testid="stf-url"]')).toBe(stf.url);
    await page.click('[data-testid="stf-list"]');
    await page.click('[data-testid="stf-claim-FARM-A"]');
    await page.waitForSelector(`[data-testid="device-${remote}"]`, { state: 'attached', timeout: 60_000 });
    expect(stf.owned()).toEqual(['FARM-A']);
    await page.click('[data-testid="stf-release-FARM-A"]');
    await page.waitForSelector(`[data-testid="device-${remote}"]`, { state: 'detached', timeout: 60_000 });
    // The device leaves adb's list (disconnected first) a moment before the farm hears the release: wait for the farm.
    await expect.poll(() => stf.owned(), { timeout: 60_000 }).toEqual([]);

    // 5. Stop the virtual phone: it leaves the list.
    await page.click('[data-testid="vphone-stop"]');
    await page.waitForSelector('[data-testid="device-vphone-1"]', { state: 'detached', timeout: 60_000 });
    expect((page as Page & { appErrors?: string[] }).appErrors).toEqual([]);
  }, 400_000);
});

const notice = (page: Page): Promise<string | null> => page.textContent('[data-testid="notice"]');
