import { isDeepStrictEqual } from 'node:util';
import type { Snapshot } from './snapshot.js';
import { describeValue } from './describe-value.js';
import { isBenignName } from './vocabulary.js';

/**
 * What changed between two snapshots, item by item. Objects are compared key by key; a list is
 * compared by the identity of its items — the first of `_id`, `id`, `no`, `address`, `package`,
 * `key` that every item has, uniquely — so an item deleted before another does not make the other
 * look changed. A list without such a key (a log of sent messages, a list of names) is compared as
 * a multiset of items, ignoring read markers, so marking a call as seen is a change to that call,
 * not a deletion and an addition.
 */
export type ChangeOp = 'added' | 'removed' | 'changed';

export interface Change {
  source: string;
  /** Object keys from the document root to the value, or to the list holding the item. */
  path: string[];
  /** A list item: how it is identified and its value before and after. */
  item?: { id: string; before?: unknown; after?: unknown };
  op: ChangeOp;
  /** Of a changed list item: the fields that differ. */
  fields?: string[];
  before?: unknown;
  after?: unknown;
}

const ID_KEYS = ['_id', 'id', 'no', 'address', 'package', 'key'];

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isPrimitive = (v: unknown): boolean => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The key that identifies the items of a list (over its items before and after), or null. */
export function identityKey(items: readonly unknown[]): string | null {
  if (items.length === 0 || !items.every(isObject)) return null;
  return (
    ID_KEYS.find((k) =>
      items.every((i) => isPrimitive((i as Record<string, unknown>)[k]) && (i as Record<string, unknown>)[k] !== undefined),
    ) ?? null
  );
}

function unique(items: readonly unknown[], key: string): boolean {
  const seen = new Set(items.map((i) => String((i as Record<string, unknown>)[key])));
  return seen.size === items.length;
}

/** An item without its read markers, as text: what a multiset compares. */
export function stripped(item: unknown): string {
  if (!isObject(item)) return JSON.stringify(item) ?? 'undefined';
  const keys = Object.keys(item)
    .filter((k) => !isBenignName(k))
    .sort();
  return JSON.stringify(Object.fromEntries(keys.map((k) => [k, item[k]])));
}

function diffList(source: string, path: string[], before: unknown[], after: unknown[], out: Change[]): void {
  const key = identityKey([...before, ...after]);
  if (key && unique(before, key) && unique(after, key)) {
    const id = (i: unknown) => String((i as Record<string, unknown>)[key]);
    const b = new Map(before.map((i) => [id(i), i]));
    const a = new Map(after.map((i) => [id(i), i]));
    for (const [k, v] of b) {
      const item = { id: `${key}=${k}`, before: v, after: a.get(k) };
      if (!a.has(k)) out.push({ source, path, item: { id: item.id, before: v }, op: 'removed' });
      else if (!isDeepStrictEqual(v, a.get(k))) {
        const x = v as Record<string, unknown>;
        const y = a.get(k) as Record<string, unknown>;
        const fields = [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((f) => !isDeepStrictEqual(x[f], y[f])).sort();
        out.push({ source, path, item, op: 'changed', fields });
      }
    }
    for (const [k, v] of a) if (!b.has(k)) out.push({ source, path, item: { id: `${key}=${k}`, after: v }, op: 'added' });
    return;
  }
  // A multiset: pair items equal but for read markers, in order; the rest were added or removed.
  const pool = new Map<string, unknown[]>();
  for (const v of before) pool.set(stripped(v), [...(pool.get(stripped(v)) ?? []), v]);
  for (const v of after) {
    const k = stripped(v);
    const left = pool.get(k);
    if (left && left.length > 0) {
      const was = left.shift();
      if (!isDeepStrictEqual(was, v)) {
        const x = was as Record<string, unknown>;
        const y = v as Record<string, unknown>;
        const fields = [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((f) => !isDeepStrictEqual(x[f], y[f])).sort();
        out.push({ source, path, item: { id: `=${k}`, before: was, after: v }, op: 'changed', fields });
      }
    } else out.push({ source, path, item: { id: `=${k}`, after: v }, op: 'added' });
  }
  for (const [k, left] of pool) for (const v of left) out.push({ source, path, item: { id: `=${k}`, before: v }, op: 'removed' });
}

function diffValue(source: string, path: string[], before: unknown, after: unknown, out: Change[]): void {
  if (isDeepStrictEqual(before, after)) return;
  if (isObject(before) && isObject(after)) {
    for (const k of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
      const p = [...path, k];
      if (!(k in after)) out.push({ source, path: p, op: 'removed', before: before[k] });
      else if (!(k in before)) out.push({ source, path: p, op: 'added', after: after[k] });
      else diffValue(source, p, before[k], after[k], out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) return diffList(source, path, before, after, out);
  out.push({ source, path, op: 'changed', before, after });
}

/** The changes from one snapshot to the next, over the sources both could read. */
export function diffSnapshots(before: Snapshot, after: Snapshot): Change[] {
  const out: Change[] = [];
  for (const [source, b] of before.docs) {
    if (!after.docs.has(source)) continue;
    diffValue(source, [], b, after.docs.get(source), out);
  }
  return out;
}

/** A change's place, the same for the same item in every diff (for attributing it to a step). */
export function locationOf(c: Change): string {
  return `${c.source}|${c.path.join('.')}|${c.item?.id ?? ''}`;
}

/**
 * A change's identity across separate plays of the same steps (a replay from the task's setup, the
 * lint's variants): a provider row's `_id` is given anew each time a row is written, so rows are
 * matched by what they hold (without their ids and read markers); everything else by its place.
 */
export function contentKeyOf(c: Change): string {
  return `${rowContentOf(c) ?? locationOf(c)}|${c.op}`;
}

/** A provider row's place and content without its ids and read markers (null for anything else). */
export function rowContentOf(c: Change): string | null {
  if (!c.item?.id.startsWith('_id=')) return null;
  const v = (c.item.after ?? c.item.before) as Record<string, unknown>;
  // Its references to other rows (`thread_id`, `contact_id`…) are given anew with those rows.
  const rest = Object.fromEntries(Object.entries(v).filter(([k]) => k !== '_id' && !k.endsWith('_id')));
  return `${c.source}|${c.path.join('.')}|=${stripped(rest)}`;
}

/** A change's address for people: `alarms[id=2]`, `font_scale`, `[_id=14]`, `sent[…]`. */
export function addressOf(c: Change): string {
  const base = c.path.join('.');
  if (!c.item) return base || '(root)';
  // Items of a multiset have no identity but their content: named by what they say.
  const id = c.item.id.startsWith('=') ? describeValue(c.item.before ?? c.item.after) : c.item.id;
  return `${base}[${id}]`;
}
