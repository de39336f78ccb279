import type { Parameters } from 'fast-check';

/**
 * Fuzzing at every boundary: the suite runs each property a modest number of times with a fixed
 * seed (deterministic, a failure reproduces exactly); `npm run fuzz` runs far more with a fresh
 * seed each time, printed so a failure found there can be replayed:
 *   ELDERBENCH_FUZZ_SEED=<seed> ELDERBENCH_FUZZ_RUNS=<n> npx vitest run --project integration test/fuzz
 */
const SUITE_SEED = 20261130;

export function fuzzParams<T>(suiteRuns: number): Parameters<T> {
  const runs = Number(process.env.ELDERBENCH_FUZZ_RUNS ?? 0);
  const seed = process.env.ELDERBENCH_FUZZ_SEED ? Number(process.env.ELDERBENCH_FUZZ_SEED) : runs > 0 ? Date.now() % 2 ** 31 : SUITE_SEED;
  const numRuns = runs > 0 ? Math.max(suiteRuns, Math.round((suiteRuns * runs) / 100)) : suiteRuns;
  return { seed, numRuns, endOnFailure: true, verbose: 1 };
}

/** How much longer the fuzz run's tests may take than the suite's (for per-test timeouts). */
export const FUZZ_SCALE = Math.max(1, Number(process.env.ELDERBENCH_FUZZ_RUNS ?? 0) / 100);
