import { describe, expect, it } from 'vitest';
import { FrameKeeper, keptFrames } from './frame-sampling.js';
import { parseVerdict, sampleFrames } from './vlm-judge.js';

describe('parseVerdict (strict)', () => {
  it.each([
    ['{"verdict": "success", "reason": "font is larger"}', true],
    ['```json\n{"verdict":"failure","reason":"still small"}\n```', false],
    ['Sure! {"verdict": "success", "reason": "ok"} Hope that helps.', true],
  ])('reads %j', (reply, pass) => {
    expect(parseVerdict(reply).pass).toBe(pass);
  });

  it.each([
    ['The task looks successful.'],
    ['{"verdict": "yes"}'],
    ['{"verdict": "Success"}'],
    ['{"verdict": "success"'],
    [''],
    ['{"result": "success"}'],
  ])('never turns %j into a pass', (reply) => {
    expect(parseVerdict(reply).pass).toBeNull();
  });
});

describe('sampleFrames', () => {
  it('keeps all frames when there are few, and spreads picks over the whole trajectory: first, evenly spaced, then the final', () => {
    expect(sampleFrames([1, 2], 3)).toEqual([1, 2]);
    // 12 earlier frames + the final screen = positions 0…12; 4 evenly spaced screens are 0, 4, 8 and the final.
    expect(sampleFrames([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 3)).toEqual([0, 4, 8]);
    // Never only the last few: the first frame is always sent.
    const long = Array.from({ length: 200 }, (_, i) => i);
    expect(sampleFrames(long, 3)).toEqual([0, 67, 133]);
    expect(sampleFrames(long, 0)).toEqual([]);
  });
});

describe('FrameKeeper', () => {
  it('keeps every frame up to its cap, then thins evenly and always keeps the first', () => {
    expect(keptFrames([1, 2, 3], 4)).toEqual([1, 2, 3]);
    const kept = keptFrames(
      Array.from({ length: 100 }, (_, i) => i),
      8,
    );
    expect(kept[0]).toBe(0);
    expect(kept.length).toBeLessThanOrEqual(8);
    const gaps = kept.slice(1).map((v, i) => v - kept[i]!);
    expect(new Set(gaps).size).toBe(1); // evenly spaced
    expect(kept.at(-1)).toBeGreaterThanOrEqual(100 - gaps[0]!); // reaches the end of the trajectory
  });

  it('gives the same frames pushed one by one as keptFrames over the list (the Review screen relies on it)', () => {
    const k = new FrameKeeper<number>(5);
    const items = Array.from({ length: 37 }, (_, i) => i * 3);
    for (const x of items) k.push(x);
    expect(k.frames).toEqual(keptFrames(items, 5));
    expect(() => new FrameKeeper(1)).toThrow(/at least 2/);
  });
});
