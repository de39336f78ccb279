/**
 * Exact (binomial) McNemar test. Only the discordant pairs carry information:
 * b = success only on the first condition, c = success only on the second.
 * Under H0 each discordant pair goes either way with probability 1/2, so
 * p = min(1, 2 · P[X ≤ min(b, c)]) with X ~ Binomial(b + c, 1/2); p = 1 when b + c = 0.
 */
export interface McNemarResult {
  b: number;
  c: number;
  /** Number of discordant pairs, b + c. */
  discordant: number;
  pValue: number;
}

function logSumExp(a: number, b: number): number {
  if (a === -Infinity) return b;
  if (b === -Infinity) return a;
  const m = Math.max(a, b);
  return m + Math.log(Math.exp(a - m) + Math.exp(b - m));
}

/**
 * log P[X ≤ k] for X ~ Binomial(n, 1/2), summed in log space term by term.
 * log C(n, i+1) = log C(n, i) + log((n − i)/(i + 1)) avoids both the factorial overflow
 * and the 10-decimal rounding that makes jStat.binomial.cdf return 0 for tiny tails.
 */
export function logBinomialHalfCdf(k: number, n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a non-negative integer, got ${n}`);
  if (k < 0) return -Infinity;
  if (k >= n) return 0;
  const logHalfN = -n * Math.LN2;
  let logC = 0;
  let acc = logHalfN;
  for (let i = 0; i < k; i++) {
    logC += Math.log((n - i) / (i + 1));
    acc = logSumExp(acc, logC + logHalfN);
  }
  return acc;
}

export function exactMcNemar(b: number, c: number): McNemarResult {
  for (const [name, v] of [
    ['b', b],
    ['c', c],
  ] as const) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`McNemar counts must be non-negative integers; ${name} = ${v}`);
  }
  const n = b + c;
  if (n === 0) return { b, c, discordant: 0, pValue: 1 };
  const p = Math.min(1, 2 * Math.exp(logBinomialHalfCdf(Math.min(b, c), n)));
  return { b, c, discordant: n, pValue: p };
}
