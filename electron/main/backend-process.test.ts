import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { UtilityProcessLike } from './backend-process.js';
import { startBackendUtility } from './backend-process.js';
import { BackendWatchdog } from './backend-watchdog.js';

/** A stand-in for Electron's UtilityProcess (Electron cannot run on the project machines): stdout, kill, an exit event. */
class FakeUtility extends EventEmitter implements UtilityProcessLike {
  readonly stdout = new PassThrough();
  killed = false;
  constructor(readonly pid: number) {
    super();
  }
  kill(): boolean {
    this.killed = true;
    queueMicrotask(() => this.emit('exit', 0));
    return true;
  }
  ready(): void {
    this.stdout.write('elderbench: opening the workspace\n');
    this.stdout.write(`${JSON.stringify({ event: 'ready', url: 'http://127.0.0.1:9/', token: `t${this.pid}` })}\n`);
  }
}

describe('the backend in a utility process (packaged app)', () => {
  it('is ready when it prints its ready line; its exit code is kept for the watchdog', async () => {
    const fake = new FakeUtility(7);
    const started = startBackendUtility(() => fake);
    fake.ready();
    const h = await started;
    expect(h).toMatchObject({ url: 'http://127.0.0.1:9/', token: 't7' });
    expect(h.process.exitCode).toBeNull();
    const exited = new Promise((r) => h.process.once('exit', r));
    fake.emit('exit', 3);
    expect(await exited).toBe(3);
    expect(h.process.exitCode).toBe(3);
  });

  it('fails, naming the exit code, when it exits before it is ready', async () => {
    const fake = new FakeUtility(8);
    const started = startBackendUtility(() => fake);
    fake.emit('exit', 1);
    await expect(started).rejects.toThrow(/exited \(code 1\) before it was ready/);
  });

  it('is restarted by the watchdog when it dies, and stopped (not restarted) on quit', async () => {
    const made: FakeUtility[] = [];
    const start = (): ReturnType<typeof startBackendUtility> => {
      const fake = new FakeUtility(made.length + 1);
      made.push(fake);
      const p = startBackendUtility(() => fake);
      fake.ready();
      return p;
    };
    const ups: string[] = [];
    const downs: boolean[] = [];
    const dog = new BackendWatchdog({ start, onDown: (d) => downs.push(d.restarting), onUp: (h) => ups.push(h.token), delayMs: 1 });
    await dog.start();
    made[0]!.emit('exit', 134); // a crash
    await expect.poll(() => ups).toEqual(['t2']);
    expect(downs).toEqual([true]);
    dog.stop();
    expect(made[1]!.killed).toBe(true);
    await new Promise((r) => setImmediate(r)); // the exit event of the kill has been delivered
    expect(made).toHaveLength(2);
  });
});
