import { describe, expect, it } from 'vitest';
import { confusion, judgeAccuracy, judgeVerdicts, judgeWarnings } from './judge-accuracy.js';
import type { LabelledResult } from './judge-accuracy.js';

const pairs = (spec: [boolean, boolean, number][]) =>
  spec.flatMap(([judge, human, n]) => Array.from({ length: n }, () => ({ judge, human })));

describe('judge accuracy', () => {
  it('confusion, precision, recall, F1 and κ with success as the positive class', () => {
    // TP 40, FP 5, FN 5, TN 50: P = R = F1 = 40/45; p_o = 0.9, p_e = 0.45² + 0.55² = 0.505, κ = 0.395/0.495.
    const c = confusion(
      pairs([
        [true, true, 40],
        [true, false, 5],
        [false, true, 5],
        [false, false, 50],
      ]),
    );
    expect(c).toMatchObject({ n: 100, tp: 40, fp: 5, fn: 5, tn: 50 });
    expect(c.f1).toBeCloseTo(40 / 45, 12);
    expect(c.kappa).toBeCloseTo(0.395 / 0.495, 12);
    expect(judgeWarnings([{ judge: 'vlm', overall: c, byCategory: {} }])).toEqual([expect.stringMatching(/F1 .* 0\.889, below 0\.9/)]);
    // No success on either side: P, R and F1 undefined, never 0 or 1.
    const none = confusion(pairs([[false, false, 3]]));
    expect(none).toMatchObject({ precision: null, recall: null, f1: null });
    expect(confusion([])).toMatchObject({ n: 0, f1: null, kappa: null });
  });

  it("a judge's verdict is the success it would score: unfinished is a failure, a pair gives both judges", () => {
    const judge = { judge: 'both' as const, pass: true, reason: '', rule: { pass: true, reason: '' }, vlm: { pass: false, reason: '' } };
    expect(judgeVerdicts({ mode: 'online', exit: 'finished', success: true, judge })).toEqual({ rule: true, vlm: false });
    expect(judgeVerdicts({ mode: 'online', exit: 'step_limit', success: false, judge })).toEqual({ rule: false, vlm: false });
    expect(judgeVerdicts({ mode: 'offline', exit: 'finished', success: true, judge: undefined })).toEqual({ 'task graph': true });
  });

  it('no warning for a well-measured judge with F1 ≥ 0.9 and 30 labels', () => {
    const l = (human: 'success' | 'failure', success: boolean): LabelledResult => ({
      taskId: 't',
      mode: 'offline',
      exit: 'finished',
      success,
      judge: undefined,
      human,
      category: 'c',
    });
    const acc = judgeAccuracy([
      ...Array.from({ length: 15 }, () => l('success', true)),
      ...Array.from({ length: 15 }, () => l('failure', false)),
    ]);
    expect(acc[0]!.overall).toMatchObject({ n: 30, f1: 1, kappa: 1 });
    expect(judgeWarnings(acc)).toEqual([]);
  });
});
