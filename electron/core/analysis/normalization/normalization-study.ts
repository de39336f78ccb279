import type { BootstrapCi, BootstrapOptions } from '../stats/bootstrap.js';
import { pairedBootstrapCi } from '../stats/bootstrap.js';
import { holmAdjust } from '../stats/holm.js';
import type { McNemarResult } from '../stats/mcnemar.js';
import { exactMcNemar } from '../stats/mcnemar.js';

/**
 * The controlled normalization study (paper §5.3, Table 3): the same task run with the
 * original and the rewritten instruction. Everything is paired by task, so the tests are
 * paired too: exact McNemar on the discordant pairs and a paired bootstrap CI of Δ.
 */
export interface NormalizationPair {
  taskId: string;
  /** Semantic category of the task (the stratum). */
  category: string;
  /** Success with the original instruction. */
  original: boolean;
  /** Success with the rewritten instruction. */
  rewritten: boolean;
}

export interface NormalizationRow {
  category: string;
  tasks: number;
  /** tasks / all pairs, as a fraction. */
  share: number;
  successOriginal: number;
  successRewritten: number;
  /** successRewritten − successOriginal (a count, as Table 3 prints). */
  delta: number;
  /** Success-rate difference (rewritten − original), as a fraction. */
  rateDelta: number;
  mcnemar: McNemarResult;
  /**
   * Holm-adjusted McNemar p over the per-category rows (one family: the categories of one
   * agent's study); null on the overall row, which is a single test.
   */
  pHolm: number | null;
  ci: BootstrapCi;
}

export interface NormalizationStudy {
  rows: NormalizationRow[];
  overall: NormalizationRow;
}

function summarize(category: string, pairs: readonly NormalizationPair[], total: number, boot: BootstrapOptions): NormalizationRow {
  let so = 0;
  let sr = 0;
  let b = 0;
  let c = 0;
  for (const p of pairs) {
    if (p.original) so++;
    if (p.rewritten) sr++;
    if (p.original && !p.rewritten) b++;
    if (!p.original && p.rewritten) c++;
  }
  return {
    category,
    tasks: pairs.length,
    share: pairs.length / total,
    successOriginal: so,
    successRewritten: sr,
    delta: sr - so,
    rateDelta: (sr - so) / pairs.length,
    mcnemar: exactMcNemar(b, c),
    pHolm: null,
    ci: pairedBootstrapCi(
      pairs.map((p) => ({ before: p.original, after: p.rewritten })),
      boot,
    ),
  };
}

/** Per-category rows (alphabetical, like Table 3) and the overall row. Each task id must appear once. */
export function normalizationStudy(pairs: readonly NormalizationPair[], boot: BootstrapOptions = {}): NormalizationStudy {
  if (pairs.length === 0)
    throw new RangeError('the normalization study needs at least one task with both an original and a rewritten result');
  const seen = new Set<string>();
  for (const p of pairs) {
    if (seen.has(p.taskId))
      throw new RangeError(`task ${p.taskId} appears twice; give one original/rewritten pair per task (filter by agent first)`);
    seen.add(p.taskId);
  }
  const byCategory = new Map<string, NormalizationPair[]>();
  for (const p of pairs) {
    const g = byCategory.get(p.category);
    if (g) g.push(p);
    else byCategory.set(p.category, [p]);
  }
  const raw = [...byCategory.keys()].sort().map((k) => summarize(k, byCategory.get(k)!, pairs.length, boot));
  const adjusted = holmAdjust(raw.map((r) => r.mcnemar.pValue));
  const rows = raw.map((r, i) => ({ ...r, pHolm: adjusted[i]! }));
  return { rows, overall: summarize('Overall', pairs, pairs.length, boot) };
}
