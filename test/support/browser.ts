import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { ServedApp } from './web-app.js';
import { launchChromium } from './web-app.js';

/**
 * One Chromium per test file, and every app served during it stopped afterwards.
 * Returns accessors, since the browser exists only once `beforeAll` has run.
 */
export function useBrowser(): { browser(): Browser; track(app: ServedApp): ServedApp } {
  let browser: Browser | undefined;
  const apps: ServedApp[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await browser?.close();
  });
  return {
    browser: () => {
      if (!browser) throw new Error('useBrowser(): the browser starts in beforeAll; call browser() inside a test');
      return browser;
    },
    track: (app) => (apps.push(app), app),
  };
}
