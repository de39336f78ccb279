import { describe, expect, it } from 'vitest';
import { Lru } from './lru.js';

describe('Lru', () => {
  it('keeps the entries used last, a get counting as a use and a peek not', () => {
    const c = new Lru<string, number>(2);
    c.set('a', 1);
    c.set('b', 2);
    expect(c.get('a')).toBe(1);
    c.set('c', 3); // b was used longest ago
    expect([c.peek('a'), c.peek('b'), c.peek('c')]).toEqual([1, undefined, 3]);
    c.peek('a');
    c.set('d', 4); // a was not used by peek: it goes
    expect([c.peek('a'), c.peek('c'), c.peek('d')]).toEqual([undefined, 3, 4]);
    c.trim(1);
    expect(c.size).toBe(1);
  });

  it('remembers a made value, shares it, and forgets a promise that fails', async () => {
    const c = new Lru<string, Promise<number>>(4);
    let made = 0;
    const ok = () => c.remember('k', async () => ++made);
    expect(await ok()).toBe(1);
    expect(await ok()).toBe(1);
    await expect(c.remember('bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await Promise.resolve();
    expect(c.peek('bad')).toBeUndefined();
    expect(await c.remember('bad', async () => 7)).toBe(7);
  });
});
