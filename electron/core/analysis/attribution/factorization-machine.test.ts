import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../random/rng.js';
import {
  fitFactorizationMachine,
  fmLossAndGradient,
  fmPredict,
  interactionMatrix,
  pairSupport,
  strongestInteractions,
} from './factorization-machine.js';

/** ±1 features; success depends only on the product x_i·x_j (no main effect to lean on). */
function planted(n: number, d: number, i: number, j: number, seed: number): { X: number[][]; y: number[] } {
  const rng = mulberry32(seed);
  const X: number[][] = [];
  const y: number[] = [];
  for (let r = 0; r < n; r++) {
    const x = Array.from({ length: d }, () => (rng.next() < 0.5 ? -1 : 1));
    const p = 1 / (1 + Math.exp(-3 * x[i]! * x[j]!));
    X.push(x);
    y.push(rng.next() < p ? 1 : 0);
  }
  return { X, y };
}

describe('factorization machine', () => {
  it('recovers a planted pairwise interaction as its strongest one', () => {
    const { X, y } = planted(1500, 7, 1, 4, 99);
    const names = X[0]!.map((_, c) => `x${c}`);
    const model = fitFactorizationMachine(X, y, { seed: 1 });
    const M = interactionMatrix(model);
    const top = strongestInteractions(M, names, 3);
    expect([top[0]!.a, top[0]!.b]).toEqual(['x1', 'x4']);
    expect(top[0]!.weight).toBeGreaterThan(1);
    // Clearly separated from the runner-up, not a coin flip.
    expect(Math.abs(top[1]!.weight)).toBeLessThan(top[0]!.weight / 3);
    expect(M[2]![2]).toBe(0);
    expect(M[1]![4]).toBe(M[4]![1]);
    expect(fmPredict(model, [1, 1, 1, 1, 1, 1, 1])).toBeGreaterThan(0.8);
    expect(fmPredict(model, [1, 1, 1, 1, -1, 1, 1])).toBeLessThan(0.2);
  });

  it('recovers a planted interaction among one-hot features too', () => {
    // Two 3-level categorical features, one-hot: success iff a=1 and b=2 (plus noise-free otherwise).
    const X: number[][] = [];
    const y: number[] = [];
    for (let rep = 0; rep < 40; rep++) {
      for (let a = 0; a < 3; a++) {
        for (let b = 0; b < 3; b++) {
          X.push([a === 0 ? 1 : 0, a === 1 ? 1 : 0, a === 2 ? 1 : 0, b === 0 ? 1 : 0, b === 1 ? 1 : 0, b === 2 ? 1 : 0]);
          y.push(a === 1 && b === 2 ? 1 : 0);
        }
      }
    }
    const names = ['a0', 'a1', 'a2', 'b0', 'b1', 'b2'];
    const top = strongestInteractions(interactionMatrix(fitFactorizationMachine(X, y, { seed: 4, epochs: 600 })), names, 1);
    expect([top[0]!.a, top[0]!.b]).toEqual(['a1', 'b2']);
  });

  it('is deterministic under a seed: same seed, identical weights; another seed, different ones', () => {
    const { X, y } = planted(200, 5, 0, 2, 7);
    const a = fitFactorizationMachine(X, y, { seed: 12, epochs: 50 });
    const b = fitFactorizationMachine(X, y, { seed: 12, epochs: 50 });
    expect(b).toEqual(a);
    expect(fitFactorizationMachine(X, y, { seed: 13, epochs: 50 }).V).not.toEqual(a.V);
  });

  it('has an analytic gradient that matches finite differences', () => {
    const { X, y } = planted(30, 4, 0, 3, 5);
    const d = 4;
    const k = 2;
    const rng = mulberry32(8);
    const params = Float64Array.from({ length: 1 + d + d * k }, () => rng.normal() * 0.5);
    const { grad } = fmLossAndGradient(params, X, y, d, k);
    const h = 1e-6;
    for (let j = 0; j < params.length; j++) {
      const plus = Float64Array.from(params);
      const minus = Float64Array.from(params);
      plus[j]! += h;
      minus[j]! -= h;
      const num = (fmLossAndGradient(plus, X, y, d, k).loss - fmLossAndGradient(minus, X, y, d, k).loss) / (2 * h);
      expect(Math.abs(num - grad[j]!)).toBeLessThan(1e-7);
    }
  });

  it('counts pair support and skips unsupported pairs', () => {
    const X = [
      [1, 0, 0.5],
      [0, 1, 0],
      [1, 0, 2],
    ];
    expect(pairSupport(X)).toEqual([
      [2, 0, 2],
      [0, 1, 0],
      [2, 0, 2],
    ]);
    const M = [
      [0, 9, 1],
      [9, 0, 2],
      [1, 2, 0],
    ];
    expect(strongestInteractions(M, ['a', 'b', 'c'], 5, pairSupport(X))).toEqual([{ a: 'a', b: 'c', weight: 1, support: 2 }]);
  });

  it('refuses malformed input with a reason', () => {
    expect(() => fitFactorizationMachine([], [])).toThrow(/at least one/);
    expect(() => fitFactorizationMachine([[1]], [2])).toThrow(/0 \(failure\) or 1/);
    expect(() => fitFactorizationMachine([[1], [1, 2]], [0, 1])).toThrow(/same length/);
  });
});
