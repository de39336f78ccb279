/**
 * Agreement between two raters over the same items (LLM vs human labels, judge vs human
 * verdicts): percent agreement and Cohen's kappa κ = (p_o − p_e)/(1 − p_e), where p_e is
 * the chance agreement from each rater's marginal label shares.
 */
export interface Agreement {
  n: number;
  agreed: number;
  /** p_o as a fraction. */
  percentAgreement: number;
  /** null when p_e = 1 (both raters used one and the same label for everything): κ is undefined. */
  kappa: number | null;
  expectedAgreement: number;
  /** Confusion counts: confusion[a][b] = items rater A labelled a and rater B labelled b. */
  confusion: Record<string, Record<string, number>>;
}

export function agreement(pairs: readonly (readonly [string, string])[]): Agreement {
  const n = pairs.length;
  if (n === 0) throw new RangeError('agreement needs at least one labelled item from both raters');
  const countA = new Map<string, number>();
  const countB = new Map<string, number>();
  const confusion: Record<string, Record<string, number>> = {};
  let agreed = 0;
  for (const [a, b] of pairs) {
    if (a === b) agreed++;
    countA.set(a, (countA.get(a) ?? 0) + 1);
    countB.set(b, (countB.get(b) ?? 0) + 1);
    const row = (confusion[a] ??= {});
    row[b] = (row[b] ?? 0) + 1;
  }
  const po = agreed / n;
  let pe = 0;
  for (const [label, ca] of countA) pe += (ca / n) * ((countB.get(label) ?? 0) / n);
  const kappa = pe === 1 ? null : (po - pe) / (1 - pe);
  return { n, agreed, percentAgreement: po, kappa, expectedAgreement: pe, confusion };
}
