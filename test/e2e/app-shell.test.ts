import { describe, expect, it } from 'vitest';
import { SECTIONS } from '../../renderer/src/app/sections.js';
import { useTempDirs } from '../support/temp-dir.js';
import { useBrowser } from '../support/browser.js';
import { openApp, serveApp } from '../support/web-app.js';

describe('the app in web mode (Chromium)', () => {
  const tmp = useTempDirs();
  const chromium = useBrowser();

  it('navigates every section by click and by keyboard', async () => {
    const app = chromium.track(await serveApp(tmp()));
    const page = await openApp(chromium.browser(), app);
    for (const s of SECTIONS) {
      await page.click(`[data-testid="nav-${s.id}"]`);
      await page.waitForSelector(`main[data-section="${s.id}"] h1:has-text("${s.label}")`);
      expect(await page.getAttribute(`[data-testid="nav-${s.id}"]`, 'aria-current')).toBe('page');
    }
    await page.keyboard.press('Alt+4');
    await page.waitForSelector('main[data-section="tasks"]');
    expect(await page.evaluate('document.activeElement?.id')).toBe('page-tasks');
    expect((page as unknown as { appErrors: string[] }).appErrors).toEqual([]);
    await app.stop();
  });

  it('changes a setting that persists across a backend restart (renderer → API → SQLite → back)', async () => {
    const workspace = tmp();
    const first = chromium.track(await serveApp(workspace));
    let page = await openApp(chromium.browser(), first);
    await page.click('[data-testid="nav-settings"]');
    await page.selectOption('[data-testid="setting-ui-scale"]', '1.5');
    await page.waitForSelector('[data-testid="notice"]:text("Settings saved")');
    await page.close();
    await first.stop();

    const second = chromium.track(await serveApp(workspace));
    expect(second.token).not.toBe(first.token);
    page = await openApp(chromium.browser(), second);
    await page.click('[data-testid="nav-settings"]');
    expect(await page.inputValue('[data-testid="setting-ui-scale"]')).toBe('1.5');
    const fontSize = await page.evaluate('getComputedStyle(document.documentElement).fontSize');
    expect(fontSize).toBe('24px');
    await second.stop();
  });

  it('gives a browser without a link the page but none of the data: it says which link to open', async () => {
    const app = chromium.track(await serveApp(tmp()));
    const page = await chromium.browser().newPage();
    const res = await page.goto(app.url);
    expect(res?.status()).toBe(200);
    await page.waitForSelector('#root[data-app-state="error"]');
    expect(await page.content()).toContain('this page has no session: open a link that');
    await app.stop();
  });
});
