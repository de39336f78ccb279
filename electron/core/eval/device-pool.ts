import { errorMessage } from '../../../shared/error-message.js';

/**
 * Spreads online tasks over devices, one task per device at a time. A device is probed
 * before each task; an infrastructure failure (disconnect, adb error) sends the task to
 * another device, up to `maxAttempts` in all, and a device that fails its probe leaves
 * the pool. Infrastructure failures never become agent failures: they are reported apart.
 */
export interface PoolOptions<T, R> {
  maxAttempts: number;
  healthy(serial: string): Promise<boolean>;
  run(item: T, serial: string, attempt: number): Promise<R>;
  isInfrastructure(e: unknown): boolean;
  onRetry?(item: T, serial: string, error: unknown, attempt: number): void;
  onDone(item: T, result: R, serial: string, attempts: number): void | Promise<void>;
  /** Called when every attempt failed, or no healthy device is left. */
  onGiveUp(item: T, error: unknown, attempts: number, retriedOn: string[]): void | Promise<void>;
  /** Stop taking new items (cancel). */
  cancelled?(): boolean;
  /**
   * Before a device takes its first item: resolves true once this run may use it (another process
   * may hold it; the caller waits for it while `stillNeeded()`), false to leave it out.
   */
  claim?(serial: string, stillNeeded: () => boolean): Promise<boolean>;
  /** The device takes no more items of this run (given back for others). */
  release?(serial: string): void;
}

interface Pending<T> {
  item: T;
  attempts: number;
  tried: string[];
  lastError: unknown;
}

export async function runOnPool<T, R>(items: readonly T[], serials: readonly string[], o: PoolOptions<T, R>): Promise<void> {
  const queue: Pending<T>[] = items.map((item) => ({ item, attempts: 0, tried: [], lastError: null }));
  const alive = new Set(serials);
  // Why each device left the pool, so "no healthy device left" can say what was wrong with them.
  const probeFailures = new Map<string, string>();
  let active = 0;

  // Prefer an item this device has not failed yet; fall back to any when it is the last device.
  const take = (serial: string): Pending<T> | undefined => {
    const i = queue.findIndex((p) => !p.tried.includes(serial));
    if (i >= 0) return queue.splice(i, 1)[0];
    return alive.size === 1 ? queue.shift() : undefined;
  };

  const worker = async (serial: string): Promise<void> => {
    if (o.claim) {
      // Work is left while items wait or another device may hand one back.
      const got = await o.claim(serial, () => queue.length > 0 || active > 0);
      if (!got) {
        alive.delete(serial);
        return;
      }
    }
    try {
      await work(serial);
    } finally {
      o.release?.(serial);
    }
  };

  const work = async (serial: string): Promise<void> => {
    while (alive.has(serial) && !o.cancelled?.()) {
      const p = take(serial);
      if (!p) {
        // Others may still requeue work this device can take; wait for them, not for time.
        if (active === 0) return;
        await new Promise((r) => setTimeout(r, 5));
        continue;
      }
      active++;
      try {
        const ok = await o.healthy(serial).catch((e: unknown) => {
          probeFailures.set(serial, errorMessage(e));
          return false;
        });
        if (!ok) {
          if (!probeFailures.has(serial)) probeFailures.set(serial, 'it did not answer its health probe');
          alive.delete(serial);
          queue.unshift(p);
          return;
        }
        p.attempts++;
        try {
          const r = await o.run(p.item, serial, p.attempts);
          await o.onDone(p.item, r, serial, p.attempts);
        } catch (e) {
          if (!o.isInfrastructure(e)) throw e;
          p.lastError = e;
          p.tried.push(serial);
          o.onRetry?.(p.item, serial, e, p.attempts);
          if (p.attempts >= o.maxAttempts) await o.onGiveUp(p.item, e, p.attempts, p.tried);
          else queue.push(p);
          // A failing device is probed again before its next task (and leaves if still broken).
        }
      } finally {
        active--;
      }
    }
  };

  await Promise.all([...alive].map((s) => worker(s)));
  for (const p of queue.splice(0)) {
    if (o.cancelled?.()) break;
    const why = [...probeFailures].map(([serial, reason]) => `${serial}: ${reason}`).join('; ');
    await o.onGiveUp(p.item, p.lastError ?? new Error(`no healthy device left${why ? ` (${why})` : ''}`), p.attempts, p.tried);
  }
}
