/** The number formats the report's tables share: success rates in percent, measures to three places. */
export const PERCENT = { kind: 'percent', digits: 2 } as const;
export const FIXED3 = { kind: 'fixed', digits: 3 } as const;
