import { describe, expect, it } from 'vitest';
import type { FailedTask } from './failure-table.js';
import { failureTable, failureTables, judgeAgreement } from './failure-table.js';

function failures(counts: Record<string, number>, agent = 'autoglm'): FailedTask[] {
  return Object.entries(counts).flatMap(([category, n]) =>
    Array.from({ length: n }, (_, i) => ({ taskId: `${category}-${i}`, agent, category: category === '-' ? null : category })),
  );
}

describe('failure table', () => {
  it('reproduces Table 4 (AutoGLM, n = 63)', () => {
    const t = failureTable(
      failures({
        'Intent/Capability Boundary': 36,
        'Planning/State Tracking': 21,
        'Environment Awareness': 4,
        'Visual/Action Execution': 2,
      }),
    );
    expect(t.labelled).toBe(63);
    expect(t.rows.map((r) => [r.category, r.count, Number((r.share * 100).toFixed(1))])).toEqual([
      ['Intent/Capability Boundary', 36, 57.1],
      ['Planning/State Tracking', 21, 33.3],
      ['Environment Awareness', 4, 6.3],
      ['Visual/Action Execution', 2, 3.2],
    ]);
  });

  it('keeps custom categories after the paper’s four and leaves unlabelled failures out of the shares', () => {
    const t = failureTable(failures({ 'Planning/State Tracking': 2, 'Login wall': 1, 'Judge error': 1, '-': 3 }));
    expect(t.rows.map((r) => r.category)).toEqual([
      'Intent/Capability Boundary',
      'Planning/State Tracking',
      'Environment Awareness',
      'Visual/Action Execution',
      'Judge error',
      'Login wall',
    ]);
    expect([t.labelled, t.unlabelled]).toEqual([4, 3]);
    expect(t.rows[1]!.share).toBe(0.5);
  });

  it('splits per agent on request', () => {
    const f = [...failures({ 'Environment Awareness': 1 }, 'b'), ...failures({ 'Visual/Action Execution': 2 }, 'a')];
    const tables = failureTables(f, true);
    expect(tables.map((t) => [t.agent, t.labelled])).toEqual([
      [null, 3],
      ['a', 2],
      ['b', 1],
    ]);
  });
});

describe('judge agreement', () => {
  it('compares judge and human verdicts over reviewed results only', () => {
    const a = judgeAgreement([
      { judgeSuccess: true, humanVerdict: 'success' },
      { judgeSuccess: true, humanVerdict: 'failure' },
      { judgeSuccess: false, humanVerdict: 'failure' },
      { judgeSuccess: false, humanVerdict: 'failure' },
      { judgeSuccess: false, humanVerdict: null },
    ])!;
    expect(a.n).toBe(4);
    expect(a.percentAgreement).toBe(0.75);
    // p_e = (2/4)(1/4) + (2/4)(3/4) = 0.5 → κ = 0.5.
    expect(a.kappa).toBeCloseTo(0.5, 12);
    expect(judgeAgreement([{ judgeSuccess: true, humanVerdict: null }])).toBeNull();
  });
});
