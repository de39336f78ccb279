import { describe, expect, it } from 'vitest';
import { runOnPool } from './device-pool.js';

class Infra extends Error {}

describe('runOnPool', () => {
  it('runs every item once, one at a time per device, on all devices', async () => {
    const busy = new Set<string>();
    const ran: [number, string][] = [];
    await runOnPool([1, 2, 3, 4, 5, 6], ['a', 'b'], {
      maxAttempts: 2,
      healthy: async () => true,
      run: async (i, s) => {
        expect(busy.has(s)).toBe(false);
        busy.add(s);
        await Promise.resolve();
        busy.delete(s);
        return i * 10;
      },
      isInfrastructure: (e) => e instanceof Infra,
      onDone: (i, _r, s) => void ran.push([i, s]),
      onGiveUp: () => {
        throw new Error('nothing should give up');
      },
    });
    expect(ran.map((r) => r[0]).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(ran.map((r) => r[1]))).toEqual(new Set(['a', 'b']));
  });

  it('retries an item on another device when its device fails, and drops the dead device', async () => {
    let aDead = false;
    const done: [number, string, number][] = [];
    const retries: string[] = [];
    await runOnPool([1, 2, 3], ['a', 'b'], {
      maxAttempts: 2,
      healthy: async (s) => !(s === 'a' && aDead),
      run: async (i, s) => {
        if (s === 'a' && i === 1) {
          aDead = true; // the plug is pulled mid-task
          throw new Infra('device a not found');
        }
        if (s === 'a' && aDead) throw new Infra('gone');
        return i;
      },
      isInfrastructure: (e) => e instanceof Infra,
      onRetry: (i, s) => void retries.push(`${i}@${s}`),
      onDone: (i, _r, s, attempts) => void done.push([i, s, attempts]),
      onGiveUp: () => {
        throw new Error('nothing should give up');
      },
    });
    expect(retries).toEqual(['1@a']);
    expect(done.find((d) => d[0] === 1)).toEqual([1, 'b', 2]);
    expect(done.map((d) => d[0]).sort()).toEqual([1, 2, 3]);
  });

  it('gives up after the attempt limit and reports it apart', async () => {
    const gaveUp: [number, number, string[]][] = [];
    await runOnPool([7], ['a', 'b'], {
      maxAttempts: 2,
      healthy: async () => true,
      run: async () => {
        throw new Infra('adb error');
      },
      isInfrastructure: (e) => e instanceof Infra,
      onDone: () => undefined,
      onGiveUp: (i, _e, attempts, tried) => void gaveUp.push([i, attempts, tried]),
    });
    expect(gaveUp).toEqual([[7, 2, ['a', 'b']]]);
  });

  it('passes agent errors through (they are not retried)', async () => {
    await expect(
      runOnPool([1], ['a'], {
        maxAttempts: 3,
        healthy: async () => true,
        run: async () => {
          throw new TypeError('bug');
        },
        isInfrastructure: (e) => e instanceof Infra,
        onDone: () => undefined,
        onGiveUp: () => undefined,
      }),
    ).rejects.toThrow('bug');
  });
});
