import { describe, expect, it } from 'vitest';
import { classifyGesture } from './gesture.js';

const shown = { width: 540, height: 1200 };

describe('classifyGesture', () => {
  it('a quick click is a Tap in canonical coordinates', () => {
    expect(classifyGesture({ x: 270, y: 600, t: 0 }, { x: 272, y: 601, t: 90 }, shown)).toEqual({ type: 'Tap', at: { x: 500, y: 500 } });
  });

  it('a still press held past the long-press timeout is a LongPress with its duration', () => {
    expect(classifyGesture({ x: 54, y: 120, t: 0 }, { x: 54, y: 120, t: 800 }, shown)).toEqual({
      type: 'LongPress',
      at: { x: 100, y: 100 },
      ms: 800,
    });
  });

  it('a drag is a Swipe from the press to the release', () => {
    expect(classifyGesture({ x: 270, y: 900, t: 0 }, { x: 270, y: 300, t: 250 }, shown)).toEqual({
      type: 'Swipe',
      from: { x: 500, y: 750 },
      to: { x: 500, y: 250 },
      ms: 250,
    });
  });

  it('clamps a release outside the mirror to the screen edge', () => {
    const a = classifyGesture({ x: 10, y: 10, t: 0 }, { x: -50, y: 1300, t: 100 }, shown);
    expect(a).toMatchObject({ type: 'Swipe', to: { x: 0, y: 1000 } });
  });
});
