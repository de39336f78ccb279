import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Opens each screen of the app in a state that shows its content (a device mirrored, a
 * graph open, a run's charts, a trajectory, an analysis), so checks see what users see.
 * Needs a workspace with tasks, demonstrations, graphs and a run, and a phone attached.
 */
export async function openScreen(page: Page, id: string): Promise<void> {
  await page.click(`[data-testid="nav-${id}"]`);
  await page.waitForSelector(`main[data-section="${id}"] h1`);
  const prepare: Record<string, () => Promise<void>> = {
    overview: async () => {
      await page.waitForSelector('[data-testid="ov-runs"]');
    },
    devices: async () => {
      await page.waitForSelector('[data-testid="mirror"] img');
    },
    record: async () => {
      await page.waitForSelector('[data-testid="task-picker"] tbody tr');
    },
    tasks: async () => {
      await page.waitForSelector('[data-testid="tasks-table"]');
    },
    graphs: async () => {
      await page.locator('[data-testid="graphs-table"] button').first().click();
      await page.waitForSelector('[data-testid="graph-canvas"]');
    },
    runs: async () => {
      await page.waitForSelector('[data-testid="runs-table"] tbody tr');
      await page.locator('[data-testid="runs-table"] tbody button').first().click();
      await page.waitForSelector('[data-testid="run-charts"] img');
    },
    review: async () => {
      await page.waitForSelector('[data-testid="review-task"]');
      await page.locator('[data-testid="review-task"]').first().click();
      await page.waitForSelector('[data-testid="step-shot"] canvas[data-state="ready"]');
    },
    analysis: async () => {
      await page.click('[data-testid="analysis-compute"]');
      await page.waitForSelector('[data-testid="analysis-result"] table');
    },
    settings: async () => {
      await page.waitForSelector('[data-testid="setting-ui-scale"]');
    },
  };
  await prepare[id]?.();
  await expect.poll(() => page.evaluate('[...document.images].every((i) => i.complete)')).toBe(true);
}

/** The Review screen's other view: Table 4, how tasks ended (a chart) and the comparison with another run. */
export async function openReviewSummary(page: Page): Promise<void> {
  await page.click('[data-testid="review-view-summary"]');
  await page.waitForSelector('[data-testid="review-exit-chart"] img');
  await expect.poll(() => page.evaluate('[...document.images].every((i) => i.complete)')).toBe(true);
}

/** Back to the Review screen's results and steps. */
export async function openReviewDesk(page: Page): Promise<void> {
  await page.click('[data-testid="review-view-desk"]');
  await page.waitForSelector('[data-testid="review-tasks"]');
}

/** Starts recording the first task in the Record screen's picker (keyboard: S). */
export async function startRecording(page: Page, taskId: string): Promise<void> {
  await page.click('[data-testid="nav-record"]');
  await page.check(`[data-testid="pick-check-${taskId}"]`);
  await page.waitForSelector('[data-testid="record-start"]:enabled');
  await page.keyboard.press('s');
  await page.waitForSelector('[data-testid="record-layout"] [data-testid="mirror"] img');
}

/** Discards the open demonstration with the keyboard (D, then Y). */
export async function discardRecording(page: Page): Promise<void> {
  await page.keyboard.press('d');
  await page.waitForSelector('[data-testid="discard-confirm"]');
  await page.keyboard.press('y');
  await page.waitForSelector('[data-testid="record-last"]:text("discarded")');
}

/** Sets the UI scale in Settings and waits for the root font size to follow. */
export async function setScale(page: Page, scale: number): Promise<void> {
  await page.click('[data-testid="nav-settings"]');
  await page.selectOption('[data-testid="setting-ui-scale"]', String(scale));
  await expect.poll(() => page.evaluate('getComputedStyle(document.documentElement).fontSize')).toBe(`${16 * scale}px`);
}

/** The main area's scroll positions, one screenful apart, for checks that must see the whole page. */
export async function eachScreenful(page: Page, check: () => Promise<void>): Promise<void> {
  const { height, client } = (await page.evaluate(
    '({ height: document.querySelector("main").scrollHeight, client: document.querySelector("main").clientHeight })',
  )) as { height: number; client: number };
  for (let y = 0; ; y += Math.max(100, client - 40)) {
    await page.evaluate(`document.querySelector("main").scrollTop = ${y}`);
    await check();
    if (y + client >= height) break;
  }
  await page.evaluate('document.querySelector("main").scrollTop = 0');
}

/**
 * Tabs through the first `stops` focus stops of the page (from the top of the main area) and
 * returns those whose focus is not visible: no outline of at least 2 px.
 */
export async function focusWithoutOutline(page: Page, stops = 15): Promise<string[]> {
  await page.evaluate('document.querySelector("main").focus()');
  const bad: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const f = (await page.evaluate(`(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      const s = getComputedStyle(e);
      const shown = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;
      return { shown, what: e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' "' + (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 30) + '"' };
    })()`)) as { shown: boolean; what: string } | null;
    if (f && !f.shown) bad.push(f.what);
  }
  await page.keyboard.press('Escape');
  return [...new Set(bad)];
}
