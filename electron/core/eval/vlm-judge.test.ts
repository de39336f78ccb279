import { describe, expect, it } from 'vitest';
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
  it('keeps all frames when there are few, and spreads picks over many', () => {
    expect(sampleFrames([1, 2], 3)).toEqual([1, 2]);
    expect(sampleFrames([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 3)).toEqual([3, 6, 9]);
  });
});
