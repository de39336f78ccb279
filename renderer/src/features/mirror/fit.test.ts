import { describe, expect, it } from 'vitest';
import { fitScreen } from './fit.js';

const phone = { width: 1080, height: 2400 };

describe('fitScreen', () => {
  it('is limited by height in a tall-enough-but-narrow laptop column, keeping the aspect ratio', () => {
    const s = fitScreen({ width: 400, height: 600 }, phone, 3);
    expect(s.height).toBe(594);
    expect(s.width).toBe(267);
    expect(Math.abs(s.width / s.height - 1080 / 2400)).toBeLessThan(0.002);
  });

  it('is limited by width when the box is narrow', () => {
    expect(fitScreen({ width: 206, height: 2000 }, phone, 3)).toEqual({ width: 200, height: 444 });
  });

  it('is empty before the box or the screen has a size', () => {
    expect(fitScreen({ width: 0, height: 500 }, phone)).toEqual({ width: 0, height: 0 });
    expect(fitScreen({ width: 300, height: 500 }, { width: 0, height: 0 })).toEqual({ width: 0, height: 0 });
  });

  it('works for landscape screens too', () => {
    expect(fitScreen({ width: 600, height: 600 }, { width: 2400, height: 1080 })).toEqual({ width: 600, height: 270 });
  });
});
