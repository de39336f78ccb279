import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '../../renderer/src/app/sections.js';
import { createRun, runToEnd } from '../../electron/services/runs/run-lifecycle.js';
import { useBrowser } from '../support/browser.js';
import { settingsWorkspace } from '../support/record-script.js';
import { useTempDirs } from '../support/temp-dir.js';
import { headersBrokenInsideWords, LAPTOPS, pageScroll, smallestChartText, wholeInView } from '../support/viewport.js';
import { useVirtualPhones } from '../support/virtual-phone.js';
import { openApp, serveApp } from '../support/web-app.js';
import { discardRecording, openScreen, startRecording } from './screens.js';

/**
 * The window on the laptops it is made for, at the default text size: Record, Devices, Review (a
 * result open) and Runs (a run open) fit without the page scrolling; Review keeps the agent's screen,
 * the human's matching step and the label form in view, also after → ; no screen is wider than the
 * window; the navigation keeps its width; Table 2's headers wrap between words; chart text is ≥ 11 px.
 */
describe('every screen on a laptop (1366×768 and 1280×720, default text size)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  const chromium = useBrowser();

  it('fits Record, Devices, Review and Runs without a page scroll, and shows what is being judged', async () => {
    const { ws, adb, backend } = await settingsWorkspace(tmp, phones);
    const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
    const { runId } = createRun(deps, {
      mode: 'both',
      agents: ['replay'],
      taskIds: ['off-display', 'off-sound', 'on-display', 'on-sound'],
    });
    await runToEnd(deps, runId);
    backend.close();

    const app = chromium.track(await serveApp(ws, { adb }));
    // The charts as the backend draws them (the page shows them as images).
    const origin = new URL(app.url).origin;
    const reply = await fetch(`${origin}/api/runs.charts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${app.token}`, 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({ input: { runId } }),
    });
    const svgs = ((await reply.json()) as { result: { svg: string }[] }).result.map((c) => c.svg);
    expect(svgs.length).toBeGreaterThan(0);
    const page = await openApp(chromium.browser(), app);
    expect(await page.evaluate('getComputedStyle(document.documentElement).fontSize')).toBe('16px'); // the default text size

    const problems: string[] = [];
    const noScroll = async (where: string): Promise<void> => {
      const s = await pageScroll(page);
      if (s.main > 1 || s.document > 1) problems.push(`${where}: the page scrolls ${s.main} px (document ${s.document} px)`);
    };
    const inView = async (where: string, selector: string): Promise<void> => {
      const v = await wholeInView(page, page.locator(selector).first());
      if (!v.inside) problems.push(`${where}: ${selector} not wholly in view (${v.box})`);
    };

    for (const size of LAPTOPS) {
      const at = `${size.width}×${size.height}`;
      await page.setViewportSize(size);
      const navWidths = new Set<number>();
      for (const s of SECTIONS) {
        await openScreen(page, s.id);
        const wide = (await pageScroll(page)).wide;
        if (wide > 1) problems.push(`${s.id} @${at}: ${wide} px wider than the window`);
        navWidths.add(Math.round((await page.locator('nav.sidenav').boundingBox())!.width));
        if (s.id === 'devices') {
          await noScroll(`devices @${at}`);
          await inView(`devices @${at}`, '[data-testid="mirror"] img');
        }
        if (s.id === 'record') await noScroll(`record (choosing) @${at}`);
        if (s.id === 'runs') {
          await noScroll(`runs @${at}`);
          await inView(`runs @${at}`, '#run-title');
          const small = (await smallestChartText(page, '[data-testid="run-charts"] img', svgs)).filter((c) => c.px < 11);
          for (const c of small) problems.push(`runs @${at}: chart "${c.chart}" has text of ${c.px.toFixed(1)} px`);
          const broken = await headersBrokenInsideWords(page, '[data-testid="table-table2-results"]');
          if (broken.length) problems.push(`runs @${at}: Table 2 headers broken inside ${broken.join(', ')}`);
        }
        if (s.id === 'review') await reviewDesk(page, at, noScroll, inView);
      }
      if (navWidths.size !== 1) problems.push(`@${at}: the navigation changes width between screens: ${[...navWidths].join(', ')} px`);

      await startRecording(page, 'on-dark');
      await noScroll(`record (recording) @${at}`);
      await inView(`record (recording) @${at}`, '[data-testid="record-layout"] [data-testid="mirror"] img');
      await inView(`record (recording) @${at}`, '[data-testid="record-finish"]');
      await discardRecording(page);
    }
    expect(problems).toEqual([]);
    expect((page as Page & { appErrors?: string[] }).appErrors).toEqual([]);
  }, 300_000);
});

/** Review with a result open: the agent's screen, the human's step, the label form — all in view, and still after →. */
async function reviewDesk(
  page: Page,
  at: string,
  noScroll: (where: string) => Promise<void>,
  inView: (where: string, selector: string) => Promise<void>,
): Promise<void> {
  await page.waitForSelector('[data-testid="human-shot"] canvas[data-state="ready"]');
  await noScroll(`review @${at}`);
  for (const sel of [
    '[data-testid="step-shot"]',
    '[data-testid="human-shot"]',
    '[data-testid="label-form"]',
    '[data-testid="review-tasks"]',
  ])
    await inView(`review @${at}`, sel);
  const counter = page.locator('[data-testid="step-counter"]');
  const before = await counter.textContent();
  await page.focus('[data-testid="review-tasks"]');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => counter.textContent()).not.toBe(before);
  await page.waitForSelector('[data-testid="step-shot"] canvas[data-state="ready"]');
  await inView(`review after → @${at}`, '[data-testid="step-shot"]');
  await noScroll(`review after → @${at}`);
}
