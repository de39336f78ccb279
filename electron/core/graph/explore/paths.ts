import type { NearMissKind } from '../../../../shared/domain/graph-explore.js';
import type { ExploredState, Explorer } from './explorer.js';
import type { Move } from './moves.js';

/** A path through the explored states: the moves from the start, and the state each one reached. */
export interface StatePath {
  steps: { move: Move; to: string }[];
}

export const endOf = (p: StatePath, root: string): string => p.steps.at(-1)?.to ?? root;
export const decisionsOf = (p: StatePath): string => p.steps.map((s) => s.move.id).join(' → ');

/** A seeded PRNG (mulberry32), so the same exploration samples the same paths. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Space = Pick<Explorer, 'states' | 'edges' | 'root'>;

/** Fewest moves from each state to one where the checks pass (over the transitions played). */
function distanceToPass(x: Space): Map<string, number> {
  const into = new Map<string, string[]>();
  for (const [from, out] of x.edges) for (const to of out.values()) into.set(to, [...(into.get(to) ?? []), from]);
  const dist = new Map<string, number>();
  const queue: string[] = [];
  for (const s of x.states.values()) {
    if (s.pass) {
      dist.set(s.id, 0);
      queue.push(s.id);
    }
  }
  while (queue.length > 0) {
    const s = queue.shift()!;
    for (const p of into.get(s) ?? []) {
      if (dist.has(p) || x.states.get(p)!.pass) continue;
      dist.set(p, dist.get(s)! + 1);
      queue.push(p);
    }
  }
  return dist;
}

/**
 * Right paths: from the start to a state where the task's checks pass, at most `maxLength` moves, each
 * ending at the first such state it reaches. The shortest path to every passing state, then random walks
 * over the transitions that can still reach a passing state in time: half never pass through a state
 * twice (direct routes, in any order the app allows), half may come back to one state once (a detour:
 * back and forth, a value overshot and corrected, a step that changed nothing).
 */
export function sampleRightPaths(x: Space, maxLength: number, limit: number, random: () => number): StatePath[] {
  const dist = distanceToPass(x);
  const out = new Map<string, StatePath>();
  const add = (p: StatePath): void => {
    if (p.steps.length > 0 && !out.has(decisionsOf(p))) out.set(decisionsOf(p), p);
  };
  const moveOf = (s: string, id: string): Move => x.states.get(s)!.moves.find((m) => m.id === id)!;
  // The shortest path to each passing state (breadth-first over the transitions played).
  const shortest = new Map<string, StatePath>([[x.root, { steps: [] }]]);
  const queue = [x.root];
  while (queue.length > 0) {
    const s = queue.shift()!;
    const here = shortest.get(s)!;
    if (x.states.get(s)!.pass) {
      if (here.steps.length <= maxLength) add(here);
      continue;
    }
    for (const [moveId, to] of x.edges.get(s) ?? []) {
      if (shortest.has(to)) continue;
      shortest.set(to, { steps: [...here.steps, { move: moveOf(s, moveId), to }] });
      queue.push(to);
    }
  }
  if (!dist.has(x.root) || dist.get(x.root)! > maxLength) return [...out.values()].slice(0, limit);
  for (let tries = 0; tries < limit * 30 && out.size < limit; tries++) {
    let detours = tries % 2;
    const steps: StatePath['steps'] = [];
    const visited = new Set([x.root]);
    let s = x.root;
    while (!x.states.get(s)!.pass) {
      const left = maxLength - steps.length;
      const options = [...(x.edges.get(s) ?? [])].filter(([, to]) => {
        const d = dist.get(to);
        return d !== undefined && d <= left - 1 && (detours > 0 || !visited.has(to));
      });
      if (options.length === 0) break;
      const [moveId, to] = options[Math.floor(random() * options.length)]!;
      if (visited.has(to)) detours--;
      steps.push({ move: moveOf(s, moveId), to });
      visited.add(to);
      s = to;
    }
    if (x.states.get(s)!.pass) add({ steps });
  }
  return [...out.values()].slice(0, limit);
}

/** A path one decision away from a right one, with what changed. */
export interface NearMiss {
  path: StatePath;
  kind: NearMissKind;
  /** In words: which step changed and how. */
  change: string;
}

/** Up to `n` items of a list, picked at random. */
function pick<T>(list: readonly T[], n: number, random: () => number): T[] {
  const rest = [...list];
  const out: T[] = [];
  while (out.length < n && rest.length > 0) out.push(rest.splice(Math.floor(random() * rest.length), 1)[0]!);
  return out;
}

/** The moves whose container shares the most of `move`'s container path (its neighbours in the layout). */
function nearestRelatives(move: Move, among: readonly Move[]): Move[] {
  const parts = (m: Move): string[] => (m.group ?? '').split('/');
  const mine = parts(move);
  const shared = (m: Move): number => {
    const theirs = parts(m);
    let k = 0;
    while (k < mine.length && k < theirs.length && mine[k] === theirs[k]) k++;
    return k;
  };
  const best = Math.max(0, ...among.map(shared));
  return best === 0 ? [] : among.filter((m) => shared(m) === best);
}

/** Moves that are decisions (a control tapped, a text typed) rather than navigation. */
const isDecision = (m: Move): boolean => m.kind === 'tap' || m.kind === 'long-press' || m.kind === 'type';

/**
 * Near misses of right paths, independent of the demonstrations: at one step another control of the same
 * screen is tapped or another text typed (`sibling`, `other-value`), or the step is left out
 * (`step-missing`); the rest of the path then takes the same decisions wherever they are on screen, and
 * stops where one is not (another page). `finish-early` stops one step before the end. Transitions never
 * played are played on the phone, within `budget`. Candidates whose end state passes the checks are right
 * paths after all (returned apart, as routes of their own).
 */
export async function nearMisses(
  x: Explorer,
  right: readonly StatePath[],
  opts: {
    perPath: number;
    limit: number;
    budget: { left: number };
    random: () => number;
    /** The demonstrations' decisions as an agent can take them (its typing appends, it has no hardware keys). */
    asAgent?: readonly string[][];
  },
): Promise<{ wrong: NearMiss[]; alsoRight: StatePath[] }> {
  const wrong = new Map<string, NearMiss>();
  const alsoRight = new Map<string, StatePath>();
  const seen = new Set(right.map(decisionsOf));
  const follow = async (from: ExploredState, rest: readonly { move: Move }[]): Promise<StatePath['steps']> => {
    const steps: StatePath['steps'] = [];
    let s = from;
    for (const { move } of rest) {
      if (s.pass) break;
      const to = await x.follow(s, move.id, opts.budget);
      if (!to) break;
      steps.push({ move: s.moves.find((m) => m.id === move.id)!, to: to.id });
      s = to;
    }
    return steps;
  };
  const consider = (steps: StatePath['steps'], kind: NearMissKind, change: string): void => {
    const p = { steps };
    const id = decisionsOf(p);
    if (steps.length === 0 || seen.has(id)) return;
    seen.add(id);
    if (x.states.get(endOf(p, x.root))!.pass) alsoRight.set(id, p);
    else wrong.set(id, { path: p, kind, change });
  };
  // A demonstration that cleared a field or pressed a key, redone as an agent must: does the graph know the difference?
  for (const decisions of opts.asAgent ?? []) {
    const steps = await follow(
      x.states.get(x.root)!,
      decisions.map((id) => ({ move: { id } as Move })),
    );
    if (steps.length === decisions.length) consider(steps, 'as-agent', 'a demonstration redone as an agent can (typing appends)');
  }
  for (const r of right) {
    if (wrong.size >= opts.limit) break;
    const states = [x.root, ...r.steps.map((s) => s.to)].map((id) => x.states.get(id)!);
    const made: (() => Promise<void>)[] = [];
    // Finish one step early: the last decision not taken.
    made.push(async () => consider(r.steps.slice(0, -1), 'finish-early', `stopped before ${r.steps.at(-1)!.move.label}`));
    r.steps.forEach((step, i) => {
      if (!isDecision(step.move)) return;
      const at = states[i]!;
      made.push(async () => {
        const rest = await follow(at, r.steps.slice(i + 1));
        consider([...r.steps.slice(0, i), ...rest], 'step-missing', `left out ${step.move.label}`);
      });
      // Another option of the same group (another list row, preset, tab, contact) or, for a text, another
      // value of the task's (a careless one first: the flipped word, the corrected-away number, a neighbour).
      const alike = at.moves.filter((m) => m.id !== step.move.id && isDecision(m) && (m.kind === 'type') === (step.move.kind === 'type'));
      const careless = (m: Move): number => ['flipped', 'retracted', 'neighbour'].indexOf(m.why ?? '') + 1 || 9;
      const others =
        step.move.kind === 'type'
          ? alike.sort((a, b) => careless(a) - careless(b)).slice(0, 4)
          : pick(
              alike.filter((m) => m.group === step.move.group),
              2,
              opts.random,
            ).concat(alike.some((m) => m.group === step.move.group) ? [] : pick(alike, 2, opts.random));
      for (const other of others) {
        made.push(async () => {
          const to = await x.follow(at, other.id, opts.budget);
          if (!to) return;
          const rest = await follow(to, r.steps.slice(i + 1));
          const kind: NearMissKind = other.kind === 'type' ? 'other-value' : 'sibling';
          consider([...r.steps.slice(0, i), { move: other, to: to.id }, ...rest], kind, `${other.label} instead of ${step.move.label}`);
        });
      }
      // Another control beside the decision (its nearest relatives on the screen: the voice call beside the video call)
      // taken first, then (Back, where it opened a page) the path's own decision: what a careless agent does when it
      // corrects itself. Right when nothing it did stays done, wrong when something does.
      const sibling = step.move.kind === 'type' ? undefined : pick(nearestRelatives(step.move, alike), 1, opts.random)[0];
      if (sibling)
        made.push(async () => {
          const to = await x.follow(at, sibling.id, opts.budget);
          if (!to || to.id === at.id) return;
          const back = to.window === at.window ? null : to.moves.find((m) => m.kind === 'back');
          const again = back ? await x.follow(to, back.id, opts.budget) : to;
          if (!again) return;
          const detour = back
            ? [
                { move: sibling, to: to.id },
                { move: back, to: again.id },
              ]
            : [{ move: sibling, to: to.id }];
          const rest = await follow(again, r.steps.slice(i));
          if (rest.length < r.steps.length - i) return;
          consider([...r.steps.slice(0, i), ...detour, ...rest], 'act-then-correct', `${sibling.label} first, then ${step.move.label}`);
        });
    });
    // A few of this path's candidates, picked at random, so every right path gets near misses of each kind.
    for (let k = 0; k < opts.perPath && made.length > 0 && wrong.size < opts.limit; k++) {
      await made.splice(Math.floor(opts.random() * made.length), 1)[0]!();
    }
  }
  return { wrong: [...wrong.values()], alsoRight: [...alsoRight.values()] };
}
