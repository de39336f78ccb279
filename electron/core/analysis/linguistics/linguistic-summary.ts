import { mean, median } from '../stats/quantile.js';
import type { InstructionMetrics } from './instruction-metrics.js';

/** One instruction set's statistics (paper Table 5 and the shares quoted in §3.2). */
export interface CategoryShare {
  category: string;
  count: number;
  /** count / instructions, as a fraction. */
  share: number;
}

export interface SetSummary {
  name: string;
  instructions: number;
  /** 'characters', 'words', or 'mixed' when the set mixes languages (then lengths are not comparable). */
  lengthUnit: 'characters' | 'words' | 'mixed';
  meanLength: number;
  medianLength: number;
  meanVerbs: number;
  medianVerbs: number;
  /** Share of instructions shorter than 20 length units (paper: 78.31% for ElderBench). */
  shareShorterThan20: number;
  /** Share with no verb at all. */
  shareWithoutVerbs: number;
  syntactic: CategoryShare[];
  semantic: CategoryShare[];
  scenario: CategoryShare[];
  /** Per semantic category: instructions, mean verbs, share without verbs (paper: 22.92% of Indirect Speech). */
  verbsBySemantic: { category: string; instructions: number; meanVerbs: number; shareWithoutVerbs: number }[];
}

/** Shares with the `known` categories first in their canonical order (zeros kept), then any others by count. */
export function categoryShares(values: readonly string[], known: readonly string[] = []): CategoryShare[] {
  const counts = new Map<string, number>(known.map((k) => [k, 0]));
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const knownSet = new Set(known);
  const others = [...counts.keys()].filter((k) => !knownSet.has(k)).sort((a, b) => counts.get(b)! - counts.get(a)! || a.localeCompare(b));
  return [...known, ...others].map((category) => ({
    category,
    count: counts.get(category)!,
    share: values.length === 0 ? 0 : counts.get(category)! / values.length,
  }));
}

export interface KnownCategories {
  syntactic: readonly string[];
  semantic: readonly string[];
  scenario: readonly string[];
}

export function summarizeSet(name: string, items: readonly InstructionMetrics[], known: KnownCategories): SetSummary {
  if (items.length === 0) throw new RangeError(`instruction set "${name}" is empty; import tasks first (elderbench tasks import FILE)`);
  const units = new Set(items.map((m) => m.lengthUnit));
  const lengths = items.map((m) => m.length);
  const verbs = items.map((m) => m.verbs);
  const semantic = categoryShares(
    items.map((m) => m.semantic),
    known.semantic,
  );
  return {
    name,
    instructions: items.length,
    lengthUnit: units.size === 1 ? [...units][0]! : 'mixed',
    meanLength: mean(lengths),
    medianLength: median(lengths),
    meanVerbs: mean(verbs),
    medianVerbs: median(verbs),
    shareShorterThan20: lengths.filter((l) => l < 20).length / items.length,
    shareWithoutVerbs: verbs.filter((v) => v === 0).length / items.length,
    syntactic: categoryShares(
      items.map((m) => m.syntactic),
      known.syntactic,
    ),
    semantic,
    scenario: categoryShares(
      items.map((m) => m.scenario),
      known.scenario,
    ),
    verbsBySemantic: semantic.map(({ category }) => {
      const inCat = items.filter((m) => m.semantic === category);
      return {
        category,
        instructions: inCat.length,
        meanVerbs: inCat.length === 0 ? 0 : mean(inCat.map((m) => m.verbs)),
        shareWithoutVerbs: inCat.length === 0 ? 0 : inCat.filter((m) => m.verbs === 0).length / inCat.length,
      };
    }),
  };
}

/** A histogram over fixed-width bins; the last bin is open ("≥ lo"). */
export interface Histogram {
  labels: string[];
  counts: number[];
}

export function histogram(values: readonly number[], binWidth: number, bins: number): Histogram {
  if (!(binWidth > 0) || !Number.isInteger(bins) || bins < 1) throw new RangeError('histogram needs binWidth > 0 and bins ≥ 1');
  const counts = new Array<number>(bins).fill(0);
  for (const v of values) counts[Math.min(bins - 1, Math.max(0, Math.floor(v / binWidth)))]!++;
  const labels = counts.map((_, i) =>
    i === bins - 1 ? `≥${i * binWidth}` : binWidth === 1 ? `${i}` : `${i * binWidth}–${(i + 1) * binWidth - 1}`,
  );
  return { labels, counts };
}
