import { describe, expect, it } from 'vitest';
import { settingsWorkspace } from '../support/record-script.js';
import { useTempDirs } from '../support/temp-dir.js';
import { useVirtualPhones } from '../support/virtual-phone.js';
import { useBrowser } from '../support/browser.js';
import { openApp, serveApp } from '../support/web-app.js';

describe('the Graphs screen (web mode, Chromium, virtual phone)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  const chromium = useBrowser();

  it('probes a graph structurally and on a confirmed test phone, and saves an edited goal condition as a new version', async () => {
    const { ws, adb, backend } = await settingsWorkspace(tmp, phones);
    backend.close();

    const app = chromium.track(await serveApp(ws, { adb: adb }));
    const page = await openApp(chromium.browser(), app);
    await page.click('[data-testid="nav-graphs"]');
    await page.click('[data-testid="graphs-table"] button:text("off-display")');
    const panel = page.locator('[data-testid="probe-panel"]');
    await panel.waitFor();
    expect(await panel.textContent()).toMatch(/never probed/);

    // Structural first: no device, nothing to confirm.
    await page.click('[data-testid="probe-run"]');
    await page.waitForSelector('[data-testid="probe-totals"]:has-text("Structural")');

    // On the phone: refused until the annotator confirms it is a test phone.
    await page.selectOption('[data-testid="probe-panel"] select', 'vphone-1');
    expect(await page.isDisabled('[data-testid="probe-run"]')).toBe(true);
    await page.check('[data-testid="probe-confirm"]');
    await page.click('[data-testid="probe-run"]');
    await page.waitForSelector('[data-testid="probe-totals"]:has-text("Played on vphone-1")');
    expect(await page.locator('[data-testid="probe-totals"]').textContent()).toMatch(/0 false accepts, 0 false rejects/);

    // A DONE node's goal conditions: add one the screen must show, save as a new version.
    await page.click('.graph-node.done');
    const goal = page.locator('[data-testid="goal-panel"]');
    await goal.waitFor();
    await goal.getByLabel('What').selectOption('shown');
    await page.fill('[data-testid="goal-expected"]', 'Display');
    await goal.locator('button:text("Add")').click();
    await page.click('[data-testid="goal-save"]');
    await page.waitForSelector('select[aria-label="Graph version"] option[value="2"]', { state: 'attached' });
    expect(await page.inputValue('select[aria-label="Graph version"]')).toBe('2');
    await page.click('.graph-node.done');
    expect(await page.locator('[data-testid="goal-panel"]').textContent()).toMatch(/screen shows.*\(yours\)/);
  });
});
