import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from './fixtures.js';

export interface ServedApp {
  url: string;
  openUrl: string;
  token: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `elderbench serve` as a real child process and waits for its ready line (no sleeps). */
export async function serveApp(
  workspace: string,
  opts: { userData?: string; adb?: string; env?: Record<string, string> } = {},
): Promise<ServedApp> {
  const userData = opts.userData ?? mkdtempSync(join(tmpdir(), 'eb-user-'));
  if (!existsSync(join(REPO_ROOT, 'dist', 'renderer', 'index.html'))) {
    throw new Error('dist/renderer is missing: run `npm run build:renderer` (npm test does it) before the e2e tests');
  }
  const child = spawn(
    process.execPath,
    [join(REPO_ROOT, 'bin', 'elderbench.js'), '--workspace', workspace, ...(opts.adb ? ['--adb', opts.adb] : []), '--json', 'serve'],
    {
      env: { ...process.env, ELDERBENCH_USER_DATA: userData, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const ready = await new Promise<{ url: string; openUrl: string; token: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const msg = JSON.parse(line) as { event?: string; url: string; openUrl: string; token: string };
      if (msg.event === 'ready') resolve(msg);
    });
  });
  child.removeAllListeners('exit');
  return {
    ...ready,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Opens the app and waits for the app's own ready signal. */
export async function openApp(browser: Browser, app: ServedApp): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // Every wait ends on its signal; Playwright's 30 s default only bounds how long a hung one takes to fail, and CI's
  // machine (a CPU burner beside the suite, cores about half as fast as the project machine's) needs more for a step on
  // a phone with real-phone timing.
  page.setDefaultTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(app.openUrl);
  await page.waitForSelector('#root[data-app-state="ready"]', { timeout: 30_000 });
  (page as Page & { appErrors?: string[] }).appErrors = errors;
  return page;
}
