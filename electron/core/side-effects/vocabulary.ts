import type { SideEffectKind } from '../../../shared/domain/side-effects.js';

/**
 * What the names in the user's data mean: which changes are bookkeeping (read markers, view logs,
 * counters, clocks) and which are acts (a payment, a message, a call). The names are those of the
 * platform's providers and of the virtual phone's apps; a lab adding an app with other names adds
 * them here. Matching is on the last key of a path, case-insensitive.
 */

/** Read markers, what was looked at, counters and clocks: changed by looking, never harm. */
const BENIGN = [
  /^_/,
  /^(unread|read|seen|new|dialed|drafts?|history|recents?|recent|running|remainingms)$/i,
  /^opened/i,
  /^(readthreads|readcategories|currentgenre|balanceviewed)$/i,
  /viewed/i,
  /^last[A-Z_]?/,
  /^next(id|contactid|order|msgid)?$/i,
  // Settings a phone rewrites on its own.
  /^(next_alarm_formatted|boot_count|time_remaining_estimate_.*|.*_timestamp|.*_last_.*|last_.*)$/i,
];

export const isBenignName = (name: string): boolean => BENIGN.some((re) => re.test(name));

const KIND_OF_ADDED: Array<[RegExp, SideEffectKind]> = [
  [/^(payments?|transfers?|orders?|ordereditems|orderedcategories|purchases?|tickets?|bookings?|ride|rides)$/i, 'paid'],
  [/^(sent|outbox|shared|sharedto|posts?)$/i, 'sent'],
  [/^(calls?|incall|outgoing)$/i, 'called'],
  [/^(installed|installedcategories)$/i, 'installed'],
  [/^(deleted|trash|trashed|removed)$/i, 'deleted'],
];

/** The kind of an item added to a list (or a value set where there was none) named `name`. */
export function kindOfAdded(name: string): SideEffectKind | null {
  return KIND_OF_ADDED.find(([re]) => re.test(name))?.[1] ?? null;
}

/** A provider row added: an SMS of type 2 is one the user sent; a call-log row of type 2 a call they made. */
export function kindOfProviderRow(source: string, row: unknown): SideEffectKind | null {
  const type = row && typeof row === 'object' ? (row as Record<string, unknown>)['type'] : undefined;
  if (source === 'sms') return String(type) === '2' ? 'sent' : 'added';
  if (source === 'call_log') return String(type) === '2' ? 'called' : 'added';
  if (source === 'packages') return 'installed';
  return null;
}
