/**
 * Paths into the JSON a probe prints, shared by the success checks (`json_path`) and the task's
 * declared footprint (docs/tasks.md). Items of a list are addressed by identity, the way a person
 * names them — `alarms[label=吃药].enabled`, `contacts[name=建国]` — so a list that shifts (an item
 * deleted before it) cannot make a check read another item. A number segment still indexes a list
 * (`cart.0.qty`): that is a positional selector, which `tasks lint` warns about.
 *
 *   path    := segment ('.' segment)*           (empty = the whole document)
 *   segment := key filter*  |  filter+  |  digits   (a key with dots is quoted: "com.vphone.shop")
 *   filter  := '[' cond (',' cond)* ']'
 *   cond    := field '=' value                  (the item's field, compared as text: 7 matches 7 and "7")
 *            | '=' value                        (the item itself, for lists of plain values)
 *   value   := "a JSON string" | text up to , or ]
 *
 * A filter keeps every item of the list that matches; a check reads all of them (see check-matcher).
 */
export interface Cond {
  /** null: the item itself. */
  field: string | null;
  value: string;
}

export interface Segment {
  /** An object key; null for a filter applied to the current list. */
  key: string | null;
  /** A list index (a positional selector). */
  index: number | null;
  filters: Cond[][];
}

export class SelectorError extends Error {
  override readonly name = 'SelectorError';
}

export function parseSelector(path: string): Segment[] {
  if (path === '') return [];
  const out: Segment[] = [];
  let i = 0;
  const n = path.length;
  while (i < n) {
    let key = '';
    let quoted = false;
    if (path[i] === '"') {
      // A quoted key holds dots: "com.vphone.store.dance" (a package name in `pm list packages`).
      let j = i + 1;
      while (j < n && path[j] !== '"') j += path[j] === '\\' ? 2 : 1;
      if (j >= n) throw new SelectorError(`"${path}": unclosed quote in a key`);
      key = JSON.parse(path.slice(i, j + 1)) as string;
      quoted = true;
      i = j + 1;
    } else while (i < n && path[i] !== '.' && path[i] !== '[') key += path[i++];
    const filters: Cond[][] = [];
    while (i < n && path[i] === '[') {
      const [conds, next] = parseFilter(path, i + 1);
      filters.push(conds);
      i = next;
    }
    if (key === '' && !quoted && filters.length === 0) throw new SelectorError(`"${path}": empty segment at character ${i + 1}`);
    const index = !quoted && /^\d+$/.test(key) && filters.length === 0 ? Number(key) : null;
    out.push({ key: key === '' && !quoted ? null : key, index, filters });
    if (i < n) {
      if (path[i] !== '.') throw new SelectorError(`"${path}": expected "." at character ${i + 1}`);
      i++;
      if (i === n) throw new SelectorError(`"${path}": ends with "."`);
    }
  }
  return out;
}

function parseFilter(s: string, start: number): [Cond[], number] {
  const conds: Cond[] = [];
  let i = start;
  for (;;) {
    let field = '';
    while (i < s.length && s[i] !== '=' && s[i] !== ']' && s[i] !== ',') field += s[i++];
    if (s[i] !== '=') throw new SelectorError(`"${s}": a filter needs field=value (character ${i + 1})`);
    i++;
    let value = '';
    if (s[i] === '"') {
      let j = i + 1;
      while (j < s.length && s[j] !== '"') j += s[j] === '\\' ? 2 : 1;
      if (j >= s.length) throw new SelectorError(`"${s}": unclosed quote in a filter`);
      try {
        value = JSON.parse(s.slice(i, j + 1)) as string;
      } catch {
        throw new SelectorError(`"${s}": bad quoted value in a filter`);
      }
      i = j + 1;
    } else {
      while (i < s.length && s[i] !== ',' && s[i] !== ']') value += s[i++];
    }
    conds.push({ field: field.trim() === '' ? null : field.trim(), value: value.trim() });
    if (s[i] === ',') {
      i++;
      continue;
    }
    if (s[i] === ']') return [conds, i + 1];
    throw new SelectorError(`"${s}": unclosed "[" in a filter`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const asText = (v: unknown): string | null => (v === null || ['string', 'number', 'boolean'].includes(typeof v) ? String(v) : null);

/** Whether a list item satisfies every condition of one filter. */
export function matchesFilter(item: unknown, conds: readonly Cond[]): boolean {
  return conds.every((c) => {
    const v = c.field === null ? item : isObject(item) ? item[c.field] : undefined;
    return asText(v) === c.value;
  });
}

/** Whether the selector addresses a list item by position anywhere. */
export function isPositional(segments: readonly Segment[]): boolean {
  return segments.some((s) => s.index !== null);
}

export function describeSegment(seg: Segment): string {
  const f = seg.filters.map((conds) => `[${conds.map((c) => `${c.field ?? ''}=${c.value}`).join(',')}]`).join('');
  return `${seg.key ?? ''}${f}`;
}
