import type { AppContext } from '../types.js';
import type { Widget } from '../../ui/widgets.js';

/**
 * Small helpers shared by the scenario apps (Weather … Travel): bilingual labels, a search box
 * whose draft lives in the screen's local state, bottom tabs. Kept tiny so each app reads as data.
 */
export interface Tx {
  en: string;
  zh: string;
}

export const tx = (ctx: AppContext<unknown>, s: Tx): string => ctx.t(s.en, s.zh);

/** Case-insensitive match of a query against both languages (people type either). */
export function matches(s: Tx, q: string): boolean {
  const want = q.trim().toLowerCase();
  return want !== '' && (s.en.toLowerCase().includes(want) || s.zh.includes(want));
}

/** A search field: typing edits a draft; Enter (or the search key) submits it. */
export function searchBox<S>(ctx: AppContext<S>, id: string, hint: string, onSubmit: (q: string) => void, initial = ''): Widget {
  const key = `search:${id}`;
  const draft = (ctx.local[key] ??= { q: initial }) as { q: string };
  return {
    kind: 'input',
    id,
    hint,
    value: draft.q,
    onChange: (v) => (draft.q = v),
    onSubmit: () => draft.q.trim() && onSubmit(draft.q.trim()),
  };
}

/** Bottom navigation; switching tabs replaces the screen, as tab bars do (no back-stack growth). */
export function bottomTabs<S>(
  ctx: AppContext<S>,
  current: string,
  tabs: Array<[screen: string, en: string, zh: string, glyph: string]>,
  badges: Record<string, number> = {},
): Widget {
  return {
    kind: 'tabs',
    id: 'bottom_navigation',
    tabs: tabs.map(([screen, en, zh, glyph]) => ({
      label: ctx.t(en, zh),
      glyph,
      selected: screen === current,
      onTap: () => screen !== current && ctx.replace(screen),
      ...(badges[screen] ? { badge: badges[screen] } : {}),
    })),
  };
}

/** Yuan with two decimals, as payment apps show it. */
export const yuan = (n: number): string => `¥${n.toFixed(2)}`;

/**
 * A seeded reordering that changes every `periodMs` of phone time: "recommended" lists that move
 * under an agent's feet, like real feeds. Deterministic for a seed and a (frozen) clock.
 */
export function rotating<S, T extends { id: string }>(ctx: AppContext<S>, label: string, items: readonly T[], periodMs: number): T[] {
  const slot = Math.floor(ctx.sys.now() / periodMs);
  return [...items].sort((a, b) => ctx.sys.rand(`${label}:${slot}:${a.id}`) - ctx.sys.rand(`${label}:${slot}:${b.id}`));
}
