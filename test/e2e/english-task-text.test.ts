import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Backend } from '../../electron/services/backend.js';
import { buildAndStore } from '../../electron/services/graphs/graph-builder.js';
import { createRun, runToEnd } from '../../electron/services/runs/run-lifecycle.js';
import { importTaskFile } from '../../electron/services/workspace/tasks-service.js';
import { useBrowser } from '../support/browser.js';
import { REPO_ROOT } from '../support/fixtures.js';
import { recordScript, SETTINGS_RUN_DEMOS } from '../support/record-script.js';
import { useTempDirs } from '../support/temp-dir.js';
import { useVirtualPhones } from '../support/virtual-phone.js';
import { openApp, serveApp } from '../support/web-app.js';
import { discardRecording, openScreen, startRecording } from './screens.js';

/** The settings tasks as an older adult in the sample set says them, with the English the set gives. */
const CHINESE: Record<string, string> = {
  'off-display': '显示那个设置',
  'off-sound': '声音在哪儿调啊',
  'on-dark': '太亮了，调暗点',
  'on-display': '打开显示设置',
  'on-sound': '声音那页',
};

/**
 * Settings → "Show task text in: English" shows every task's English translation wherever its words
 * appear — Tasks, Record (the picker and the instruction while recording), Review, Runs — with the
 * original one hover away (the title); back to the original, the original again.
 */
describe('task text in the language Settings ask for', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  const chromium = useBrowser();

  it('shows the English translation on Tasks, Record, Review and Runs, and the original on hover', async () => {
    const phone = await phones({ locale: 'en' });
    const adb = `127.0.0.1:${phone.port}`;
    const ws = tmp();
    const set = JSON.parse(readFileSync(`${REPO_ROOT}test/fixtures/tasks/settings-runs.json`, 'utf8')) as {
      name: string;
      tasks: { id: string; instruction: string; lang: string; translation?: string; mode: string }[];
    };
    for (const t of set.tasks) Object.assign(t, { translation: t.instruction, instruction: CHINESE[t.id], lang: 'zh' });
    const file = join(tmp(), 'settings-runs-zh.json');
    writeFileSync(file, JSON.stringify({ ...set, name: 'settings-zh' }));
    const backend = new Backend({ workspace: ws, userDataDir: tmp(), adbServer: adb });
    await importTaskFile(backend.workspace, { file });
    for (const id of ['off-display', 'on-display']) {
      for (const cmd of backend.workspace.tasks.get(id)!.setup) await backend.devices.device('vphone-1').shell(cmd);
      await recordScript(backend, id, 'vphone-1', SETTINGS_RUN_DEMOS[id]![0]!);
    }
    await buildAndStore(backend.workspace, 'off-display');
    const deps = { store: () => backend.workspace, devices: backend.devices, log: () => {} };
    const { runId } = createRun(deps, { mode: 'both', agents: ['replay'], taskIds: ['off-display', 'on-display'] });
    await runToEnd(deps, runId);
    backend.close();

    const app = chromium.track(await serveApp(ws, { adb }));
    const page = await openApp(chromium.browser(), app);
    await page.setViewportSize({ width: 1366, height: 768 });
    const text = (sel: string) => page.locator(sel).first();

    // The original first (the default).
    await openScreen(page, 'tasks');
    expect(await text('[data-testid="tasks-table"] tr:has(code:text-is("off-display")) [data-testid="task-text"]').textContent()).toBe(
      CHINESE['off-display'],
    );

    await page.click('[data-testid="nav-settings"]');
    await page.selectOption('[data-testid="setting-task-language"]', 'en');

    // Tasks: the translation, the original on hover. The setting is saved, then reaches the page: on a
    // busy machine the Tasks screen can draw before it does, so wait for the change.
    await openScreen(page, 'tasks');
    const row = text('[data-testid="tasks-table"] tr:has(code:text-is("off-display")) [data-testid="task-text"]');
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toBe('the display settings');
    expect(await row.getAttribute('title')).toBe(CHINESE['off-display']);
    expect(await row.getAttribute('lang')).toBe('en');

    // Record: the picker, and the instruction while recording (the original under it).
    await openScreen(page, 'record');
    expect(await text('[data-testid="pick-on-dark"] [data-testid="task-text"]').textContent()).toBe('too bright, make it dark');
    await startRecording(page, 'on-dark');
    expect(await page.textContent('[data-testid="record-instruction"]')).toBe('“too bright, make it dark”');
    expect(await page.textContent('[data-testid="record-instruction-other"]')).toBe(CHINESE['on-dark']);
    await discardRecording(page);

    // Review: the open result's instruction.
    await openScreen(page, 'review');
    await expect
      .poll(() => text('.review-instruction [data-testid="task-text"]').textContent())
      .toMatch(/^(the display settings|open display settings)$/);

    // Runs: the new-run form's task list.
    await page.click('[data-testid="nav-runs"]');
    await page.click('[data-testid="run-new"]');
    expect(await text('.new-run li:has(code:text-is("on-sound")) [data-testid="task-text"]').textContent()).toBe('the sound page');

    // And back: the original everywhere again.
    await page.click('[data-testid="nav-settings"]');
    await page.selectOption('[data-testid="setting-task-language"]', 'zh');
    await openScreen(page, 'tasks');
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toBe(CHINESE['off-display']);
    expect((page as Page & { appErrors?: string[] }).appErrors).toEqual([]);
  }, 300_000);
});
