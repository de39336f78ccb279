import { canonicalNumber, dialNumber, normalizeContent } from './content.js';

/** What typing does to a field's text, as a phone's field takes it: appended or in place, through a number field's filter. */

/** How a field takes typing: as text, as a number its filter may strip of a point or dash, or as an amount of money. */
export type FieldInput = 'text' | 'number' | 'money';

/**
 * What typing gives a field: the text appended to what it holds, or in its place with `clear` (as on the phone). In a
 * number field whose input filter decides what the text becomes (filterDecides), both readings: "300 or 3000", which no
 * number a demonstration typed matches — the verdict may not hang on a filter no recording shows. An amount of money
 * written as money is (300.00, 12.5) is one reading in a money field: it takes the point.
 */
export function typedValue(base: string, text: string, clear: boolean | undefined, input: FieldInput = 'text'): string {
  const [kept, dropped] = numberReadings(base, text, clear, input);
  // A phone number's separators kept or dropped (021-9556-6888): one number to a dialer either way, which is how a
  // number field's goal condition reads it (goal-conditions.ts conditionHolds).
  if (kept === dropped) return kept;
  const dialled = dialNumber(kept);
  return dialled !== null && dialled === dialNumber(dropped) ? kept : `${kept} or ${dropped}`;
}

/**
 * Whether typing into a number field gives a number that depends on the field's input filter, which no recording
 * shows: ASCII other than digits and spaces (10.0, 1-2) is kept by one app (an amount takes the point) and dropped by
 * another (the timer's minutes: 10.0 is 100). Where both readings are the same number (300元, 300 ), or a money field
 * is given an amount (300.00), it does not.
 */
export function filterDecides(base: string, text: string, clear: boolean | undefined, input: FieldInput = 'number'): boolean {
  const [kept, dropped] = numberReadings(base, text, clear, input);
  return kept !== dropped;
}

/** The field's value with the typed text as typed, and with only its digits (the same where the filter cannot matter). */
function numberReadings(base: string, text: string, clear: boolean | undefined, input: FieldInput): [string, string] {
  const numeric = input !== 'text';
  const whole = (t: string): string => {
    // A number field's input filter drops full-width digits and whatever else is not ASCII (see PageModel.numeric).
    const typed = numeric ? t.replace(/[^\x20-\x7e]/g, '') : t;
    return normalizeContent(clear ? typed : `${base === '*' ? '' : base}${typed}`);
  };
  // An amount of money is the number it says, as the payment reads it: 0300 and 300.000 are 300 (a payment keyboard
  // takes two places at most, and the amount has no leading zero).
  const amount = input === 'money' && /^\d+(\.\d+)?$/.test(whole(text)) ? String(Number(whole(text))) : null;
  if (amount !== null) return [amount, amount];
  const kept = canonicalNumber(whole(text));
  if (!numeric || !/[!-/:-~]/.test(text)) return [kept, kept];
  return [kept, canonicalNumber(whole(text.replace(/[^0-9\s]/g, '')))];
}
