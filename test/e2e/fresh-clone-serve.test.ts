import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { REPO_ROOT } from '../support/fixtures.js';
import { useTempDirs } from '../support/temp-dir.js';

/**
 * What a newcomer does first: clone, install, `npx elderbench serve`, open the printed URL. A clone
 * has no dist/ (it is git-ignored), so the window must be built on first use — with a page that
 * says so meanwhile — and then work. The clone here is the repository's tracked files; `npm install`
 * is stood in for by this checkout's node_modules (the registry is not the thing under test).
 */
describe('a fresh clone serves a working window', () => {
  const tmp = useTempDirs();
  const chromium = useBrowser();

  it('npx elderbench serve builds the missing window, says so while it builds, then opens the app', async () => {
    const clone = join(tmp('eb-clone-'), 'elderbench');
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
    for (const f of files) {
      if (!existsSync(join(REPO_ROOT, f))) continue; // deleted in this working tree
      mkdirSync(dirname(join(clone, f)), { recursive: true });
      copyFileSync(join(REPO_ROOT, f), join(clone, f));
    }
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
    expect(existsSync(join(clone, 'dist'))).toBe(false);

    const child = spawn(process.execPath, [join(clone, 'bin', 'elderbench.js'), '--workspace', tmp(), '--json', 'serve'], {
      cwd: clone,
      env: { ...process.env, ELDERBENCH_USER_DATA: tmp() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    try {
      const ready = await new Promise<{ openUrl: string }>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
        createInterface({ input: child.stdout! }).on('line', (line) => {
          const msg = JSON.parse(line) as { event?: string; openUrl: string };
          if (msg.event === 'ready') resolve(msg);
        });
      });
      expect(stderr).toMatch(/building it now/);

      const page = await chromium.browser().newPage({ viewport: { width: 1366, height: 768 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const first = await page.goto(ready.openUrl);
      // Unless the build beat the browser, the first answer is the page that says what is happening.
      if (first?.status() === 503)
        await expect(page.textContent('[data-testid="renderer-pending"]')).resolves.toMatch(/building its window/);
      else expect(first?.status()).toBe(200);
      await page.waitForSelector('#root[data-app-state="ready"]', { timeout: 240_000 });
      await page.waitForSelector('main h1');
      expect(await page.textContent('main h1')).toBe('Overview');
      expect(existsSync(join(clone, 'dist', 'renderer', 'index.html'))).toBe(true);
      expect(errors).toEqual([]);
      expect(stderr).toMatch(/The window is built/);
      await page.close();
    } finally {
      child.kill('SIGTERM');
    }
  }, 300_000);
});
