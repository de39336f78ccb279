import type { RightPathKind } from '../../../../shared/domain/graph-explore.js';
import type { StatePath } from './paths.js';

/** A demonstration as the phone saw it: the true states it passed through (the start first) and its decisions. */
export interface DemoRoute {
  states: string[];
  decisions: string[];
}

/** Removes detours: where a state comes back, what happened since it was last there is a loop (its states, the anchor first). */
function eraseLoops(states: readonly string[], decisions: readonly string[]): { states: string[]; decisions: string[]; loops: string[][] } {
  const s: string[] = [];
  const d: string[] = [];
  const loops: string[][] = [];
  states.forEach((state, i) => {
    const seen = s.indexOf(state);
    if (seen >= 0) {
      loops.push(s.slice(seen));
      s.length = seen + 1;
      d.length = seen;
      return;
    }
    if (i > 0) d.push(decisions[i - 1]!);
    s.push(state);
  });
  return { states: s, decisions: d, loops };
}

const same = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);
const sorted = (a: readonly string[]): string[] => [...a].sort();
const anyText = (a: readonly string[]): string[] => a.map((x) => (x.startsWith('type:') ? 'type:*' : x));

/** The state facts a classification reads: what the app holds (a key), the window, and the data leaf by leaf. */
export interface StateFacts {
  app: string;
  window: string;
  data: Record<string, string>;
}

/** What each step changed in the data, in order: `leaf=value` for every leaf that took a new value. */
function changes(route: readonly string[], stateOf: (id: string) => StateFacts): string[] {
  const out: string[] = [];
  for (let i = 1; i < route.length; i++) {
    const a = stateOf(route[i - 1]!).data;
    const b = stateOf(route[i]!).data;
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) if (a[k] !== b[k]) out.push(`${k}=${b[k] ?? ''}`);
  }
  return out;
}

/** Whether `small` is contained in `big` as a multiset. */
function includes(big: readonly string[], small: readonly string[]): boolean {
  const left = new Map<string, number>();
  for (const x of big) left.set(x, (left.get(x) ?? 0) + 1);
  return small.every((x) => {
    const n = left.get(x) ?? 0;
    left.set(x, n - 1);
    return n > 0;
  });
}

const sameData = (a: Record<string, string>, b: Record<string, string>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * How a right path relates to the demonstrations, judged on the phone's true states (what the app holds;
 * where a page is scrolled to and what only logs a view do not count):
 * - the same states and decisions as a demonstration: `demonstrated`; the same states reached with other
 *   controls (the Up arrow for Back, a preset for typed digits): `other-control`;
 * - the same once detours are removed: `back-and-forth` when a detour visits another page,
 *   `overshoot-and-correct` when it stays on one page (a value changed and changed back), `no-effect`
 *   when its only detours are actions that changed nothing;
 * - the same changes to the data as a demonstration, in another order (the destination set before the
 *   date), or in its order on the same pages (detours removed) reached in another order: `field-order`;
 * - the same decisions with other typed text: `text-semantics`;
 * - a demonstration's changes plus others later undone, ending with the same data (三亚 chosen, then
 *   上海): `overshoot-and-correct`;
 * - a demonstration's changes plus others left in place (a song liked on the way): `side-effect` — right by
 *   the checks, yet the path did more than the task;
 * - else a route no demonstration took: `other-route`.
 */
export function classifyRight(
  path: StatePath,
  root: string,
  demos: readonly DemoRoute[],
  stateOf: (id: string) => StateFacts,
): RightPathKind {
  const ids = [root, ...path.steps.map((s) => s.to)];
  const app = (route: readonly string[]): string[] => route.map((id) => stateOf(id).app);
  const states = app(ids);
  const decisions = path.steps.map((s) => s.move.id);
  const routes = demos.map((d) => ({ ...d, app: app(d.states), erased: eraseLoops(app(d.states), d.decisions) }));
  if (routes.some((d) => same(d.app, states) && same(d.decisions, decisions))) return 'demonstrated';
  // The demonstration's states, reached with other controls (the Up arrow for Back, a preset for typed digits).
  if (routes.some((d) => same(d.app, states))) return 'other-control';
  const erased = eraseLoops(states, decisions);
  if (erased.loops.length > 0 && routes.some((d) => same(d.erased.states, erased.states))) {
    const real = erased.loops.filter((l) => l.length > 1);
    if (real.length === 0) return 'no-effect';
    // Loops hold app keys; a loop on one page keeps the window of the state it left.
    const windowOf = new Map(ids.map((id) => [stateOf(id).app, stateOf(id).window]));
    return real.some((l) => l.some((st) => windowOf.get(st) !== windowOf.get(l[0]!))) ? 'back-and-forth' : 'overshoot-and-correct';
  }
  const mine = changes(ids, stateOf);
  const end = stateOf(ids.at(-1)!).data;
  // Pages once detours are removed (the loop-erased routes above): a category page looked at and left is not the
  // category page a demonstration went through (home → 棋牌游戏 → back → the item from home is not home → 视频 → the item).
  const windowOfApp = new Map([...ids, ...demos.flatMap((d) => d.states)].map((id) => [stateOf(id).app, stateOf(id).window]));
  const pages = (apps: readonly string[]): string[] => [...new Set(apps.map((a) => windowOfApp.get(a)!))].sort();
  const theirs = routes.map((d) => ({
    changes: changes(d.states, stateOf),
    end: stateOf(d.states.at(-1)!).data,
    pages: pages(d.erased.states),
  }));
  const minePages = pages(erased.states);
  // The same edits, in another order — or in the same order on the same pages, focused or opened in another order.
  const fieldOrder = theirs.some(
    (t) =>
      sameData(t.end, end) &&
      mine.length === t.changes.length &&
      includes(mine, t.changes) &&
      (!same(mine, t.changes) || same(minePages, t.pages)),
  );
  if (fieldOrder) return 'field-order';
  const texts = anyText(erased.decisions);
  if (routes.some((d) => same(anyText(d.erased.decisions), texts) || same(sorted(anyText(d.erased.decisions)), sorted(texts))))
    return 'text-semantics';
  if (routes.some((d) => same(sorted(d.erased.decisions), sorted(erased.decisions)))) return 'field-order';
  // A correction: every change beyond the demonstration's is to a leaf the demonstration sets too, later set right.
  const leaf = (c: string): string => c.slice(0, c.indexOf('='));
  const corrected = theirs.some((t) => {
    if (!sameData(t.end, end) || mine.length <= t.changes.length || !includes(mine, t.changes)) return false;
    const theirLeaves = new Set(t.changes.map(leaf));
    return mine.every((c) => theirLeaves.has(leaf(c)));
  });
  if (corrected) return 'overshoot-and-correct';
  // The demonstration's changes and others left in place (a song liked on the way, the photo also shared).
  if (theirs.some((t) => mine.length > t.changes.length && includes(mine, t.changes))) return 'side-effect';
  return 'other-route';
}

/**
 * What a careless (`side-effect`) path changed beyond the demonstrations: the leaf changes left once the changes of
 * the demonstration it contains are taken away (the closest such demonstration: fewest left).
 */
export function sideEffectsOf(path: StatePath, root: string, demos: readonly DemoRoute[], stateOf: (id: string) => StateFacts): string[] {
  const mine = changes([root, ...path.steps.map((s) => s.to)], stateOf);
  let best: string[] | null = null;
  for (const d of demos) {
    const theirs = changes(d.states, stateOf);
    if (!includes(mine, theirs)) continue;
    const left = [...mine];
    for (const c of theirs) left.splice(left.indexOf(c), 1);
    if (!best || left.length < best.length) best = left;
  }
  return best ?? mine;
}
