/**
 * Reference values printed by `python3 scripts/reference-stats.py` (scipy 1.17.1,
 * numpy 2.4.6). CI has no Python, so the numbers live here; rerun the script and paste
 * again if a case changes. Keys match the script's output.
 */
export const MCNEMAR_P: Record<string, number> = {
  '2,10': 0.03857421875,
  '0,60': 1.734723475976807e-18,
  '0,0': 1.0,
  '5,5': 1.0,
  '3,9': 0.14599609375,
  '7,31': 0.00011616700794547796,
  '9,32': 0.000430857042374555,
  '0,1': 1.0,
  '17,40': 0.0032015437674503813,
  // scipy printed 2.9802322387695312e-08, which is exactly 2^-25 (the literal trips no-loss-of-precision).
  '1,30': 2 ** -25,
  '400,520': 8.549170923883781e-5,
  '4900,5100': 0.04658552770494645,
  '0,200': 1.2446030555722283e-60,
};

export const LOG_BINOM_HALF_CDF: Record<string, number> = {
  '10,100': -38.71760420239885,
  '0,60': -41.58883083359672,
  '4900,10000': -3.759612530917088,
  '50,100': -0.6165665475224169,
};

/** [r, two-sided p] from scipy.stats.pearsonr. */
export const PEARSON: Record<string, [number, number]> = {
  'mod-binary-40': [-0.5181428568936105, 0.0006155514062161914],
  'near-linear-100': [0.9860545546438415, 3.8899957548494693e-78],
  'length-vs-success-249': [0.749952032463412, 3.1505172911728293e-46],
  'tiny-5': [0.8, 0.10408803866182782],
};

/** 2·t.sf(|t|, df). */
export const T_TWO_SIDED: Record<string, number> = {
  '2.0,10': 0.07338803477074037,
  '0.5,3': 0.651447964848151,
  '8.0,98': 2.5369433940940894e-12,
  '30.0,247': 2.507995273159536e-84,
  '1.96,100000': 0.04999856319430168,
};

/** scipy.special.betainc(a, b, x), keyed "x,a,b". */
export const BETAINC: Record<string, number> = {
  '0.3,2.0,5.0': 0.5798250000000003,
  '0.5,50.0,51.0': 0.5397946186935889,
  '0.9,0.5,0.5': 0.7951672353008665,
  '0.01,10.0,3.0': 6.480550000000001e-19,
};

export const GAMMALN: Record<string, number> = {
  '0.5': 0.5723649429247,
  '1.0': 0.0,
  '3.7': 1.428072326665388,
  '10.0': 12.801827480081469,
  '100.5': 361.43554046777757,
  '10001.0': 82108.92783681436,
};

/** Normal approximation to the paired-difference CI: n = 2000, b = 300, c = 500. */
export const BOOTSTRAP_NORMAL = {
  n: 2000,
  b: 300,
  c: 500,
  estimate: 0.1,
  se: 0.013964240043768941,
  lower: 0.07263059244274085,
  upper: 0.12736940755725917,
};

/** The same formulas as scripts/reference-stats.py, pearson_sets(). */
export function pearsonSets(): Record<string, [number[], number[]]> {
  const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
  return {
    'mod-binary-40': [range(40).map((i) => (i * 7) % 13), range(40).map((i) => ((i * 5) % 11 > 5 ? 1 : 0))],
    'near-linear-100': [range(100), range(100).map((i) => i + ((i * 37) % 17) - 8)],
    'length-vs-success-249': [
      range(249).map((i) => ((i * 31) % 47) / 10),
      range(249).map((i) => (((i * 31) % 47) + ((i * 13) % 29) > 40 ? 1 : 0)),
    ],
    'tiny-5': [
      [1, 2, 3, 4, 5],
      [2, 1, 4, 3, 5],
    ],
  };
}

/**
 * Holm-adjusted p-values from scripts/reference-stats.py (a direct loop, as R's
 * p.adjust(method = "holm"); scipy has no Holm). `wikipedia-4` is the published worked example
 * of the "Holm–Bonferroni method" article; `bh1995-15` the 15 p-values of Benjamini &
 * Hochberg (1995), Table 1, where Holm rejects the three smallest at 0.05.
 */
export const HOLM: Record<string, { p: number[]; adjusted: number[] }> = {
  'wikipedia-4': { p: [0.01, 0.03, 0.04, 0.005], adjusted: [0.03, 0.06, 0.06, 0.02] },
  'bh1995-15': {
    p: [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.324, 0.4262, 0.5719, 0.6528, 0.759, 1.0],
    adjusted: [
      0.0015, 0.0056, 0.0247, 0.11399999999999999, 0.2211, 0.27799999999999997, 0.27799999999999997, 0.27799999999999997,
      0.32130000000000003, 1, 1, 1, 1, 1, 1,
    ],
  },
  'ties-5': { p: [0.02, 0.02, 0.5, 0.001, 0.02], adjusted: [0.08, 0.08, 0.5, 0.005, 0.08] },
};
