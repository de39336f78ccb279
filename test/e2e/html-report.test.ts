import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeFindings } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { runCli } from '../support/cli.js';
import { cliToEnd } from '../support/cli-process.js';
import { copyOfSharedDemo } from '../support/shared-demo.js';
import { startSamplePhones } from '../../electron/cli/sample-phone.js';
import { useTempDirs } from '../support/temp-dir.js';

/**
 * The replay (oracle) and heuristic (baseline) agents on `tasks`, offline and online, in a copy of the shared demo
 * workspace (every sample task recorded, built and probed; built once per test run), the online tasks on virtual
 * phones set up as the demo's own. Resolves with the workspace and the run.
 */
async function demoRun(into: string, tasks: string): Promise<{ ws: string; runId: string }> {
  const { workspace } = await copyOfSharedDemo(into);
  const phones = await startSamplePhones(1);
  try {
    const r = await cliToEnd([
      '--workspace',
      workspace,
      '--adb',
      `127.0.0.1:${phones.port}`,
      '--json',
      'run',
      '--agent',
      'replay,heuristic',
      '--tasks',
      tasks,
    ]);
    expect(r.code, r.stderr).toBe(0);
    return { ws: workspace, runId: (JSON.parse(r.stdout) as { runId: string }).runId };
  } finally {
    await phones.close();
  }
}

/** A slice of the sample set with online and offline tasks, so the demo stays quick. */
const TASKS = 'settings-volume-up,wallet-balance,chat-choir-time';

describe('the static HTML run report (elderbench report --format html, opened from file:// in Chromium)', () => {
  const tmp = useTempDirs();
  const chromium = useBrowser();

  it('opens with no network request, shows every task of the demo run with screenshots, marks and the human demonstration, and replaces only a report', async () => {
    const { ws, runId } = await demoRun(tmp(), TASKS);
    const out = join(tmp(), 'shared-drive', 'report');
    const r = runCli(['--workspace', ws, '--json', 'report', runId, '--format', 'html', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const written = JSON.parse(r.stdout) as { tasks: number; results: number; images: number; bytes: number };
    expect(written.tasks).toBe(3);
    expect(written.results).toBe(6); // two agents
    expect(readdirSync(out).sort()).toEqual(['.elderbench-report', 'charts', 'img', 'index.html', 'thumb']);

    const page = await chromium.browser().newPage({ viewport: { width: 1366, height: 768 } });
    const requests: string[] = [];
    const failed: string[] = [];
    page.on('request', (q) => requests.push(q.url()));
    page.on('requestfailed', (q) => failed.push(`${q.url()} ${q.failure()?.errorText}`));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const base = pathToFileURL(out).href;
    await page.goto(`${base}/index.html`);

    // Every task, each result with its verdict, and the human demonstration beside it.
    const sections = page.locator('section.task');
    expect(await sections.count()).toBe(3);
    expect((await sections.evaluateAll((s) => s.map((e) => e.getAttribute('data-task')))).sort()).toEqual(TASKS.split(',').sort());
    expect(await page.locator('article.result').count()).toBe(6);
    expect(await page.locator('aside.human ol.steps li').count()).toBeGreaterThan(3);
    expect(await page.locator('table#table2-results tbody tr').count()).toBe(2);
    expect(await page.locator('.charts img').count()).toBe(4);
    // Taps and swipes are drawn on the screenshots.
    expect(await page.locator('a.shot svg.mark').count()).toBeGreaterThan(3);

    // Load every picture (thumbnails are lazy): all of them are files of the report that decode.
    await page.evaluate('document.querySelectorAll("img[loading=lazy]").forEach((i) => { i.loading = "eager"; })');
    await expect
      .poll(() => page.evaluate('[...document.images].filter((i) => i.getAttribute("src")).every((i) => i.complete)'), { timeout: 30_000 })
      .toBe(true);
    const broken = await page.evaluate(
      '[...document.images].filter((i) => i.getAttribute("src") && i.naturalWidth === 0).map((i) => i.src)',
    );
    expect(broken).toEqual([]);

    // A thumbnail opens its full image in the page, with the mark; → steps on, Esc closes.
    const shot = page.locator('article.result a.shot').first();
    const full = await shot.getAttribute('href');
    await shot.click();
    await page.waitForSelector('dialog#lightbox[open]');
    await expect.poll(() => page.evaluate('document.querySelector("#lightbox img").naturalWidth')).toBe(1080);
    expect(await page.getAttribute('#lightbox img', 'src')).toBe(full);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate('document.querySelector("#lightbox").open')).toBe(false);

    // "Show only failures" hides what passed.
    await page.check('#only-failures');
    const shown = await page.locator('article.result:visible').evaluateAll((a) => a.map((e) => e.classList.contains('fail')));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every(Boolean)).toBe(true);

    // Nothing but the report's own files was requested, and nothing failed.
    expect(requests.filter((u) => !u.startsWith(`${base}/`))).toEqual([]);
    expect(requests.length).toBeGreaterThan(written.images);
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    expect(describeFindings(await axeViolations(page))).toBe('');
    await page.close();

    // Written again, it replaces the older report in place; a folder holding anything else is refused.
    expect(runCli(['--workspace', ws, 'report', runId, '--format', 'html', '--out', out]).code).toBe(0);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    expect(readdirSync(join(out, '..')).filter((f) => f.includes('.partial-'))).toEqual([]);

    const other = join(tmp(), 'thesis');
    mkdirSync(other);
    writeFileSync(join(other, 'chapter1.tex'), 'mine');
    const refused = runCli(['--workspace', ws, 'report', runId, '--format', 'html', '--out', other]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not empty and does not hold an ElderBench report/);
    expect(readdirSync(other)).toEqual(['chapter1.tex']);

    const noOut = runCli(['--workspace', ws, 'report', runId, '--format', 'html']);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/--out DIR/);
  }, 3_000_000);
});
