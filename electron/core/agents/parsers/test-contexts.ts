import type { ParseContext } from '../parsing/parsed-reply.js';

/** Shared parse contexts for the parser tests (not shipped logic). */
export const REL1000: ParseContext = { coords: { kind: 'relative', max: 1000 } };
export const REL999: ParseContext = { coords: { kind: 'relative', max: 999 } };
/** UI-TARS-1.5 on a 1080×2400 phone: smart_resize gives 1092×2408. */
export const ABS_1092: ParseContext = { coords: { kind: 'absolute', sent: { width: 1092, height: 2408 } } };
