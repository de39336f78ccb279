import { isDeepStrictEqual } from 'node:util';
import type { Segment } from '../../../shared/domain/json-path.js';
import { describeSegment, matchesFilter, parseSelector } from '../../../shared/domain/json-path.js';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `none`: the path is sound but its filter matched no item (a count of 0, where a matcher counts). */
export type Selection = { ok: true; values: unknown[]; many: boolean } | { ok: false; reason: string; none?: boolean };

/**
 * The values a path selects. Without filters it is at most one value (as a dot path always was);
 * a filter may select several (`many`), or none — which is a failure with the reason, never an
 * empty pass.
 */
export function select(root: unknown, path: string): Selection {
  let segments: Segment[];
  try {
    segments = parseSelector(path);
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
  let cur: unknown[] = [root];
  let many = false;
  const done: string[] = [];
  for (const seg of segments) {
    const at = done.join('.') || '(root)';
    const next: unknown[] = [];
    for (const v of cur) {
      let x: unknown = v;
      if (seg.key !== null) {
        if (Array.isArray(x)) {
          if (seg.index === null)
            return { ok: false, reason: `${at} is a list; "${seg.key}" is not an index (select items with [field=value])` };
          if (seg.index >= x.length) return { ok: false, reason: `${at} has ${x.length} items, no index ${seg.index}` };
          x = x[seg.index];
        } else if (isObject(x)) {
          if (!Object.prototype.hasOwnProperty.call(x, seg.key)) return { ok: false, reason: `${at} has no key "${seg.key}"` };
          x = x[seg.key];
        } else return { ok: false, reason: `${at} is ${JSON.stringify(x)}, cannot read "${seg.key}"` };
      }
      if (seg.filters.length === 0) {
        next.push(x);
        continue;
      }
      const here = seg.key === null ? at : [...done, seg.key].join('.');
      if (!Array.isArray(x)) return { ok: false, reason: `${here} is not a list, cannot filter it` };
      next.push(...x.filter((item) => seg.filters.every((f) => matchesFilter(item, f))));
      many = true;
    }
    done.push(describeSegment(seg));
    if (next.length === 0) return { ok: false, reason: `no item matches ${done.join('.')}`, none: seg.filters.length > 0 };
    cur = next;
  }
  return { ok: true, values: cur, many };
}

/** Deep equality used by every JSON matcher (object key order does not matter). */
export const sameJson = (a: unknown, b: unknown): boolean => isDeepStrictEqual(a, b);
