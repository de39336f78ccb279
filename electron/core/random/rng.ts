/**
 * The one seeded PRNG of the app, so every resample, sample, model init and random agent step is
 * byte-identical across runs and machines. mulberry32: 32-bit state, passes the usual smoke tests, and is exactly
 * reproducible because it uses only 32-bit integer ops (Math.imul) — unlike Math.random.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Standard normal (Box–Muller; one value per call, the second is discarded for simplicity). */
  normal(): number;
}

export function mulberry32(seed: number): Rng {
  if (!Number.isInteger(seed)) throw new Error(`seed must be an integer, got ${seed}`);
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => {
      if (!Number.isInteger(n) || n <= 0) throw new Error(`int(n) needs a positive integer, got ${n}`);
      return Math.floor(next() * n);
    },
    normal: () => {
      // 1 - u keeps the log argument in (0, 1].
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
  };
}

/** Fisher–Yates shuffle of a copy, driven by `rng`. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Mixes a seed with a step index so step k's draw does not depend on earlier draws. */
export function mixSeed(seed: number, k: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (k + 0x85ebca6b), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}
