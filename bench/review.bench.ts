import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { startWebServer } from '../electron/server/web-server.js';
import { Backend } from '../electron/services/backend.js';
import { TaskSchema } from '../shared/schemas/task.js';
import type { BenchFigure } from './figure.js';
import { median, percentile } from './figure.js';
import { testManifest } from '../test/support/run-manifest.js';

const TASKS = Number(process.env.REVIEW_BENCH_TASKS ?? 300);
const AGENTS = ['agent-a', 'agent-b'];
const STEPS_PER_TASK = 15;
/** One task of agent-a has a very long trajectory, to page through a 3000-step list. */
const LONG_STEPS = 3000;
const SCREENS = 240;
const STEP_MOVES = 400;
const TASK_MOVES = Math.min(150, TASKS * 2 - 1);

const RENDERER_DIST = join(process.cwd(), 'dist', 'renderer');
const MiB = 1024 * 1024;

/** A phone-sized PNG (1080×2400) with some structure, so decoding costs what a real screenshot costs. */
async function screen(i: number): Promise<Buffer> {
  const rows = Array.from(
    { length: 12 },
    (_, r) =>
      `<rect x="40" y="${200 + r * 180}" width="1000" height="140" rx="20" fill="hsl(${(i * 37 + r * 11) % 360},60%,70%)"/><text x="80" y="${290 + r * 180}" font-size="56" fill="#111">Screen ${i} · item ${r}</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="2400"><rect width="1080" height="2400" fill="hsl(${(i * 53) % 360},30%,92%)"/>${rows}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** RSS of our Chromium's renderer processes (children of the browser this process started), from /proc. */
function rendererRss(): number {
  const info = new Map<number, { ppid: number; cmd: string; rss: number }>();
  for (const d of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${d}/status`, 'utf8'))?.[1] ?? 0) * 1024;
      info.set(Number(d), { ppid, cmd, rss });
    } catch {
      // the process ended while we looked
    }
  }
  const ours = (pid: number): boolean => {
    for (let p = info.get(pid)?.ppid; p && p > 1; p = info.get(p)?.ppid) if (p === process.pid) return true;
    return false;
  };
  let max = 0;
  for (const [pid, p] of info) if (p.cmd.includes('--type=renderer') && ours(pid)) max = Math.max(max, p.rss);
  return max;
}

async function heap(page: Page): Promise<{ used: number; total: number; nodes: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = (n: string) => metrics.find((x) => x.name === n)?.value ?? 0;
  await cdp.detach();
  return { used: m('JSHeapUsedSize'), total: m('JSHeapTotalSize'), nodes: m('Nodes') };
}

interface Shown {
  /** Expected "Step n of m" text. */
  counter: string;
  /** Expected id of the selected task row, or null to not check it. */
  task: string | null;
}

/** In the page: the expected step and task are on screen and the step's screenshot is decoded. */
function shown({ counter, task }: Shown): boolean {
  const document = (globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null; id: string } | null } })
    .document;
  if (!document.querySelector('[data-testid="step-shot"] canvas[data-state="ready"]')) return false;
  if (document.querySelector('[data-testid="step-counter"]')?.textContent !== counter) return false;
  return task === null || document.querySelector('[aria-selected="true"][data-testid="review-task"]')?.id === task;
}

/** Presses a key and waits until the screen shows the expected step with its screenshot decoded. */
async function move(page: Page, key: string, expected: Shown): Promise<number> {
  const t0 = performance.now();
  await page.keyboard.press(key);
  await page.waitForFunction(shown, expected, { polling: 'raf', timeout: 20_000 }).catch(async (e: Error) => {
    const state = await page.evaluate(() => {
      const d = (
        globalThis as unknown as {
          document: { querySelector(s: string): { textContent: string | null; id: string; outerHTML: string } | null };
        }
      ).document;
      return [
        d.querySelector('[data-testid="step-counter"]')?.textContent,
        d.querySelector('[aria-selected="true"][data-testid="review-task"]')?.id,
        d.querySelector('[data-testid="step-shot"]')?.outerHTML.slice(0, 300),
      ];
    });
    throw new Error(`${e.message.split('\n')[0]} waiting for ${JSON.stringify(expected)}; the page shows ${JSON.stringify(state)}`);
  });
  return performance.now() - t0;
}

/**
 * Review screen on a synthetic run of 10k+ steps: page through steps and tasks with the
 * keyboard in Chromium and read the renderer's memory from Chromium itself (CDP heap
 * metrics) and the renderer process's RSS. Target: the renderer stays under 500 MB.
 */
export default async function run(): Promise<BenchFigure[]> {
  if (!existsSync(join(RENDERER_DIST, 'index.html'))) throw new Error('dist/renderer is missing: run `npm run build:renderer` first');
  const ws = mkdtempSync(join(tmpdir(), 'eb-bench-review-'));
  const userData = mkdtempSync(join(tmpdir(), 'eb-bench-user-'));
  const backend = new Backend({ workspace: ws, userDataDir: userData });
  let server: Awaited<ReturnType<typeof startWebServer>> | undefined;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
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
    const store = backend.workspace;
    const ids = Array.from({ length: TASKS }, (_, i) => `bench-${String(i).padStart(4, '0')}`);
    store.tasks.importSet(
      { name: 'bench', sourceFile: '-', sourceHash: '-' },
      ids.map((id, i) =>
        TaskSchema.parse({
          id,
          instruction: `please do thing number ${i} for me`,
          lang: 'en',
          app: `App ${i % 7}`,
          package: 'com.example.a',
          mode: 'offline',
          annotations: {
            syntactic: i % 2 ? 'Canonical' : 'Elliptical',
            semantic: i % 3 ? 'Clear and Explicit' : 'Under-specification',
            scenario: `Scenario ${i % 5}`,
          },
        }),
      ),
      true,
    );
    const blobs: string[] = [];
    for (let i = 0; i < SCREENS; i++) blobs.push((await store.putBlob(await screen(i), 'image/png')).id);
    store.runs.create('bench-review', 'offline', testManifest({ agents: AGENTS, taskIds: ids }));
    let total = 0;
    for (const [t, taskId] of ids.entries()) {
      for (const agent of AGENTS) {
        const n = t === 0 && agent === AGENTS[0] ? LONG_STEPS : STEPS_PER_TASK;
        for (let idx = 0; idx < n; idx++) {
          const matched = (idx + t) % 4 !== 0;
          store.runs.addStep({
            runId: 'bench-review',
            taskId,
            agent,
            mode: 'offline',
            idx,
            observationBlob: blobs[(t * 7 + idx) % SCREENS]!,
            rawOutput: `Thought: step ${idx} of ${taskId}, I will tap the next item.\nAction: tap(${(idx * 37) % 1000}, ${(idx * 91) % 1000})`,
            action:
              idx % 5 === 4
                ? { type: 'Swipe', from: { x: 500, y: 800 }, to: { x: 500, y: 200 } }
                : { type: 'Tap', at: { x: (idx * 37) % 1000, y: (idx * 91) % 1000 } },
            details: {
              node: `n${idx}`,
              done: false,
              match: matched
                ? { matched: true, edge: `e${idx}`, to: `n${idx + 1}`, reason: 'inside target', distancePx: 4, similarity: null }
                : { matched: false, nearestEdge: `e${idx}`, reason: 'too far', distancePx: 180, similarity: null },
            },
            timings: { reasoning_ms: 800, parsing_ms: 1 },
            usage: { prompt_tokens: 1200, completion_tokens: 40, total_tokens: 1240 },
          });
          total++;
        }
        const success = (t + agent.length) % 3 === 0;
        store.runs.putResult({
          runId: 'bench-review',
          taskId,
          agent,
          mode: 'offline',
          success,
          exitCategory: success ? 'finished' : 'off_graph',
          details: { steps: n, path: ['n0'], finalNode: 'n0', finalDone: success },
        });
      }
    }
    store.runs.setStatus('bench-review', 'finished');

    server = await startWebServer({ backend, staticDir: RENDERER_DIST });
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(server.openUrl);
    await page.waitForSelector('#root[data-app-state="ready"]', { timeout: 30_000 });
    const before = { rss: rendererRss(), heap: await heap(page) };
    const tOpen = performance.now();
    await page.click('[data-testid="nav-review"]');
    await page
      .waitForSelector(`[data-testid="review-tasks"][data-count="${TASKS * AGENTS.length}"]`, { timeout: 60_000 })
      .catch(async (e: Error) => {
        throw new Error(`${e.message.split('\n')[0]}; the page shows: ${(await page.locator('main').innerText()).slice(0, 400)}`);
      });
    const openMs = performance.now() - tOpen;
    await page.focus('[data-testid="review-tasks"]');

    // The long trajectory first (it is the first row): step through it.
    const counter = (n: number, of: number): Shown => ({ counter: `Step ${n} of ${of}`, task: null });
    const tFirst = performance.now();
    await move(page, 'ArrowDown', counter(1, LONG_STEPS));
    const openLongMs = performance.now() - tFirst;
    const stepMs: number[] = [];
    let peakRss = before.rss;
    for (let i = 2; i <= STEP_MOVES + 1; i++) {
      stepMs.push(await move(page, 'ArrowRight', counter(i, LONG_STEPS)));
      if (i % 25 === 0) peakRss = Math.max(peakRss, rendererRss());
    }
    const afterSteps = { rss: rendererRss(), heap: await heap(page) };

    // Then task after task (each opens its trajectory), stepping a little in each.
    const taskMs: number[] = [];
    for (let t = 1; t <= TASK_MOVES; t++) {
      taskMs.push(await move(page, 'ArrowDown', { counter: `Step 1 of ${STEPS_PER_TASK}`, task: `review-task-${t}` }));
      for (let s = 2; s <= 4; s++) stepMs.push(await move(page, 'ArrowRight', counter(s, STEPS_PER_TASK)));
      if (t % 10 === 0) peakRss = Math.max(peakRss, rendererRss());
    }
    const after = { rss: rendererRss(), heap: await heap(page) };
    peakRss = Math.max(peakRss, afterSteps.rss, after.rss);

    return [
      {
        name: 'review: synthetic run',
        value: total,
        unit: 'steps',
        note: `${TASKS * AGENTS.length} results, one of ${LONG_STEPS} steps, ${SCREENS} distinct 1080×2400 PNGs`,
      },
      { name: 'review: open the run (task list shown)', value: Math.round(openMs), unit: 'ms' },
      { name: `review: open a ${LONG_STEPS}-step trajectory`, value: Math.round(openLongMs), unit: 'ms' },
      {
        name: 'review: step change (→), median',
        value: median(stepMs),
        unit: 'ms',
        note: `p95 ${percentile(stepMs, 95).toFixed(1)} ms over ${stepMs.length}, screenshot decoded, incl. Playwright round trip`,
      },
      {
        name: 'review: task change (↓), median',
        value: median(taskMs),
        unit: 'ms',
        note: `p95 ${percentile(taskMs, 95).toFixed(1)} ms over ${taskMs.length}, trajectory fetched + screenshot decoded`,
      },
      {
        name: 'review: renderer RSS after paging',
        value: Math.round(after.rss / MiB),
        unit: 'MiB',
        target: '< 500 MB',
        note: `peak ${Math.round(peakRss / MiB)} MiB (sampled every 25 steps / 10 tasks); before opening Review ${Math.round(before.rss / MiB)} MiB`,
      },
      {
        name: 'review: renderer JS heap used after paging',
        value: Math.round(after.heap.used / MiB),
        unit: 'MiB',
        note: `CDP Performance.getMetrics after GC; ${Math.round(afterSteps.heap.used / MiB)} MiB after the long trajectory; DOM nodes ${after.heap.nodes}`,
      },
    ];
  } finally {
    await browser.close();
    await server?.close();
    backend.close();
    rmSync(ws, { recursive: true, force: true });
    rmSync(userData, { recursive: true, force: true });
  }
}
