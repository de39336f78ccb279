import type { Segment } from '../../../shared/domain/json-path.js';
import { matchesFilter, parseSelector } from '../../../shared/domain/json-path.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { VariantName } from '../../../shared/schemas/run-spec.js';
import type { Change, ChangeOp } from './diff.js';

/**
 * What a task is expected to change: the places its success checks read (a check that reads
 * `alarms[hour=6,minute=0]` expects that alarm to change, not the others), its declared
 * `footprint`, and the setting a robustness variant put there. Everything else a run reports.
 */
export interface Expectation {
  source: string;
  /** null: anything in the source. */
  segments: Segment[] | null;
  ops: readonly ChangeOp[] | null;
  origin: 'check' | 'footprint' | 'variant';
}

const VARIANT_SETTINGS: Record<VariantName, Array<[string, string]>> = {
  'font-large': [['settings/system', 'font_scale']],
  'display-large': [['settings/secure', 'display_density_forced']],
  'high-contrast': [['settings/secure', 'high_text_contrast_enabled']],
  dark: [['settings/secure', 'ui_night_mode']],
};

const parse = (path: string): Segment[] | null => {
  try {
    return parseSelector(path);
  } catch {
    return null;
  }
};

/** Where a check's probe reads, when it is a probe whose target can be told (settings get, cmd vphone state + json_path). */
function fromCheck(probe: string, jsonPath: string | undefined): Expectation | null {
  const p = probe.trim().replace(/\s+/g, ' ');
  const setting = /^settings get (system|secure|global) (\S+)$/.exec(p);
  if (setting)
    return { source: `settings/${setting[1]}`, segments: [{ key: setting[2]!, index: null, filters: [] }], ops: null, origin: 'check' };
  const app = /^cmd vphone state (\S+)$/.exec(p);
  if (app && jsonPath !== undefined) {
    const segments = parse(jsonPath);
    return segments ? { source: `app/${app[1]}`, segments, ops: null, origin: 'check' } : null;
  }
  return null;
}

export function expectationsOf(task: Pick<Task, 'success_checks' | 'footprint'>, variant?: VariantName | null): Expectation[] {
  const out: Expectation[] = [];
  for (const c of task.success_checks) {
    const e = fromCheck(c.probe, c.expect.json_path);
    if (e) out.push(e);
  }
  for (const f of task.footprint ?? []) {
    const segments = f.path === undefined ? null : parse(f.path);
    if (f.path !== undefined && !segments) continue;
    out.push({ source: f.at, segments, ops: f.change ?? null, origin: 'footprint' });
  }
  for (const [source, key] of variant ? VARIANT_SETTINGS[variant] : [])
    out.push({ source, segments: [{ key, index: null, filters: [] }], ops: null, origin: 'variant' });
  return out;
}

/**
 * Whether an expectation names this change. A path that stops at a list covers all its items; a
 * filter covers the items it matches (before or after the change); a path that goes into an item
 * covers that field of it. A positional index covers the item at that place before or after.
 */
export function covers(e: Expectation, c: Change, docs: { before: unknown; after: unknown }): boolean {
  if (e.source !== c.source) return false;
  if (e.ops && !e.ops.includes(c.op)) return false;
  if (e.segments === null) return true;
  const segs = e.segments;
  let i = 0;
  // Walk the object keys down to the changed value or list.
  for (let j = 0; j < c.path.length; j++, i++) {
    if (i >= segs.length) return true; // the expectation names a parent of the change
    const s = segs[i]!;
    if (s.key !== c.path[j]) return false;
    if (s.filters.length > 0 || s.index !== null) {
      // Items are the finest grain of a diff: a filter can only select the changed item of this list.
      if (j < c.path.length - 1 || !c.item) return false;
      return itemMatches(s, c, docs) && fieldsCovered(segs.slice(i + 1), c);
    }
  }
  if (!c.item) return true; // the change is the value the expectation names, or a parent of it
  if (i >= segs.length) return true; // the whole list
  const s = segs[i]!;
  if (s.key !== null && s.index === null) return false; // a key where the path reaches a list's items
  return itemMatches(s, c, docs) && fieldsCovered(segs.slice(i + 1), c);
}

function itemMatches(s: Segment, c: Change, docs: { before: unknown; after: unknown }): boolean {
  const values = [c.item!.before, c.item!.after].filter((v) => v !== undefined);
  if (s.index !== null) {
    const at = (doc: unknown): unknown => {
      let cur: unknown = doc;
      for (const k of c.path) cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined;
      return Array.isArray(cur) ? cur[s.index!] : undefined;
    };
    const there = [at(docs.before), at(docs.after)];
    return values.some((v) => there.some((t) => t !== undefined && JSON.stringify(t) === JSON.stringify(v)));
  }
  return values.some((v) => s.filters.every((f) => matchesFilter(v, f)));
}

/**
 * After the item: no more segments covers the whole item (added, removed or changed). A field name
 * covers a change of that field, and the item's creation (what the check reads must come from
 * somewhere) — not its removal: a check of the 07:00 alarm's switch does not expect the alarm deleted.
 */
function fieldsCovered(rest: Segment[], c: Change): boolean {
  if (rest.length === 0 || c.op === 'added') return true;
  if (c.op === 'removed') return false;
  const field = rest[0]!.key;
  return field !== null && (c.fields ?? []).every((f) => f === field);
}
