import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { startCli } from '../../support/cli-process.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';

/**
 * `elderbench demo` takes minutes: it must never look hung (a line at least every 10 s), and it
 * ends with the command that opens its workspace — which must work as printed.
 */
describe('elderbench demo, as a person watches it', () => {
  const tmp = useTempDirs();

  it('prints a progress line at least every 10 s and ends with a command that opens its workspace', async () => {
    const ws = join(tmp(), 'demo');
    const demo = startCli([
      '--workspace',
      ws,
      'demo',
      '--phones',
      '1',
      '--tasks',
      'wallet-balance,settings-font-bigger',
      '--agents',
      'replay',
    ]);
    const times: number[] = [];
    createInterface({ input: demo.child.stderr! }).on('line', () => times.push(Date.now()));
    expect(await demo.exited).toBe(0);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    // From its first line (before it, the process is still loading): 10 s, with a second of slack for a loaded machine's timers.
    expect(Math.max(...gaps), `gaps between lines (ms): ${gaps.join(', ')}`).toBeLessThanOrEqual(11_000);
    expect(demo.stderr()).toMatch(/recorded wallet-balance/);

    const last = demo.stdout().trim().split('\n').at(-1)!;
    expect(last).toBe(`npx elderbench --workspace ${ws} serve`);
    // Run it exactly as printed, from the repository, and open what it serves.
    const open = spawn('sh', ['-c', `exec ${last}`], { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        open.once('exit', (code) => reject(new Error(`"${last}" exited with ${code}`)));
        createInterface({ input: open.stdout! }).on('line', (l) => {
          const m = /^Open (http\S+)/.exec(l);
          if (m) resolve(m[1]!);
        });
      });
      const origin = new URL(url).origin;
      // The printed link opens one page, which carries the page's session (as a browser gets it).
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toMatch(/<div id="root"/);
      const token = /name="elderbench-session" content="([^"]+)"/.exec(html)![1]!;
      const info = await fetch(`${origin}/api/workspace.current`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Origin: origin },
        body: JSON.stringify({ input: {} }),
      });
      expect(((await info.json()) as { result: { path: string } }).result.path).toBe(ws);
    } finally {
      process.kill(-open.pid!, 'SIGTERM');
    }
  }, 600_000);
});
