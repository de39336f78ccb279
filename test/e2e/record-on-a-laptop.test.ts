import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { STARTER_TASKS } from '../support/fixtures.js';
import { startSlowAdb } from '../support/slow-adb.js';
import { useTempDirs } from '../support/temp-dir.js';
import { useVirtualPhones } from '../support/virtual-phone.js';
import { useBrowser } from '../support/browser.js';
import { openApp, serveApp } from '../support/web-app.js';

interface Box {
  x: number;
  y: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}

interface Layout {
  docScroll: number;
  docScrollX: number;
  mainScroll: number;
  mainScrollX: number;
  vw: number;
  vh: number;
  mirror: Box;
  finish: Box;
  controls: Box;
  steps: Box;
}

const LAYOUT = `(() => {
  const box = (s) => { const b = document.querySelector(s).getBoundingClientRect(); return { x: b.x, y: b.y, right: b.right, bottom: b.bottom, width: b.width, height: b.height }; };
  const main = document.querySelector('main');
  const doc = document.scrollingElement;
  return {
    docScroll: doc.scrollHeight - innerHeight, docScrollX: doc.scrollWidth - innerWidth,
    mainScroll: main.scrollHeight - main.clientHeight, mainScrollX: main.scrollWidth - main.clientWidth,
    vw: innerWidth, vh: innerHeight,
    mirror: box('[data-testid="mirror"] img'), finish: box('[data-testid="record-finish"]'),
    controls: box('[data-testid="record-controls"]'), steps: box('.record-steps'),
  };
})()`;

/** The whole phone, the controls and the steps side by side, nothing scrolled or cut off. */
async function expectFits(page: Page): Promise<Layout> {
  await expect
    .poll(() => page.evaluate('document.querySelector(\'[data-testid="mirror"] img\')?.complete === true'), { timeout: 30_000 })
    .toBe(true);
  const l = (await page.evaluate(LAYOUT)) as Layout;
  const inside = (b: Box): boolean => b.x >= 0 && b.y >= 0 && b.right <= l.vw && b.bottom <= l.vh;
  expect(l.docScroll, 'the document scrolls').toBeLessThanOrEqual(0);
  expect(l.docScrollX).toBeLessThanOrEqual(0);
  expect(l.mainScroll, 'the page scrolls').toBeLessThanOrEqual(1);
  expect(l.mainScrollX).toBeLessThanOrEqual(1);
  expect(inside(l.mirror), `mirror ${JSON.stringify(l.mirror)} leaves the ${l.vw}×${l.vh} window`).toBe(true);
  expect(inside(l.finish), 'Finish is off-screen').toBe(true);
  expect(l.controls.x).toBeGreaterThanOrEqual(l.mirror.right);
  expect(l.steps.x).toBeGreaterThanOrEqual(l.controls.right);
  // Aspect kept (1080×2400), so a pointer's share of the picture is its share of the phone.
  expect(Math.abs(l.mirror.width / l.mirror.height - 1080 / 2400)).toBeLessThan(0.005);
  return l;
}

const steps = (page: Page) => page.locator('[data-testid="step"]');
const stepCount = (page: Page) => steps(page).count();

describe('recording on a 1366×768 laptop (web mode, Chromium, a phone as slow as a real one)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  const chromium = useBrowser();

  it('fits without scrolling, records with shortcuts and mirror gestures only, shows capture progress, then records the next task', async () => {
    const server = await phones();
    // Screenshots ~0.6 s and UI dumps ~1.5 s late, as on a mid-range phone.
    const slow = await startSlowAdb({ host: '127.0.0.1', port: server.port }, { screencap: 600, 'uiautomator dump': 1500 });
    try {
      const ws = tmp();
      expect(runCli(['--workspace', ws, 'tasks', 'import', STARTER_TASKS]).code).toBe(0);
      const app = chromium.track(await serveApp(ws, { adb: `127.0.0.1:${slow.port}` }));
      const page = await openApp(chromium.browser(), app);
      await page.setViewportSize({ width: 1366, height: 768 });

      // The picker: two tasks queued, with their finished-demonstration counts.
      await page.keyboard.press('Alt+3');
      await page.waitForSelector('main[data-section="record"]');
      await page.check('[data-testid="pick-check-settings-font-bigger"]');
      await page.check('[data-testid="pick-check-phone-block-number"]');
      expect(await page.textContent('[data-testid="demo-count-phone-block-number"]')).toBe('none yet');
      await page.waitForSelector('[data-testid="device-vphone-1"]:checked');

      await page.keyboard.press('s');
      await page.waitForSelector('[data-testid="record-instruction"]:text("字太小了")');
      const first = await expectFits(page);

      // 1. A tap on the mirror: the phone is veiled and each part of the capture is reported as it arrives. The parts are
      // watched as the window marks them (a busy machine can deliver two in one frame, too short for a wait to see).
      await page.evaluate(`(() => {
        const seen = (window.capturedParts = []);
        new MutationObserver(() => {
          for (const el of document.querySelectorAll('[data-testid^="capture-part-"].done')) {
            const part = el.getAttribute('data-testid');
            if (!seen.includes(part)) seen.push(part);
          }
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
      })()`);
      const mirror = page.locator('[data-testid="mirror"] img');
      await page.mouse.click(first.mirror.x + first.mirror.width * 0.5, first.mirror.y + first.mirror.height * 0.3);
      await page.waitForSelector('[data-testid="mirror"][data-busy="true"] [data-testid="mirror-veil"]');
      await page.waitForSelector('[data-testid="capture-status"][data-phase="capturing"]');
      // Input is paused: a second tap now is not recorded.
      await page.mouse.click(first.mirror.x + first.mirror.width * 0.5, first.mirror.y + first.mirror.height * 0.8);
      await page.waitForSelector('[data-testid="step"]');
      const parts = (await page.evaluate('window.capturedParts')) as string[];
      expect(parts).toEqual(expect.arrayContaining(['capture-part-screenshot', 'capture-part-hierarchy']));
      expect(parts.indexOf('capture-part-screenshot')).toBeLessThanOrEqual(parts.indexOf('capture-part-hierarchy'));
      await page.waitForSelector('[data-testid="mirror"][data-busy="false"]');
      expect(await stepCount(page)).toBe(1);
      expect(await steps(page).nth(0).textContent()).toMatch(/Tap .*\(500, 300\)/);
      expect(Number((await page.textContent('[data-testid="capture-clock"]'))!.replace(' s', ''))).toBeGreaterThanOrEqual(1.5);

      // 2–4. Keys: Back, a swipe with ↑, typed text (whose letters are not shortcuts while typing).
      const waitSteps = (n: number) => expect.poll(() => stepCount(page), { timeout: 30_000 }).toBe(n);
      await page.keyboard.press('b');
      await waitSteps(2);
      await page.waitForSelector('[data-testid="mirror"][data-busy="false"]');
      await page.keyboard.press('ArrowUp');
      await waitSteps(3);
      await page.waitForSelector('[data-testid="mirror"][data-busy="false"]');
      await page.keyboard.press('t');
      expect(await page.evaluate('document.activeElement?.id')).toBe('type-text');
      await page.keyboard.type('hello');
      await page.keyboard.press('Enter');
      await waitSteps(4);
      await page.waitForSelector('[data-testid="mirror"][data-busy="false"]');
      expect(await steps(page).nth(3).textContent()).toContain('Type "hello"');
      // 5. Esc leaves the text box, U undoes the typing.
      await page.keyboard.press('Escape');
      await page.keyboard.press('u');
      await waitSteps(3);

      // 6. A drag on the mirror is drawn while it happens, then recorded as a swipe.
      const m = (await mirror.boundingBox())!;
      await page.mouse.move(m.x + m.width * 0.5, m.y + m.height * 0.7);
      await page.mouse.down();
      await page.mouse.move(m.x + m.width * 0.5, m.y + m.height * 0.35, { steps: 6 });
      await page.waitForSelector('[data-testid="gesture-dragging"]');
      await page.mouse.up();
      await page.waitForSelector('[data-testid="gesture-result"][data-gesture="Swipe"]');
      await waitSteps(4);
      await page.waitForSelector('[data-testid="mirror"][data-busy="false"]');
      // 7. Press and hold: a ring fills while held, then it is a long press.
      await page.mouse.move(m.x + m.width * 0.3, m.y + m.height * 0.5);
      await page.mouse.down();
      await page.waitForSelector('[data-testid="gesture-pressing"]');
      // The ring is full once the press has lasted the long-press time.
      await expect
        .poll(() => page.evaluate('document.querySelector(".gesture-hold")?.getAnimations()[0]?.playState'), { interval: 20 })
        .toBe('finished');
      await page.mouse.up();
      await page.waitForSelector('[data-testid="gesture-result"][data-gesture="LongPress"]');
      await waitSteps(5);
      expect(await steps(page).nth(4).textContent()).toMatch(/LongPress/);
      const texts = await steps(page).allTextContents();
      expect(texts.map((t) => t.replace(/^\d+\. /, '').split(' ')[0])).toEqual(['Tap', 'Back', 'Swipe', 'Swipe', 'LongPress']);

      // A bigger window: the phone grows with it and still nothing scrolls.
      await page.setViewportSize({ width: 1920, height: 1080 });
      await expect.poll(async () => ((await page.evaluate(LAYOUT)) as Layout).mirror.height).toBeGreaterThan(first.mirror.height * 1.3);
      await expectFits(page);
      await page.setViewportSize({ width: 1366, height: 768 });
      await expect.poll(async () => ((await page.evaluate(LAYOUT)) as Layout).mirror.height).toBe(first.mirror.height);
      await expectFits(page);

      // 8. F finishes; the picker's count follows; N records the next task on the same phone.
      await page.keyboard.press('f');
      await page.waitForSelector('[data-testid="record-last"]:text("finished, 6 steps")');
      await expect.poll(() => page.textContent('[data-testid="demo-count-settings-font-bigger"]')).toBe('1 ✓');
      expect(await page.textContent('[data-testid="record-next"]')).toContain('phone-block-number');
      await page.keyboard.press('n');
      await page.waitForSelector('[data-testid="record-layout"] h1:has-text("phone-block-number")');
      await expectFits(page);
      await page.keyboard.press('d');
      await page.waitForSelector('[data-testid="discard-confirm"]');
      await page.keyboard.press('y');
      await page.waitForSelector('[data-testid="record-last"]:text("discarded")');
      expect(await page.locator('[data-testid="record-next"]').count()).toBe(0);
      expect((page as unknown as { appErrors: string[] }).appErrors).toEqual([]);
    } finally {
      await slow.close();
    }
  }, 240_000);
});
