import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createRun, runToEnd } from '../../electron/services/runs/run-lifecycle.js';
import { settingsWorkspace } from '../support/record-script.js';
import { useTempDirs } from '../support/temp-dir.js';
import { useVirtualPhones } from '../support/virtual-phone.js';
import { useBrowser } from '../support/browser.js';
import { openApp, serveApp } from '../support/web-app.js';
import { openReviewDesk, openReviewSummary } from './screens.js';

const TASKS = ['off-display', 'on-display', 'on-dark'];

async function filter(page: Page, name: string, value: string): Promise<void> {
  await page.selectOption(`[data-testid="filter-${name}"]`, value);
}

/** Focuses the task list (as Tab would) so arrow keys drive the review, then presses `key`. */
async function press(page: Page, key: string): Promise<void> {
  await page.focus('[data-testid="review-tasks"]');
  await page.keyboard.press(key);
}

const table4Count = (page: Page, category: string) =>
  page.locator('[data-testid="table-table4-failures-all"] tbody tr', { hasText: category }).locator('td').nth(1);

describe('the Review screen (web mode, Chromium, virtual phone)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  const chromium = useBrowser();

  it('steps through a failed task with the keyboard, labels it, overrides a judge verdict, and sees Table 4 and agreement update', async () => {
    const { ws, adb, backend } = await settingsWorkspace(tmp, phones);
    // The built-in random agent (seed 1) finishes on its first draw; seed 8 taps about for several steps.
    writeFileSync(
      join(ws, 'agents.json'),
      JSON.stringify({ agents: [{ name: 'random', adapter: 'random', seed: 8, replacesBuiltin: true }] }),
    );
    const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
    const runA = createRun(deps, { mode: 'both', agents: ['replay', 'random'], taskIds: TASKS, maxSteps: 6 }).runId;
    await runToEnd(deps, runA);
    const runB = createRun(deps, { mode: 'both', agents: ['replay'], taskIds: TASKS }).runId;
    await runToEnd(deps, runB);
    const failedOnline = backend.workspace.runs.results(runA).filter((r) => r.agent === 'random' && r.mode === 'online' && !r.success);
    expect(failedOnline.length).toBeGreaterThan(0);
    const resultsA = backend.workspace.runs.results(runA);
    const count = (agent: string, mode: string) => resultsA.filter((r) => r.agent === agent && r.mode === mode).length;
    const keysAB = new Set([...resultsA, ...backend.workspace.runs.results(runB)].map((r) => `${r.taskId}|${r.agent}|${r.mode}`)).size;
    backend.close();

    const app = chromium.track(await serveApp(ws, { adb: adb }));
    const page = await openApp(chromium.browser(), app);
    await page.click('[data-testid="nav-review"]');
    await page.waitForSelector(`[data-testid="review-run"] option[value="${runA}"]`, { state: 'attached' });
    await page.selectOption('[data-testid="review-run"]', runA);
    await page.waitForSelector(`[data-testid="review-tasks"][data-count="${resultsA.length}"]`);
    const agreement = page.locator('[data-testid="judge-agreement"]');
    await expect.poll(() => agreement.textContent()).toMatch(/no result has a human verdict yet/);

    // A failed online task of the random agent: open it with ↓ and step with → / ←.
    await filter(page, 'agent', 'random');
    await filter(page, 'mode', 'online');
    await filter(page, 'success', 'failure');
    await page.waitForSelector(`[data-testid="review-tasks"][data-count="${failedOnline.length}"]`);
    await press(page, 'ArrowDown');
    const title = page.locator('#trajectory-title');
    await expect.poll(() => title.textContent()).toMatch(/random · online/);
    const failedTask = (await title.textContent())!.split(' · ')[0]!;
    expect(await page.locator('[data-testid="judge-verdict"]').textContent()).toBe('fail');
    expect((await page.locator('[data-testid="judge-reason"]').textContent())!.length).toBeGreaterThan(0);
    const counter = page.locator('[data-testid="step-counter"]');
    const total = Number((await counter.textContent())!.match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThan(1);
    await expect.poll(() => counter.textContent()).toBe(`Step 1 of ${total}`);
    await press(page, 'ArrowRight');
    await expect.poll(() => counter.textContent()).toBe(`Step 2 of ${total}`);
    await press(page, 'ArrowRight');
    await press(page, 'ArrowLeft');
    await expect.poll(() => counter.textContent()).toBe(`Step 2 of ${total}`);
    // The agent's screen with its action drawn on it, its raw output, and the human demo beside it.
    await page.waitForSelector('[data-testid="step-shot"] canvas[data-state="ready"]');
    expect((await page.locator('[data-testid="step-action"]').textContent())!.length).toBeGreaterThan(0);
    await page.waitForSelector('[data-testid="human-panel"] [data-testid="human-shot"] canvas[data-state="ready"]');

    // Label it: the judge said fail, the reviewer agrees and names the cause.
    await page.selectOption('[data-testid="label-category"]', 'Planning/State Tracking');
    await page.check('[data-testid="verdict-failure"]');
    await page.fill('[data-testid="label-notes"]', 'wandered between Settings pages');
    await page.click('[data-testid="label-save"]');
    await expect.poll(() => agreement.textContent(), { timeout: 30_000 }).toMatch(/100\.00% over 1 reviewed/);
    await openReviewSummary(page);
    await expect.poll(() => table4Count(page, 'Planning/State Tracking').textContent()).toBe('1');
    await openReviewDesk(page);
    expect(await page.locator(`[data-testid="review-task"][data-key="${failedTask}|random|online"]`).textContent()).toContain(
      'Planning/State Tracking',
    );

    // Override the judge: a replay "success" the reviewer calls a failure.
    await page.click('button:text("Clear filters")');
    await filter(page, 'agent', 'replay');
    await filter(page, 'mode', 'online');
    await page.waitForSelector(`[data-testid="review-tasks"][data-count="${count('replay', 'online')}"]`);
    await press(page, 'ArrowDown');
    await expect.poll(() => title.textContent()).toMatch(/replay · online/);
    expect(await page.locator('[data-testid="judge-verdict"]').textContent()).toBe('pass');
    await page.selectOption('[data-testid="label-category"]', 'Environment Awareness');
    await page.check('[data-testid="verdict-failure"]');
    await page.click('[data-testid="label-save"]');
    await expect.poll(() => agreement.textContent(), { timeout: 30_000 }).toMatch(/50\.00% over 2 reviewed/);
    await openReviewSummary(page);
    await expect.poll(() => table4Count(page, 'Environment Awareness').textContent()).toBe('1');
    await expect.poll(() => table4Count(page, 'Total').textContent()).toBe('2');
    await openReviewDesk(page);
    // The overridden result now counts as a failure in the list.
    await filter(page, 'success', 'failure');
    await page.waitForSelector('[data-testid="review-tasks"][data-count="1"]');

    // Offline: each step shows the graph edge it matched or how far off it was.
    await page.click('button:text("Clear filters")');
    await filter(page, 'mode', 'offline');
    await filter(page, 'agent', 'replay');
    await page.waitForSelector(`[data-testid="review-tasks"][data-count="${count('replay', 'offline')}"]`);
    await press(page, 'ArrowDown');
    await expect.poll(() => title.textContent()).toMatch(/off-display · replay · offline/);
    await expect.poll(() => page.locator('[data-testid="step-match"]').textContent()).toMatch(/Matched edge/);

    // A custom failure category for the random agent's offline failure joins Table 4 after the paper's four.
    await filter(page, 'agent', 'random');
    await page.waitForSelector(`[data-testid="review-tasks"][data-count="${count('random', 'offline')}"]`);
    await press(page, 'ArrowDown');
    await expect.poll(() => title.textContent()).toMatch(/off-display · random · offline/);
    await page.selectOption('[data-testid="label-category"]', '__other__');
    await page.fill('[data-testid="label-custom"]', 'Menus hidden');
    await page.click('[data-testid="label-save"]');
    await expect
      .poll(() => page.locator('[data-testid="notice"]').textContent(), { timeout: 30_000 })
      .toMatch(/Label saved for off-display · random/);
    await openReviewSummary(page);
    await expect.poll(() => table4Count(page, 'Menus hidden').textContent()).toBe('1');
    await expect.poll(() => table4Count(page, 'Total').textContent()).toBe('3');

    // Compare with the replay-only run, task by task.
    await page.click('.review-compare summary');
    await page.selectOption('[data-testid="compare-run"]', runB);
    await page.waitForSelector('[data-testid="compare-table"] tbody tr');
    expect(await page.locator('[data-testid="compare-table"] tbody tr').count()).toBe(keysAB);

    // Labels survive a reload.
    await page.reload();
    await page.waitForSelector('#root[data-app-state="ready"]');
    await page.selectOption('[data-testid="review-run"]', runA);
    await expect.poll(() => agreement.textContent(), { timeout: 30_000 }).toMatch(/50\.00% over 2 reviewed/);
    expect((page as Page & { appErrors?: string[] }).appErrors).toEqual([]);
  });
});
