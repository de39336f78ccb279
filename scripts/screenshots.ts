// `npm run screenshots [-- --workspace DIR] [--out DIR] [--only a,b] [--scale 2]`: regenerates the
// screenshots in docs/screenshots/ at 1366×768 (an ordinary laptop), from a demo workspace on virtual
// phones. Without --workspace it builds one first with `elderbench demo` on a slice of the sample set.
// --scale sets the UI scale first (names get a suffix, e.g. record@200.png).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { Backend } from '../electron/services/backend.js';
import { startWebServer } from '../electron/server/web-server.js';
import { startVirtualPhoneServer } from '../electron/virtual-phone/index.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const CLI = join(ROOT, 'bin', 'elderbench.js');
/** Online and offline tasks with demonstrations, a few apps: enough for every screen to show something. */
const DEMO_TASKS = 'settings-*,clock-*,wallet-*,chat-*,shop-milk-two';
const VIEWPORT = { width: 1366, height: 768 };

const { values: args } = parseArgs({
  options: { workspace: { type: 'string' }, out: { type: 'string' }, only: { type: 'string' }, scale: { type: 'string' } },
});
const out = args.out ?? join(ROOT, 'docs', 'screenshots');
const only = args.only ? new Set(args.only.split(',')) : null;
const scale = args.scale ? Number(args.scale) : null;
const suffix = scale ? `@${Math.round(scale * 100)}` : '';

function cli(cliArgs: string[]): string {
  const r = spawnSync(process.execPath, [CLI, ...cliArgs], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error(`elderbench ${cliArgs.join(' ')} failed (${r.status})`);
  return r.stdout;
}

function prepareWorkspace(): string {
  if (args.workspace && existsSync(join(args.workspace, 'elderbench.db'))) return args.workspace;
  const ws = args.workspace ?? mkdtempSync(join(tmpdir(), 'eb-shots-'));
  console.error(`building a demo workspace in ${ws} (a few minutes)…`);
  cli(['--workspace', ws, '--json', 'demo', '--phones', '1', '--tasks', DEMO_TASKS]);
  return ws;
}

async function shot(page: Page, name: string, prepare: () => Promise<void>): Promise<void> {
  if (only && !only.has(name)) return;
  await prepare();
  // Let images decode and fonts settle before the picture.
  for (let i = 0; i < 200 && !(await page.evaluate('[...document.images].every((i) => i.complete)')); i++) await page.waitForTimeout(50);
  await page.screenshot({ path: join(out, `${name}${suffix}.png`) });
  console.error(`  ${name}${suffix}.png`);
}

async function go(page: Page, section: string): Promise<void> {
  await page.click(`[data-testid="nav-${section}"]`);
  await page.waitForSelector(`main[data-section="${section}"]`);
}

async function main(): Promise<void> {
  const ws = prepareWorkspace();
  mkdirSync(out, { recursive: true });
  const phones = await startVirtualPhoneServer({ port: 0, count: 1, locale: 'zh', seed: 11, frozenClockMs: Date.UTC(2026, 10, 30, 1, 30) });
  const backend = new Backend({
    workspace: ws,
    userDataDir: mkdtempSync(join(tmpdir(), 'eb-user-')),
    adbServer: `127.0.0.1:${phones.port}`,
  });
  const server = await startWebServer({ backend, staticDir: join(ROOT, 'dist', 'renderer') });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    await page.goto(server.openUrl);
    await page.waitForSelector('#root[data-app-state="ready"]');
    const runId = backend.workspace.runs.list()[0]?.id;
    await go(page, 'settings');
    await page.selectOption('[data-testid="setting-ui-scale"]', String(scale ?? 1));
    await go(page, 'overview');

    await shot(page, 'overview', async () => {
      await page.waitForSelector('[data-testid="ov-task-count"]');
    });
    await shot(page, 'devices', async () => {
      await go(page, 'devices');
      await page.waitForSelector('[data-testid="mirror"] img');
    });
    await shot(page, 'record-choose', async () => {
      await go(page, 'record');
      await page.selectOption('[data-testid="picker-show"]', 'offline');
      for (const id of ['wallet-balance', 'chat-choir-time']) await page.check(`[data-testid="pick-check-${id}"]`);
    });
    await shot(page, 'record', async () => {
      await go(page, 'record');
      if (!(await page.isChecked('[data-testid="pick-check-wallet-balance"]')))
        await page.check('[data-testid="pick-check-wallet-balance"]');
      await page.waitForSelector('[data-testid="record-start"]:enabled');
      await page.keyboard.press('s');
      await page.waitForSelector('[data-testid="mirror"] img');
      const box = (await page.locator('[data-testid="mirror"] img').boundingBox())!;
      // The task is the wallet's balance: the first step opens 钱包 (the sample phone's launcher shows it in the
      // second column of the second row: 270–540 × 1393–1682 of 1080 × 2400).
      await page.mouse.click(box.x + box.width * (405 / 1080), box.y + box.height * (1537 / 2400));
      await page.waitForSelector('[data-testid="step"]');
      await page.waitForSelector('[data-testid="capture-status"][data-phase="done"]');
    });
    if (!only || only.has('record')) {
      await page.keyboard.press('d');
      await page.keyboard.press('y');
      await page.waitForSelector('[data-testid="record-last"]');
    }
    await shot(page, 'tasks', () => go(page, 'tasks'));
    await shot(page, 'graphs', async () => {
      await go(page, 'graphs');
      await page.locator('[data-testid="graphs-table"] button').first().click();
      await page.waitForSelector('[data-testid="graph-canvas"]');
      await page.evaluate('document.querySelector("h2").scrollIntoView({ block: "start" })');
    });
    await shot(page, 'runs', async () => {
      await go(page, 'runs');
      if (runId) {
        await page.click(`button:text("${runId}")`);
        await page.waitForSelector('[data-testid="run-charts"] img');
        await page.evaluate('document.querySelector(\'[data-testid="run-charts"]\').scrollIntoView({ block: "start" })');
      }
    });
    await shot(page, 'review', async () => {
      await go(page, 'review');
      await page.waitForSelector('[data-testid="review-task"]');
      await page.selectOption('[data-testid="filter-success"]', 'failure');
      await page.locator('[data-testid="review-task"]').first().click();
      await page.waitForSelector('[data-testid="step-shot"] canvas[data-state="ready"]');
    });
    await shot(page, 'analysis', async () => {
      await go(page, 'analysis');
      await page.click('[data-testid="analysis-compute"]');
      await page.waitForSelector('[data-testid="analysis-result"]');
    });
    await shot(page, 'settings', () => go(page, 'settings'));
    if (runId && (!only || only.has('report'))) {
      const dir = join(mkdtempSync(join(tmpdir(), 'eb-report-')), 'report');
      cli(['--workspace', ws, 'report', runId, '--format', 'html', '--out', dir]);
      await shot(page, 'report', async () => {
        await page.goto(pathToFileURL(join(dir, 'index.html')).href);
      });
    }
  } finally {
    await browser.close();
    await server.close();
    backend.close();
    await phones.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
