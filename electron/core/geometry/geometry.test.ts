import { describe, expect, it } from 'vitest';
import { clampNorm, toNorm, toPixels } from './coordinates.js';
import {
  QWEN25_RESIZE,
  QWEN3_RESIZE,
  ResizeError,
  UITARS_15_RESIZE,
  roundHalfEven,
  shrinkToMaxPixels,
  smartResize,
} from './smart-resize.js';

describe('toPixels / toNorm', () => {
  const screens = [
    { width: 1080, height: 2400 },
    { width: 1440, height: 3200 },
    { width: 720, height: 1600 },
  ];
  it('maps the centre, the origin and the far edge with floor + clamp', () => {
    expect(toPixels({ x: 500, y: 500 }, screens[0]!)).toEqual({ x: 540, y: 1200 });
    expect(toPixels({ x: 500, y: 500 }, screens[1]!)).toEqual({ x: 720, y: 1600 });
    expect(toPixels({ x: 500, y: 500 }, screens[2]!)).toEqual({ x: 360, y: 800 });
    expect(toPixels({ x: 0, y: 0 }, screens[0]!)).toEqual({ x: 0, y: 0 });
    // 1000 would be W itself: clamp to the last pixel.
    expect(toPixels({ x: 1000, y: 1000 }, screens[0]!)).toEqual({ x: 1079, y: 2399 });
    // 924/1000·1080 = 997.92 → 997 (truncation, like int() in Python)
    expect(toPixels({ x: 924, y: 37 }, screens[0]!)).toEqual({ x: 997, y: 88 });
    expect(toPixels({ x: 924, y: 37 }, screens[1]!)).toEqual({ x: 1330, y: 118 });
    expect(toPixels({ x: 924, y: 37 }, screens[2]!)).toEqual({ x: 665, y: 59 });
  });

  it('round-trips every pixel column of each screen', () => {
    for (const s of screens) {
      for (let x = 0; x < s.width; x++) {
        expect(toPixels(toNorm({ x, y: 0 }, s), s).x).toBe(x);
      }
    }
  });

  it('rejects nonsense instead of producing NaN pixels', () => {
    expect(() => toPixels({ x: Number.NaN, y: 1 }, screens[0]!)).toThrow(/finite/);
    expect(() => toPixels({ x: 1, y: 1 }, { width: 0, height: 10 })).toThrow(/positive/);
  });

  it('clampNorm flags and never wraps', () => {
    expect(clampNorm(1200)).toEqual({ value: 1000, clamped: true });
    expect(clampNorm(-5)).toEqual({ value: 0, clamped: true });
    expect(clampNorm(999)).toEqual({ value: 999, clamped: false });
  });
});

describe('smart_resize', () => {
  it('rounds half to even like Python', () => {
    expect(roundHalfEven(22.5)).toBe(22);
    expect(roundHalfEven(23.5)).toBe(24);
    expect(roundHalfEven(36.5)).toBe(36);
    expect(roundHalfEven(2.4)).toBe(2);
    expect(roundHalfEven(2.6)).toBe(3);
  });

  const vectors: [number, number, [number, number], [number, number], [number, number]][] = [
    [1080, 2400, [1092, 2408], [1092, 2408], [1088, 2400]],
    [1080, 2340, [1092, 2352], [1092, 2352], [1088, 2336]],
    [1440, 3200, [1428, 3192], [1428, 3192], [1440, 3200]],
    [720, 1600, [728, 1596], [728, 1596], [704, 1600]],
    [1344, 2992, [1344, 2996], [1344, 2996], [1344, 3008]],
  ];
  it.each(vectors)('%i×%i', (w, h, tars, q25, q3) => {
    expect(smartResize({ width: w, height: h }, UITARS_15_RESIZE)).toEqual({ width: tars[0], height: tars[1] });
    expect(smartResize({ width: w, height: h }, QWEN25_RESIZE)).toEqual({ width: q25[0], height: q25[1] });
    expect(smartResize({ width: w, height: h }, QWEN3_RESIZE)).toEqual({ width: q3[0], height: q3[1] });
  });

  it('resolves the f=28 tie at width 1022 the Python way (1008, not 1036)', () => {
    expect(smartResize({ width: 1022, height: 1022 }, QWEN25_RESIZE).width).toBe(1008);
  });

  it('scales up tiny images and down huge ones, and refuses extreme aspect ratios', () => {
    const small = smartResize({ width: 100, height: 100 }, UITARS_15_RESIZE);
    expect(small.width * small.height).toBeGreaterThanOrEqual(78_400);
    const big = smartResize({ width: 8000, height: 8000 }, UITARS_15_RESIZE);
    expect(big.width * big.height).toBeLessThanOrEqual(12_845_056);
    expect(big.width % 28).toBe(0);
    expect(() => smartResize({ width: 10, height: 3000 }, UITARS_15_RESIZE)).toThrow(ResizeError);
  });

  it('shrinks only above the limit (Doubao shrinks a 1440×3200 phone)', () => {
    expect(shrinkToMaxPixels({ width: 1080, height: 2400 }, 5120 * 28 * 28)).toEqual({ width: 1080, height: 2400 });
    const s = shrinkToMaxPixels({ width: 1440, height: 3200 }, 5120 * 28 * 28);
    expect(s.width * s.height).toBeLessThanOrEqual(5120 * 28 * 28);
    expect(s.width).toBeLessThan(1440);
  });
});
