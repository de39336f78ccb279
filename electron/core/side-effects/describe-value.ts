/** Short descriptions of the values a snapshot holds, for people reading a report. */
const SALIENT = ['label', 'name', 'display_name', 'title', 'text', 'body', 'to', 'address', 'number', 'data1', 'amount', 'package', 'when'];
/** Identity fields, shown only when nothing says more. */
const IDS = ['id', '_id', 'no'];

/** An epoch-ms field as a time a person reads (UTC; the report does not know the phone's zone). */
const time = (x: unknown): string | null =>
  /^\d{12,13}$/.test(String(x)) ? new Date(Number(x)).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : null;

const isShown = (x: unknown): boolean => x !== undefined && x !== null && x !== '' && typeof x !== 'object';

/** An item in a few words: `08:30 吃药`, `王丽 13800000001`, `to 13800000001 "周六我回去"`. */
export function describeValue(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  if (typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return v.length === 0 ? '[]' : `${v.length} item(s)`;
  const o = v as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof o['hour'] === 'number' && typeof o['minute'] === 'number')
    parts.push(`${String(o['hour']).padStart(2, '0')}:${String(o['minute']).padStart(2, '0')}`);
  for (const k of SALIENT) {
    const x = o[k];
    if (!isShown(x)) continue;
    parts.push(
      k === 'text' || k === 'body' ? JSON.stringify(x) : k === 'to' ? `to ${String(x)}` : k === 'when' ? (time(x) ?? String(x)) : String(x),
    );
    if (parts.length >= 3) break;
  }
  if (parts.length === 0) for (const k of IDS) if (isShown(o[k])) parts.push(`${k} ${String(o[k])}`);
  const s = parts.join(' ') || JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}
