import { describe, expect, it } from 'vitest';
import type { AttributionObservation } from './attribution.js';
import { attribution } from './attribution.js';
import { buildFeatureMatrix } from './features.js';

const base = { syntactic: 'Canonical', scenario: 'System Settings', verbs: 1 };

describe('feature matrix', () => {
  it('one-hot encodes every level and standardizes length and verbs', () => {
    const fm = buildFeatureMatrix([
      { ...base, semantic: 'Indirect Speech', length: 10, verbs: 0 },
      { ...base, semantic: 'Clear and Explicit', length: 20, verbs: 2 },
    ]);
    expect(fm.names).toEqual([
      'semantic: Clear and Explicit',
      'semantic: Indirect Speech',
      'syntactic: Canonical',
      'scenario: System Settings',
      'length (z)',
      'verbs (z)',
    ]);
    expect(fm.rows).toEqual([
      [0, 1, 1, 1, -1, -1],
      [1, 0, 1, 1, 1, 1],
    ]);
    expect(fm.notes.join(' ')).toMatch(/syntactic "Canonical"; that column is constant/);
  });
});

describe('attribution', () => {
  // Success iff the instruction is short, except that Indirect Speech always fails.
  const obs: AttributionObservation[] = Array.from({ length: 60 }, (_, i) => {
    const semantic = i % 3 === 0 ? 'Indirect Speech' : 'Clear and Explicit';
    const length = 5 + (i % 20);
    return { ...base, semantic, length, success: semantic !== 'Indirect Speech' && length < 15 };
  });

  it('correlates each feature with success and flags constant columns instead of crashing', () => {
    const res = attribution(obs, { fm: { epochs: 100 } });
    const byName = Object.fromEntries(res.correlations.map((c) => [c.feature, c]));
    expect(byName['semantic: Indirect Speech']!.r).toBeLessThan(-0.3);
    expect(byName['length (z)']!.r).toBeLessThan(-0.3);
    expect(byName['semantic: Indirect Speech']!.pValue).toBeLessThan(0.05);
    expect(byName['syntactic: Canonical']).toEqual({
      feature: 'syntactic: Canonical',
      r: null,
      pValue: null,
      reason: 'the feature is constant',
    });
    expect(byName['verbs (z)']!.r).toBeNull();
    expect(res.interactions).toHaveLength(res.features.length);
    expect(res.strongest.length).toBeGreaterThan(0);
    expect(JSON.stringify(res)).not.toContain('NaN');
  });

  it('never reports an interaction between features that never co-occur (two levels of one category)', () => {
    const res = attribution(obs, { fm: { epochs: 100 } });
    const a = res.features.indexOf('semantic: Indirect Speech');
    const b = res.features.indexOf('semantic: Clear and Explicit');
    expect(res.interactions[a]![b]).toBeNull();
    expect(res.strongest.every((s) => s.support >= 5)).toBe(true);
    expect(res.strongest.some((s) => s.a.startsWith('semantic:') && s.b.startsWith('semantic:'))).toBe(false);
  });

  it('is deterministic end to end', () => {
    expect(attribution(obs, { fm: { epochs: 30, seed: 2 } })).toEqual(attribution(obs, { fm: { epochs: 30, seed: 2 } }));
  });

  it('explains when there are too few results', () => {
    expect(() => attribution(obs.slice(0, 2))).toThrow(/at least 3 task results/);
  });
});
