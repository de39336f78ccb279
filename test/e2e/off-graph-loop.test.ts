import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RescoreSummary } from '../../shared/domain/off-graph.js';
import { Backend } from '../../electron/services/backend.js';
import { axeViolations, describeFindings } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import type { OffGraphRunFixture } from '../support/off-graph-run.js';
import { offGraphRun } from '../support/off-graph-run.js';
import type { Overlap } from '../support/overlap.js';
import { overlappingControls } from '../support/overlap.js';
import { openApp, serveApp } from '../support/web-app.js';
import { eachScreenful, focusWithoutOutline, setScale } from './screens.js';

/** Whether an element lies wholly inside the window. */
async function inView(page: Page, l: Locator): Promise<boolean> {
  const box = await l.boundingBox();
  const vp = page.viewportSize()!;
  return !!box && box.y >= 0 && box.x >= 0 && box.y + box.height <= vp.height + 1 && box.x + box.width <= vp.width + 1;
}

describe('graphs that grow where agents go (web mode, Chromium, virtual phone, a scripted vlm model)', () => {
  const chromium = useBrowser();
  let f: OffGraphRunFixture;

  beforeAll(async () => {
    // detour goes Settings → Accessibility → "Display size and text": a right route no demonstration took.
    f = await offGraphRun({ agents: ['detour'], tasks: ['off-display'] });
  }, 300_000);
  afterAll(async () => {
    await f?.close();
  });

  it('an off-graph action → a branch recorded from where it led → a new graph version → run rescore flips the result, and the manifest says so', async () => {
    const app = chromium.track(await serveApp(f.ws, { adb: f.adb, userData: f.userData }));
    const page = await openApp(chromium.browser(), app);
    await page.setViewportSize({ width: 1366, height: 768 });

    await page.click('[data-testid="nav-graphs"]');
    await page.click('[data-testid="graphs-view-offgraph"]');
    const group = page.locator('[data-testid="offgraph-group"]', { hasText: 'Accessibility' });
    await group.waitFor();
    expect(await page.textContent('[data-testid="offgraph-totals"]')).toMatch(/1 off-graph action, 0 settled/);

    // From the keyboard: the group opens with Enter, the test phone is confirmed with Space, Replay with Enter.
    await group.focus();
    await page.keyboard.press('Enter');
    const shot = page.locator('[data-testid="offgraph-shot"] canvas[data-state="ready"]');
    await shot.waitFor();
    expect(await inView(page, shot)).toBe(true);
    await page.waitForSelector('[data-testid="offgraph-device"] option[value="vphone-1"]', { state: 'attached' });
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/graphs-offgraph.png` });
    // Accessible as it stands, focus visible from the keyboard, and at 200% nothing drawn over anything else or cut off.
    expect(describeFindings(await axeViolations(page))).toBe('');
    expect(await focusWithoutOutline(page, 12)).toEqual([]);
    await setScale(page, 2);
    await page.click('[data-testid="nav-graphs"]');
    await page.waitForSelector('[data-testid="offgraph-shot"] canvas[data-state="ready"]');
    const overlaps: Overlap[] = [];
    await eachScreenful(page, async () => void overlaps.push(...(await overlappingControls(page))));
    expect(overlaps.map((o) => `${o.a} × ${o.b}`)).toEqual([]);
    expect(
      await page.evaluate('document.querySelector("main").scrollWidth - document.querySelector("main").clientWidth'),
    ).toBeLessThanOrEqual(1);
    expect(describeFindings(await axeViolations(page))).toBe('');
    await setScale(page, 1.25);
    await page.click('[data-testid="nav-graphs"]');
    await shot.waitFor();
    expect(await page.isDisabled('[data-testid="offgraph-replay"]')).toBe(true);
    await page.focus('[data-testid="offgraph-confirm"]');
    await page.keyboard.press('Space');
    await page.focus('[data-testid="offgraph-replay"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="offgraph-replayed"]', { timeout: 120_000 });
    expect(await page.textContent('[data-testid="offgraph-replayed"]')).toMatch(/Replayed 1 demonstration step.*showed the page of/);
    const phone = page.locator('[data-testid="offgraph-detail"] [data-testid="mirror"] img');
    await phone.waitFor();
    expect(await inView(page, phone)).toBe(true);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/graphs-offgraph-replayed.png` });

    // Continue on the Record screen: the branch is open there with the replayed steps.
    await page.click('[data-testid="offgraph-continue"]');
    await page.waitForSelector('[data-testid="record-layout"] [data-testid="mirror"] img');
    await expect.poll(() => page.locator('[data-testid="step"]').count(), { timeout: 30_000 }).toBe(2);
    const mirror = page.locator('[data-testid="record-layout"] [data-testid="mirror"] img');
    const box = (await mirror.boundingBox())!;
    const at = (f.taps.displaySize as { at: { x: number; y: number } }).at;
    await page.mouse.click(box.x + (box.width * at.x) / 1000, box.y + (box.height * at.y) / 1000);
    await page.waitForSelector('[data-testid="step"] >> nth=2');
    await page.click('[data-testid="record-finish"]');
    await page.waitForSelector('[data-testid="record-last"]:text("finished, 4 steps")');

    // Back on the Graphs screen the action is settled: a branch in the graph's new version.
    await page.click('[data-testid="nav-graphs"]');
    await page.waitForSelector('[data-testid="offgraph-group"]:has-text("branch in v2")', { timeout: 120_000 });
    expect(await page.textContent('[data-testid="offgraph-totals"]')).toMatch(/1 off-graph action, 1 settled/);

    // The run re-scored on the newest graph: the result flips, and the manifest and report say so.
    const r = await f.cli(['--json', 'run', 'rescore', f.runId]);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as RescoreSummary;
    expect(s.rescored).toEqual([
      expect.objectContaining({
        taskId: 'off-display',
        agent: 'detour',
        fromVersion: 1,
        toVersion: 2,
        after: { success: true, exit: 'finished' },
      }),
    ]);
    expect(s.flipped).toBe(1);
    const check = new Backend({ workspace: f.ws, userDataDir: f.userData });
    try {
      const run = check.workspace.runs.get(f.runId)!;
      expect(run.manifest.graphVersions['off-display']).toBe(2);
      expect(run.manifest.rescores).toEqual([
        expect.objectContaining({
          taskId: 'off-display',
          fromVersions: [1],
          toVersion: 2,
          results: [
            expect.objectContaining({
              agent: 'detour',
              before: { success: false, exit: 'off_graph' },
              after: { success: true, exit: 'finished' },
            }),
          ],
        }),
      ]);
      const result = check.workspace.runs.results(f.runId)[0]!;
      expect(result).toMatchObject({
        success: true,
        details: { graphVersion: 2, previousVerdicts: [expect.objectContaining({ graphVersion: 1, exit: 'off_graph' })] },
      });
    } finally {
      check.close();
    }
    // The window shows the re-scored run: no action of it leaves the graph now.
    await page.click('[data-testid="offgraph-rescore"]');
    await page.waitForSelector('[data-testid="offgraph-rescored"]:has-text("0 re-scored")');
    await page.waitForSelector('[data-testid="offgraph-totals"]:has-text("0 off-graph actions")');
    expect((page as unknown as { appErrors: string[] }).appErrors).toEqual([]);
  }, 400_000);

  it('routes exploration finds are accepted in bulk from the Graphs screen: the phone checks each, the graph grows by one version', async () => {
    const app = chromium.track(await serveApp(f.ws, { adb: f.adb, userData: f.userData }));
    const page = await openApp(chromium.browser(), app);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.click('[data-testid="nav-graphs"]');
    await page.click('[data-testid="graphs-view-graphs"]');
    await page.click('[data-testid="graphs-table"] button:text("off-display")');
    const before = Number(await page.inputValue('select[aria-label="Graph version"]'));
    await page.click('[data-testid="routes-propose"]');
    const list = page.locator('[data-testid="routes-list"] li');
    await list.first().waitFor({ timeout: 180_000 });
    const n = await list.count();
    expect(n).toBeGreaterThan(0);
    expect(describeFindings(await axeViolations(page))).toBe('');
    // Two routes chosen (the others unticked from the keyboard), accepted on the confirmed test phone.
    const keep = Math.min(2, n);
    for (let i = keep; i < n; i++) {
      await list.nth(i).locator('input[type="checkbox"]').focus();
      await page.keyboard.press('Space');
    }
    const panel = page.locator('[data-testid="routes-panel"]');
    await panel.locator('.routes-accept input[type="checkbox"]').check();
    await panel.locator(`button:text("Accept ${keep} route")`).click();
    await page.waitForSelector(`[data-testid="notice"]:has-text("Recorded")`, { timeout: 240_000 });
    expect(await page.textContent('[data-testid="notice"]')).toMatch(new RegExp(`Recorded [1-9]\\d* of ${keep} route`));
    await expect.poll(() => page.inputValue('select[aria-label="Graph version"]')).toBe(String(before + 1));
  }, 400_000);
});
