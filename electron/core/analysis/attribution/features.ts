/**
 * The per-task feature matrix of paper Appendix E: one-hot semantic, syntactic and
 * scenario (every level kept, so each category gets its own correlation), plus instruction
 * length and verb count standardized to z-scores (population SD, like sklearn's
 * StandardScaler). A constant continuous column becomes all zeros and is reported.
 */
export interface FeatureObservation {
  semantic: string;
  syntactic: string;
  scenario: string;
  length: number;
  verbs: number;
}

export interface FeatureMatrix {
  names: string[];
  /** One row per observation, in input order. */
  rows: number[][];
  /** Mean and SD used for the standardized columns (NaN-free; sd 0 means "constant"). */
  scaling: Record<'length' | 'verbs', { mean: number; sd: number }>;
  notes: string[];
}

export const featureName = {
  semantic: (v: string): string => `semantic: ${v}`,
  syntactic: (v: string): string => `syntactic: ${v}`,
  scenario: (v: string): string => `scenario: ${v}`,
  length: 'length (z)',
  verbs: 'verbs (z)',
} as const;

function standardize(values: readonly number[]): { z: number[]; mean: number; sd: number } {
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / n);
  return { z: values.map((v) => (sd === 0 ? 0 : (v - mean) / sd)), mean, sd };
}

export function buildFeatureMatrix(obs: readonly FeatureObservation[]): FeatureMatrix {
  if (obs.length === 0) throw new RangeError('the feature matrix needs at least one observation');
  const levels = (key: 'semantic' | 'syntactic' | 'scenario'): string[] => [...new Set(obs.map((o) => o[key]))].sort();
  const groups = (['semantic', 'syntactic', 'scenario'] as const).map((key) => ({ key, levels: levels(key) }));
  const len = standardize(obs.map((o) => o.length));
  const verbs = standardize(obs.map((o) => o.verbs));
  const names = [...groups.flatMap((g) => g.levels.map((l) => featureName[g.key](l))), featureName.length, featureName.verbs];
  const rows = obs.map((o, r) => [...groups.flatMap((g) => g.levels.map((l) => (o[g.key] === l ? 1 : 0))), len.z[r]!, verbs.z[r]!]);
  const notes: string[] = [];
  if (len.sd === 0) notes.push('every instruction has the same length; the length column is all zeros');
  if (verbs.sd === 0) notes.push('every instruction has the same verb count; the verbs column is all zeros');
  for (const g of groups) if (g.levels.length === 1) notes.push(`every observation has ${g.key} "${g.levels[0]}"; that column is constant`);
  return {
    names,
    rows,
    scaling: { length: { mean: len.mean, sd: len.sd }, verbs: { mean: verbs.mean, sd: verbs.sd } },
    notes,
  };
}
