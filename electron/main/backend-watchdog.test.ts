import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../test/support/wait.js';
import type { BackendHandle } from './backend-process.js';
import { startBackendProcess } from './backend-process.js';
import { BackendWatchdog } from './backend-watchdog.js';

// A stand-in backend: a real process that prints the ready line `elderbench serve --json` prints, then idles.
const FAKE = `process.stdout.write(JSON.stringify({ event: 'ready', url: 'http://127.0.0.1:' + (9000 + process.pid % 1000) + '/', token: 't' + process.pid }) + '\\n'); setInterval(() => {}, 1000);`;
const startFake = (): Promise<BackendHandle> =>
  startBackendProcess({ command: process.execPath, args: ['-e', FAKE], env: process.env, timeoutMs: 60_000 });

describe('the backend watchdog', () => {
  let dog: BackendWatchdog | undefined;
  afterEach(() => dog?.stop());

  it('tells the user and starts a new backend when the running one dies', async () => {
    const downs: { restarting: boolean; signal: string | null }[] = [];
    const ups: BackendHandle[] = [];
    dog = new BackendWatchdog({ start: startFake, onDown: (d) => downs.push(d), onUp: (h) => ups.push(h), delayMs: 10 });
    const first = await dog.start();
    first.process.kill('SIGKILL'); // the OOM killer, a crash
    await until(() => ups.length === 1, 'a restarted backend', 60_000);
    expect(downs).toEqual([expect.objectContaining({ restarting: true, signal: 'SIGKILL' })]);
    expect(ups[0]!.process.pid).not.toBe(first.process.pid);
    expect(dog.current()).toBe(ups[0]);
  }, 90_000);

  it('gives up, and says so, when the backend keeps dying', async () => {
    const downs: boolean[] = [];
    let ups = 0;
    dog = new BackendWatchdog({
      start: startFake,
      onDown: (d) => downs.push(d.restarting),
      maxRestarts: 2,
      delayMs: 10,
      onUp: (h) => {
        ups++;
        h.process.kill('SIGKILL');
      },
    });
    (await dog.start()).process.kill('SIGKILL');
    await until(() => downs.length === 3, 'three deaths', 60_000);
    expect(downs).toEqual([true, true, false]);
    expect(ups).toBe(2);
    expect(dog.current()).toBeNull();
  }, 90_000);

  it('does not treat quitting as a crash', async () => {
    let downs = 0;
    dog = new BackendWatchdog({ start: startFake, onDown: () => downs++, onUp: () => {}, delayMs: 10 });
    const h = await dog.start();
    const exited = new Promise((r) => h.process.once('exit', r));
    dog.stop();
    await exited;
    expect(downs).toBe(0);
  }, 60_000);
});
