import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { STARTER_TASKS } from '../support/fixtures.js';
import { useTempDirs } from '../support/temp-dir.js';
import { useBrowser } from '../support/browser.js';
import { openApp, serveApp } from '../support/web-app.js';

describe('the Analysis screen (web mode, Chromium)', () => {
  const tmp = useTempDirs();
  const chromium = useBrowser();

  it('computes the linguistic analysis and shows its tables and charts', async () => {
    const ws = tmp();
    expect(runCli(['--workspace', ws, 'tasks', 'import', STARTER_TASKS]).code).toBe(0);
    const app = chromium.track(await serveApp(ws));
    const page = await openApp(chromium.browser(), app);
    await page.click('[data-testid="nav-analysis"]');
    await page.click('[data-testid="analysis-linguistics"]');
    await page.click('[data-testid="analysis-compute"]');
    await page.waitForSelector('[data-testid="analysis-result"] table');
    expect(await page.locator('[data-testid="analysis-result"] table').count()).toBeGreaterThan(1);
    const chart = page.locator('.chart img').first();
    await chart.waitFor();
    // Polled with page.evaluate: waitForFunction compiles its predicate in the page, which the CSP forbids.
    await expect
      .poll(() => page.evaluate('[...document.querySelectorAll(".chart img")].every((i) => i.complete && i.naturalWidth > 0)'), {
        timeout: 60_000,
      })
      .toBe(true);
    expect(await page.locator('.chart img').count()).toBeGreaterThan(0);
  });

  it('a person accepts and edits the proposed verbs, and the row says they now count', async () => {
    const ws = tmp();
    expect(runCli(['--workspace', ws, 'tasks', 'import', STARTER_TASKS]).code).toBe(0);
    const app = chromium.track(await serveApp(ws));
    const page = await openApp(chromium.browser(), app);
    await page.click('[data-testid="nav-analysis"]');
    await page.click('[data-testid="analysis-verbs"]');
    const row = page.locator('[data-testid="verbs-settings-font-bigger"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('POS fallback');
    await row.getByLabel('Verbs of settings-font-bigger').fill('调大');
    await page.click('[data-testid="verbs-accept-settings-font-bigger"]');
    // A locator wait, not a string predicate: the page's CSP forbids evaluating strings while polling.
    await page.locator('[data-testid="verbs-settings-font-bigger"]', { hasText: 'checked by a person' }).waitFor();
    expect(await page.locator('[data-testid="verb-annotations"]').textContent()).toContain('1 of 2 instructions have annotated verbs');
  });
});
