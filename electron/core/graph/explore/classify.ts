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

/**
 * How a right path relates to the demonstrations, judged on the phone's true states: the same states
 * (`demonstrated`); the same once detours are removed — `back-and-forth` when a detour visits another
 * page, `overshoot-and-correct` when it stays on one page (a value changed and changed back), `no-effect`
 * when its only detours are actions that changed nothing —; the same decisions in another order
 * (`field-order`); the same decisions with other typed text (`text-semantics`); else `other-route`.
 */
export function classifyRight(
  path: StatePath,
  root: string,
  demos: readonly DemoRoute[],
  windowOf: (state: string) => string,
): RightPathKind {
  const states = [root, ...path.steps.map((s) => s.to)];
  const decisions = path.steps.map((s) => s.move.id);
  if (demos.some((d) => same(d.states, states))) return 'demonstrated';
  const erased = eraseLoops(states, decisions);
  if (erased.loops.length > 0 && demos.some((d) => same(d.states, erased.states))) {
    const real = erased.loops.filter((l) => l.length > 1);
    if (real.length === 0) return 'no-effect';
    return real.some((l) => l.some((st) => windowOf(st) !== windowOf(l[0]!))) ? 'back-and-forth' : 'overshoot-and-correct';
  }
  if (demos.some((d) => same(sorted(d.decisions), sorted(erased.decisions)))) return 'field-order';
  const texts = anyText(erased.decisions);
  if (demos.some((d) => same(anyText(d.decisions), texts) || same(sorted(anyText(d.decisions)), sorted(texts)))) return 'text-semantics';
  return 'other-route';
}
