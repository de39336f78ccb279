import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from '../support/temp-dir.js';
import { useBrowser } from '../support/browser.js';
import { serveApp } from '../support/web-app.js';

/** Another program on this machine: a local server on another port that records what browsers send it. */
async function otherLocalServer(): Promise<{ url: string; seen: IncomingHttpHeaders[]; close(): Promise<void> }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>notebook</title>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe("web mode's credential stays in its page (Chromium)", () => {
  const tmp = useTempDirs();
  const chromium = useBrowser();

  // Before: the session cookie eb_token_<port> went to every server on 127.0.0.1 (cookies ignore ports);
  // a notebook or dev server received it, and with it the API. The link stayed usable and in history.
  it('leaves nothing a browser would send to another local server; the link works once and leaves the address bar', async () => {
    const app = chromium.track(await serveApp(tmp()));
    const other = await otherLocalServer();
    try {
      const context = await chromium.browser().newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(app.openUrl);
      await page.waitForSelector('#root[data-app-state="ready"]', { timeout: 30_000 });
      expect(page.url()).not.toContain('token=');
      expect(await page.context().cookies()).toEqual([]);
      // The same browser visits the other server, as a user opening a notebook would.
      const visit = await page.context().newPage();
      await visit.goto(other.url);
      expect(other.seen.length).toBeGreaterThan(0);
      for (const h of other.seen) expect(h.cookie ?? '').not.toMatch(/eb_|token/);
      await visit.close();

      // A reload keeps the page working (its session is in the tab's own storage).
      await page.reload();
      await page.waitForSelector('#root[data-app-state="ready"]');
      await page.click('[data-testid="nav-settings"]');
      await page.waitForSelector('[data-testid="setting-ui-scale"]');

      // The link, opened again (from history, or by someone it was sent to), opens nothing.
      const again = await page.context().newPage();
      const res = await again.goto(app.openUrl);
      expect(res?.status()).toBe(401);
      expect(await again.content()).toContain('already used');
      await again.close();
      await context.close();
    } finally {
      await other.close();
      await app.stop();
    }
  });
});
