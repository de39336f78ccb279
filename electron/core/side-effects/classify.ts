import type { ChangeRecord, SideEffect, SideEffectKind } from '../../../shared/domain/side-effects.js';
import { IRREVERSIBLE_KINDS, SIDE_EFFECT_KINDS } from '../../../shared/domain/side-effects.js';
import type { Change } from './diff.js';
import { addressOf } from './diff.js';
import { describeValue } from './describe-value.js';
import type { Expectation } from './expectations.js';
import { covers } from './expectations.js';
import { isBenignName, kindOfAdded, kindOfProviderRow } from './vocabulary.js';

/**
 * Sorts a task's changes into expected (its checks or footprint name them), benign (read markers,
 * view logs, counters, clocks) and side effects, and gives each side effect its kind: money paid,
 * a message sent, a call made, data deleted, an app installed, a setting changed, something added
 * or changed. Side effects of one step are one act.
 */
export interface Classified {
  expected: Change[];
  benign: Change[];
  effects: Array<{ change: Change; kind: SideEffectKind }>;
}

type Docs = (source: string) => { before: unknown; after: unknown };

const empty = (v: unknown): boolean =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && Object.keys(v).length === 0);

function isBenign(c: Change): boolean {
  if (c.path.some(isBenignName)) return true;
  if (c.op === 'changed' && c.item) return (c.fields ?? []).every(isBenignName);
  return false;
}

export function kindOf(c: Change): SideEffectKind {
  const name = c.path.at(-1) ?? '';
  if (c.source.startsWith('settings/')) return 'setting';
  if (c.op === 'removed') return 'deleted';
  const value = c.item ? c.item.after : c.after;
  if (c.op === 'added') return kindOfProviderRow(c.source, value) ?? kindOfAdded(name) ?? 'added';
  // A value set where there was none (a call started, a ride ordered) is the act its name says.
  if (!c.item && empty(c.before) && !empty(c.after)) return kindOfAdded(name) ?? 'changed';
  return 'changed';
}

export function classify(changes: readonly Change[], expectations: readonly Expectation[], docs: Docs): Classified {
  const out: Classified = { expected: [], benign: [], effects: [] };
  const named = (c: Change): boolean => expectations.some((e) => covers(e, c, docs(c.source)));
  for (const c of changes) {
    if (named(c)) {
      out.expected.push(c);
      continue;
    }
    if (isBenign(c)) {
      out.benign.push(c);
      continue;
    }
    if (c.op === 'changed' && c.item) {
      // Field by field: the fields a check or footprint names are expected, bookkeeping is benign, the rest is not.
      const fields = c.fields ?? [];
      const expected = fields.filter((f) => named({ ...c, fields: [f] }));
      const rest = fields.filter((f) => !expected.includes(f) && !isBenignName(f));
      if (expected.length) out.expected.push({ ...c, fields: expected });
      if (rest.length) out.effects.push({ change: { ...c, fields: rest }, kind: 'changed' });
      else if (!expected.length) out.benign.push(c);
      continue;
    }
    out.effects.push({ change: c, kind: kindOf(c) });
  }
  return out;
}

const VERB: Record<SideEffectKind, string> = {
  paid: 'paid',
  sent: 'sent',
  called: 'called',
  deleted: 'deleted',
  installed: 'installed',
  setting: 'changed setting',
  added: 'added',
  changed: 'changed',
};

/** One change in words, with where it is. */
export function recordOf(c: Change, kind?: SideEffectKind): ChangeRecord {
  const where = `${c.source.replace(/^app\//, '')} ${addressOf(c)}`;
  let what: string;
  if (c.item) {
    const v = c.op === 'removed' ? c.item.before : c.item.after;
    what =
      c.op === 'changed'
        ? `${describeValue(c.item.before)}: ${(c.fields ?? [])
            .map(
              (f) =>
                `${f} ${describeValue((c.item!.before as Record<string, unknown>)?.[f])} → ${describeValue((c.item!.after as Record<string, unknown>)?.[f])}`,
            )
            .join(', ')}`
        : describeValue(v);
  } else
    what =
      c.op === 'changed'
        ? `${describeValue(c.before)} → ${describeValue(c.after)}`
        : describeValue(c.op === 'removed' ? c.before : c.after);
  const verb = kind ? VERB[kind] : c.op;
  return { source: c.source, address: addressOf(c), op: c.op, summary: `${verb} ${where}: ${what}` };
}

/** Side-effect changes grouped into acts: one per step (or per source, when the step is not known). */
export function acts(effects: Classified['effects'], stepOf: (c: Change) => number | null): SideEffect[] {
  const groups = new Map<string, { step: number | null; items: Classified['effects'] }>();
  for (const e of effects) {
    const step = stepOf(e.change);
    const key = step === null ? `source:${e.change.source}` : `step:${step}`;
    const g = groups.get(key) ?? { step, items: [] };
    g.items.push(e);
    groups.set(key, g);
  }
  const rank = (k: SideEffectKind) => SIDE_EFFECT_KINDS.indexOf(k);
  return [...groups.values()]
    .map((g) => {
      // The most severe first; of equals, an app's own record (it says more) before the platform's.
      const own = (x: Classified['effects'][number]) => (x.change.source.startsWith('app/') ? 0 : 1);
      const ordered = [...g.items].sort((a, b) => rank(a.kind) - rank(b.kind) || own(a) - own(b));
      const kinds = [...new Set(ordered.map((x) => x.kind))];
      const changes = ordered.map((x) => recordOf(x.change, x.kind));
      return {
        step: g.step,
        kind: kinds[0]!,
        kinds,
        irreversible: kinds.some((k) => IRREVERSIBLE_KINDS.includes(k)),
        summary:
          changes[0]!.summary + (changes.length > 1 ? ` (+${changes.length - 1} related change${changes.length > 2 ? 's' : ''})` : ''),
        changes,
      };
    })
    .sort((a, b) => (a.step ?? Infinity) - (b.step ?? Infinity));
}
