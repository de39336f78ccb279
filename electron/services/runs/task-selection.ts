import type { TaskSummary } from '../../../shared/schemas/task.js';

/**
 * Selects tasks by a filter expression: comma-separated terms, each an id (with `*` as a
 * wildcard) or `field=value` for mode, app, set, semantic, syntactic, scenario, lang.
 * Terms of the same field are alternatives (OR); different fields must all hold (AND).
 */
export function selectTasks(all: readonly TaskSummary[], filter: string | undefined): TaskSummary[] {
  if (!filter?.trim()) return [...all];
  const byField = new Map<string, string[]>();
  for (const term of filter
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)) {
    const eq = term.indexOf('=');
    const [field, value] = eq > 0 ? [term.slice(0, eq).trim(), term.slice(eq + 1).trim()] : ['id', term];
    byField.set(field, [...(byField.get(field) ?? []), value]);
  }
  const get: Record<string, (t: TaskSummary) => string> = {
    id: (t) => t.id,
    mode: (t) => t.mode,
    app: (t) => t.app,
    set: (t) => t.taskSet,
    semantic: (t) => t.semantic,
    syntactic: (t) => t.syntactic,
    scenario: (t) => t.scenario,
    lang: (t) => t.lang,
  };
  for (const f of byField.keys()) {
    if (!get[f]) throw new Error(`--tasks: unknown field "${f}"; use id, mode, app, set, semantic, syntactic, scenario or lang`);
  }
  const like = (pattern: string, v: string): boolean =>
    new RegExp(
      `^${pattern
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
      'i',
    ).test(v);
  return all.filter((t) => [...byField.entries()].every(([f, values]) => values.some((v) => like(v, get[f]!(t)))));
}
