import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Backend } from '../../../electron/services/backend.js';
import { runCli } from '../../support/cli.js';
import { REPO_ROOT, STARTER_TASKS } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { countRows, until } from '../../support/wait.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

describe('crash safety of recording', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();

  it('SIGKILL right after a step loses nothing: committed steps stay, unencoded screenshots are stored on the next open', async () => {
    const server = await phones();
    const ws = tmp();
    expect(runCli(['--workspace', ws, 'tasks', 'import', STARTER_TASKS]).code).toBe(0);
    const script = join(tmp(), 'long.json');
    const taps = Array.from({ length: 80 }, (_, i) => ({ type: 'Tap', at: { x: 100 + (i % 8) * 100, y: 300 + (i % 5) * 100 } }));
    writeFileSync(script, JSON.stringify([...taps, { type: 'Finish' }]));

    const child = spawn(
      process.execPath,
      [
        join(REPO_ROOT, 'bin', 'elderbench.js'),
        '--workspace',
        ws,
        '--adb',
        `127.0.0.1:${server.port}`,
        'record',
        '--task',
        'settings-font-bigger',
        '--device',
        'vphone-1',
        '--script',
        script,
      ],
      { stdio: 'ignore', env: { ...process.env, ELDERBENCH_USER_DATA: tmp() } },
    );
    const exited = new Promise<NodeJS.Signals | null>((r) => child.once('exit', (_c, sig) => r(sig)));

    const dbFile = join(ws, 'elderbench.db');
    const countSteps = (): number => countRows(dbFile, 'SELECT count(*) AS n FROM steps');
    const countPending = (): number => countRows(dbFile, 'SELECT count(*) AS n FROM pending_captures');
    // Right after a step: committed with its screenshot as the phone sent it, not yet encoded.
    await until(() => countSteps() >= 5 && countPending() >= 1, 'five committed steps, one still unencoded');
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    // The raw captures the killed process left, read before anything touches them.
    const raw = new Database(dbFile, { readonly: true });
    const left = raw
      .prepare('SELECT s.idx, p.screenshot FROM pending_captures p JOIN steps s ON s.id = p.step_id ORDER BY s.idx')
      .all() as { idx: number; screenshot: Buffer }[];
    raw.close();
    expect(left.length).toBeGreaterThan(0);

    const backend = new Backend({ workspace: ws, userDataDir: tmp() });
    const store = backend.workspace;
    expect(store.integrityCheck()).toBe('ok');
    const [demo] = store.demonstrations.listForTask('settings-font-bigger');
    expect(demo?.status).toBe('interrupted'); // marked when the next process opened the workspace
    // Opening the workspace encodes what the killed process left.
    await backend.captures.settled(demo!.id);
    expect(store.pendingCaptures.count()).toBe(0);
    const steps = store.demonstrations.steps(demo!.id);
    expect(steps.length).toBeGreaterThanOrEqual(5);
    expect(steps.length).toBeLessThan(81);
    expect(steps.map((s) => s.idx)).toEqual(steps.map((_s, i) => i));
    for (const s of steps) {
      expect(store.blobs.has(s.screenshotBlob!)).toBe(true);
      expect(store.blobs.has(s.thumbnailBlob!)).toBe(true);
      expect(store.blobs.has(s.xmlBlob!)).toBe(true);
      expect(s.action).toMatchObject({ type: 'Tap' });
    }
    // Nothing lost: the stored screenshot has exactly the pixels the phone sent.
    for (const { idx, screenshot } of left) {
      const stored = await store.blobs.get(steps[idx]!.screenshotBlob!);
      const [a, b] = await Promise.all([screenshot, stored].map((x) => sharp(x).ensureAlpha().raw().toBuffer()));
      expect(a!.equals(b!)).toBe(true);
    }
    backend.close();
  });
});
