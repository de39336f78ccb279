import type { LeftOutTask } from '../../../shared/domain/run-manifest.js';
import type { TaskSummary } from '../../../shared/schemas/task.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';

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

/**
 * The tasks a run of one mode scores, and those it leaves out with the reason. `--mode offline` scores
 * offline tasks against their graphs, and online tasks too when asked (`includeOnline`) and they have a
 * graph (built from their demonstrations for the state judge); `--mode online` plays online tasks only
 * (offline tasks' apps are not on the test phones); `both` scores each task in its own mode.
 */
export function tasksForMode(
  store: WorkspaceStore,
  tasks: readonly TaskSummary[],
  mode: 'offline' | 'online' | 'both',
  opts: { includeOnline: boolean },
): { tasks: TaskSummary[]; leftOut: LeftOutTask[] } {
  if (mode === 'both') return { tasks: [...tasks], leftOut: [] };
  const kept: TaskSummary[] = [];
  const leftOut: LeftOutTask[] = [];
  for (const t of tasks) {
    if (t.mode === mode) kept.push(t);
    else if (mode === 'online') leftOut.push({ taskId: t.id, why: 'offline task' });
    else if (!store.graphs.latest(t.id)) leftOut.push({ taskId: t.id, why: 'online task without a graph' });
    else if (opts.includeOnline) kept.push(t);
    else leftOut.push({ taskId: t.id, why: 'online task (give --include-online to score it offline against its graph)' });
  }
  return { tasks: kept, leftOut };
}

/** One line for the terminal: how many tasks were left out, by reason. */
export function describeLeftOut(leftOut: readonly LeftOutTask[]): string {
  const by = new Map<string, number>();
  for (const l of leftOut) by.set(l.why, (by.get(l.why) ?? 0) + 1);
  const parts = [...by].map(([why, n]) => `${n} × ${why}`);
  return `left out ${leftOut.length} task(s) the selection matched: ${parts.join('; ')}`;
}
