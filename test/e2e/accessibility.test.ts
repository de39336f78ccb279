import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '../../renderer/src/app/sections.js';
import { createRun, runToEnd } from '../../electron/services/runs/run-lifecycle.js';
import type { AxeFinding } from '../support/axe.js';
import { axeViolations, describeFindings } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import type { Overlap } from '../support/overlap.js';
import { overlappingControls } from '../support/overlap.js';
import { settingsWorkspace } from '../support/record-script.js';
import { useTempDirs } from '../support/temp-dir.js';
import { useVirtualPhones } from '../support/virtual-phone.js';
import { openApp, serveApp } from '../support/web-app.js';
import {
  discardRecording,
  eachScreenful,
  focusWithoutOutline,
  openReviewDesk,
  openReviewSummary,
  openScreen,
  setScale,
  startRecording,
} from './screens.js';

/** The innermost elements reaching past the main area's right edge (for the failure message). */
const widest = async (page: Page): Promise<string> =>
  (await page.evaluate(`(() => {
    const right = document.querySelector('main').getBoundingClientRect().right;
    const over = [...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > right + 1);
    return over.filter((e) => !over.some((o) => o !== e && e.contains(o))).slice(0, 4)
      .map((e) => e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : '') + ' "' + (e.textContent || '').trim().slice(0, 30) + '"').join(', ');
  })()`)) as string;

describe('accessibility of every screen (axe-core in Chromium, 1366×768)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  const chromium = useBrowser();

  it('has no serious or critical axe violation, no overlapping or cut-off controls, and a visible focus, at UI scale 100% and 200%', async () => {
    const { ws, adb, backend } = await settingsWorkspace(tmp, phones);
    const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
    const { runId } = createRun(deps, { mode: 'both', agents: ['replay'], taskIds: ['off-display', 'on-display', 'on-sound'] });
    await runToEnd(deps, runId);
    backend.close();

    const app = chromium.track(await serveApp(ws, { adb: adb }));
    const page = await openApp(chromium.browser(), app);
    await page.setViewportSize({ width: 1366, height: 768 });

    const findings: Record<string, AxeFinding[]> = {};
    const overlaps: Record<string, Overlap[]> = {};
    const cutOff: string[] = [];
    const unseenFocus: string[] = [];
    const check = async (where: string, scale: number): Promise<void> => {
      const key = `${where} @${scale * 100}%`;
      findings[key] = await axeViolations(page);
      // Nothing runs off the right edge (a cut-off control is as bad as an overlapped one).
      const overflowX = (await page.evaluate(
        'document.querySelector("main").scrollWidth - document.querySelector("main").clientWidth',
      )) as number;
      if (overflowX > 1) cutOff.push(`${key}: ${overflowX}px wider than the window, at ${await widest(page)}`);
      if (scale === 1) unseenFocus.push(...(await focusWithoutOutline(page)).map((e) => `${key}: ${e}`));
      if (scale === 2) {
        const seen: Overlap[] = [];
        await eachScreenful(page, async () => void seen.push(...(await overlappingControls(page))));
        overlaps[key] = seen;
      }
    };
    for (const scale of [1, 2]) {
      await setScale(page, scale);
      for (const s of SECTIONS) {
        await openScreen(page, s.id);
        await check(s.id, scale);
      }
      // Review's other view (Table 4, the exit chart, the comparison), and the Devices screen's connections opened.
      await openScreen(page, 'review');
      await openReviewSummary(page);
      await check('review (summary)', scale);
      await openReviewDesk(page);
      await openScreen(page, 'devices');
      await page.click('[data-testid="connections"] summary');
      await page.waitForSelector('[data-testid="conn-stf"]');
      await check('devices (connections)', scale);
      await page.click('[data-testid="connections"] summary');
      // The Record screen while recording is a different layout: check it too.
      await startRecording(page, 'on-dark');
      await check('record (recording)', scale);
      await discardRecording(page);
    }

    const failing = Object.entries(findings).filter(([, f]) => f.length > 0);
    expect(failing.map(([where, f]) => `${where}:\n${describeFindings(f)}`).join('\n\n')).toBe('');
    const overlapping = Object.entries(overlaps).filter(([, o]) => o.length > 0);
    expect(overlapping.map(([where, o]) => `${where}: ${o.map((x) => `${x.a} × ${x.b}`).join('; ')}`).join('\n')).toBe('');
    expect(cutOff).toEqual([]);
    expect(unseenFocus).toEqual([]);
    expect(Object.keys(findings)).toHaveLength(2 * (SECTIONS.length + 3));
    expect((page as unknown as { appErrors: string[] }).appErrors).toEqual([]);
  }, 300_000);

  it('would notice: the checks find a contrast failure, a missing label and controls drawn over each other', async () => {
    const page = await chromium.browser().newPage({ viewport: { width: 800, height: 600 } });
    await page.setContent(`<main><h1>Broken</h1>
      <p style="color:#bbb;background:#fff">faint text</p>
      <input id="nameless">
      <button style="position:absolute;left:10px;top:300px;width:120px">One</button>
      <button style="position:absolute;left:60px;top:305px;width:120px">Two</button>
      <div style="height:60px;overflow:auto" tabindex="0"><button>Inside</button><div style="height:200px"></div><button id="hidden-below">Scrolled away</button></div></main>`);
    const ids = (await axeViolations(page)).map((f) => f.id).sort();
    expect(ids).toEqual(expect.arrayContaining(['color-contrast', 'label']));
    const overlaps = await overlappingControls(page);
    expect(overlaps.map((o) => `${o.a} × ${o.b}`)).toEqual(['button "One" × button "Two"']);
    await page.close();
  });
});
