/** Seeded PRNG (mulberry32): every "random" thing on the phone comes from here, so --seed reproduces a run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A stable pseudo-random value for (seed, label): same inputs, same number, no shared stream to disturb. */
export function seeded(seed: number, label: string): number {
  return mulberry32(seed ^ hashString(label))();
}

export function pick<T>(items: readonly T[], r: number): T {
  return items[Math.floor(r * items.length) % items.length]!;
}
