/**
 * Kendall's rank correlation τ-b between two scorings of the same items (the agents' SR offline and
 * online): concordant minus discordant pairs over the pairs not tied in both, corrected for ties in
 * either scoring. 1: the same order; −1: the reverse; null when one scoring ties everything.
 */
export function kendallTauB(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new RangeError('kendallTauB needs two scorings of the same items');
  let concordant = 0;
  let discordant = 0;
  let tiesX = 0;
  let tiesY = 0;
  for (let i = 0; i < x.length; i++) {
    for (let j = i + 1; j < x.length; j++) {
      const dx = Math.sign(x[i]! - x[j]!);
      const dy = Math.sign(y[i]! - y[j]!);
      if (dx === 0 && dy === 0) continue;
      if (dx === 0) tiesX++;
      else if (dy === 0) tiesY++;
      else if (dx === dy) concordant++;
      else discordant++;
    }
  }
  const denom = Math.sqrt((concordant + discordant + tiesX) * (concordant + discordant + tiesY));
  return denom === 0 ? null : (concordant - discordant) / denom;
}
