import type { Action } from '../../../../shared/domain/action.js';
import type { ContentValue, TaskGraph } from '../../../../shared/domain/task-graph.js';
import type { Bounds, ScreenSize, UiHierarchy } from '../../../../shared/domain/ui-node.js';
import { contains, labelOf } from '../../../../shared/domain/ui-tree.js';
import { toNorm, toPixels } from '../../geometry/coordinates.js';
import { optionsAt } from '../content.js';
import { demonstrationEffects } from '../content-keys.js';

/**
 * The probe's variants of a task's demonstrations: right paths (each demonstration, and cross-overs
 * between two demonstrations at a state both pass through) and wrong ones (a content step skipped,
 * typed text or a number changed, a sibling option tapped instead, Finish one step early). Each is a
 * list of actions followed by Finish; the probe plays it on a phone (ground truth: the task's checks)
 * and walks it on the graph, and the two verdicts must agree.
 */
export type VariantKind = 'demonstration' | 'crossover' | 'skip-content' | 'change-text' | 'sibling' | 'finish-early';

export interface ProbeVariant {
  id: string;
  kind: VariantKind;
  /** What the variant is built to be; the phone decides what it is. */
  intent: 'right' | 'wrong';
  /** The demonstration the actions start from. */
  demonstrationId: number;
  /** Actions before this index repeat the demonstration: the player checks the phone shows the same states there. */
  follows: number;
  /** True when the changed step sets content every demonstration sets the same way (the structural probe expects a reject). */
  sharedContent: boolean;
  /**
   * For wrong variants that go on after the change: the demonstration's observation index is the
   * variant's action index plus this (1 after a skipped step). The player goes on only while the phone
   * shows the same page as the demonstration did there; a continuation on another page would be blind taps.
   */
  continuation: { offset: number } | null;
  description: string;
  actions: Action[];
}

/** One recorded step as the probe needs it: the action, the screen it was taken on, and its content candidates. */
export interface ProbeStep {
  action: Action | null;
  ui: UiHierarchy | null;
  content?: ContentValue[];
  /** The page (activity and title) the content belongs to. */
  page?: string;
  /** An editable field had focus (the keyboard was likely up). */
  keyboard?: boolean;
}

export interface ProbeDemo {
  id: number;
  screen: ScreenSize;
  steps: ProbeStep[];
}

export interface VariantOptions {
  /** Sibling options tried per tap that changed content / per other tap. */
  siblingsPerContentTap: number;
  siblingsPerTap: number;
  /** Cross-over points tried per ordered pair of demonstrations. */
  crossoversPerPair: number;
}

export const DEFAULT_VARIANT_OPTIONS: VariantOptions = { siblingsPerContentTap: 2, siblingsPerTap: 1, crossoversPerPair: 2 };

const centre = (b: Bounds): { x: number; y: number } => ({ x: Math.floor((b.left + b.right) / 2), y: Math.floor((b.top + b.bottom) / 2) });

/** Another text of the same kind: numbers shifted (300 → 400), words replaced by an unrelated phrase. */
export function changedText(text: string): string {
  if (/\d/.test(text)) return text.replace(/\d+/g, (d) => String(Number(d) + 10 ** Math.max(0, d.length - 1)));
  return /[\u3400-\u9fff]/.test(text) ? '随便看看' : 'something else';
}

/** The option group's other items (by their centres and labels), nearest first. */
function siblingTaps(ui: UiHierarchy, at: { x: number; y: number }, screen: ScreenSize): { at: { x: number; y: number }; label: string }[] {
  const group = optionsAt(ui, at.x, at.y);
  if (!group) return [];
  const tapped = group.find((o) => contains(o.bounds!, at.x, at.y));
  const mine = tapped ? labelOf(tapped) : '';
  return group
    .filter(
      (o) => o !== tapped && o.bounds!.right > o.bounds!.left && o.bounds!.bottom > o.bounds!.top && o.bounds!.bottom <= screen.height,
    )
    .map((o) => ({ c: centre(o.bounds!), label: labelOf(o) }))
    .filter((s) => s.label !== '' && s.label !== mine)
    .sort((a, b) => Math.hypot(a.c.x - at.x, a.c.y - at.y) - Math.hypot(b.c.x - at.x, b.c.y - at.y))
    .map((s) => ({ at: s.c, label: s.label }));
}

const actionsOf = (d: ProbeDemo): Action[] => d.steps.flatMap((s) => (s.action ? [s.action] : []));

/**
 * Which node each observation of a demonstration belongs to, from the graph's membership lists
 * (cross-overs join two demonstrations at a node both visited).
 */
function nodesOf(graph: TaskGraph, demo: ProbeDemo): (string | null)[] {
  const nodeOf = new Map<string, string>();
  for (const n of graph.nodes) for (const m of n.members) nodeOf.set(`${m.demonstrationId}:${m.idx}`, n.id);
  return demo.steps.map((_, i) => nodeOf.get(`${demo.id}:${i}`) ?? null);
}

/** Content values every demonstration commits identically (what a wrong variant drops or changes). */
function sharedCommits(graph: TaskGraph, demos: readonly ProbeDemo[]): Set<string> {
  const keys = new Set(graph.contentKeys ?? []);
  const perDemo = demos.map((d) => {
    const last = new Map<string, string>();
    for (const effects of demonstrationEffects(d.steps)) for (const v of effects) if (keys.has(v.key)) last.set(v.key, v.value);
    return last;
  });
  const out = new Set<string>();
  for (const [k, v] of perDemo[0] ?? []) if (v !== '' && perDemo.every((m) => m.get(k) === v)) out.add(`${k}=${v}`);
  return out;
}

export function generateVariants(
  graph: TaskGraph,
  demos: readonly ProbeDemo[],
  opts: VariantOptions = DEFAULT_VARIANT_OPTIONS,
): ProbeVariant[] {
  const out: ProbeVariant[] = [];
  const seen = new Set<string>();
  const add = (v: ProbeVariant): void => {
    const key = JSON.stringify(v.actions);
    if (seen.has(key)) return;
    seen.add(key);
    out.push(v);
  };
  const shared = sharedCommits(graph, demos);
  const keys = new Set(graph.contentKeys ?? []);

  for (const d of demos) {
    const actions = actionsOf(d);
    const base = { demonstrationId: d.id };
    add({
      ...base,
      id: `${d.id}:demonstration`,
      kind: 'demonstration',
      intent: 'right',
      follows: actions.length,
      sharedContent: false,
      continuation: null,
      description: `demonstration ${d.id} as recorded`,
      actions,
    });
    if (actions.length > 0) {
      add({
        ...base,
        id: `${d.id}:finish-early`,
        kind: 'finish-early',
        intent: 'wrong',
        follows: actions.length - 1,
        sharedContent: false,
        continuation: null,
        description: `demonstration ${d.id} finishing before its last action`,
        actions: actions.slice(0, -1),
      });
    }
    let k = 0;
    const changes = demonstrationEffects(d.steps);
    for (let t = 0; t < d.steps.length; t++) {
      const step = d.steps[t]!;
      const a = step.action;
      if (!a) continue;
      const idx = k++;
      const effects = (changes[t] ?? []).filter((v) => keys.has(v.key));
      // A choice the demonstration corrects later (后天, then 大后天) is not what the path commits: varying it tests nothing.
      const superseded =
        effects.length > 0 && effects.every((v) => changes.slice(t + 1).some((later) => later.some((w) => w.key === v.key)));
      if (superseded) continue;
      const isShared = effects.some((v) => shared.has(`${v.key}=${v.value}`));
      const replace = (replacement: Action[]): Action[] => [...actions.slice(0, idx), ...replacement, ...actions.slice(idx + 1)];
      const what = (s: string): string => `demonstration ${d.id}, step ${idx + 1}: ${s}`;
      // Content steps: typing, and taps or keys that changed content (a stepper press, a picker choice).
      // Enter submits what was typed; skipping it is not leaving content out.
      if (a.type === 'Type' || (effects.length > 0 && a.type !== 'Enter')) {
        add({
          ...base,
          id: `${d.id}:skip:${idx}`,
          kind: 'skip-content',
          intent: 'wrong',
          follows: idx,
          sharedContent: isShared,
          continuation: { offset: 1 },
          description: what(`${a.type === 'Type' ? `"${a.text}" not typed` : 'content step skipped'}`),
          actions: replace([]),
        });
      }
      if (a.type === 'Type') {
        const text = changedText(a.text);
        add({
          ...base,
          id: `${d.id}:text:${idx}`,
          kind: 'change-text',
          intent: 'wrong',
          follows: idx,
          sharedContent: isShared,
          continuation: { offset: 0 },
          description: what(`"${text}" typed instead of "${a.text}"`),
          actions: replace([{ ...a, text }]),
        });
      }
      if (a.type === 'Tap' && step.ui) {
        const px = toPixels(a.at, d.screen);
        const limit = effects.length > 0 ? opts.siblingsPerContentTap : opts.siblingsPerTap;
        for (const [n, s] of siblingTaps(step.ui, px, d.screen).slice(0, limit).entries()) {
          add({
            ...base,
            id: `${d.id}:sibling:${idx}:${n}`,
            kind: 'sibling',
            intent: 'wrong',
            follows: idx,
            sharedContent: isShared,
            continuation: { offset: 0 },
            description: what(`tapped "${s.label}" instead`),
            actions: replace([{ type: 'Tap', at: toNorm(s.at, d.screen) }]),
          });
        }
      }
    }
  }

  // Cross-overs: A's path to a node B also passes through, then B's path on from there.
  for (const a of demos) {
    const na = nodesOf(graph, a);
    for (const b of demos) {
      if (a === b) continue;
      const nb = nodesOf(graph, b);
      const joins: { i: number; j: number }[] = [];
      for (let i = 1; i < na.length - 1; i++) {
        const j = nb.indexOf(na[i]!);
        if (na[i] && j > 0 && j < nb.length - 1 && !joins.some((x) => x.j === j)) joins.push({ i, j });
      }
      for (const { i, j } of [joins[0], joins.at(-1)]
        .filter((x, n, all): x is { i: number; j: number } => x !== undefined && all.indexOf(x) === n)
        .slice(0, opts.crossoversPerPair)) {
        const actions = [...actionsOf({ ...a, steps: a.steps.slice(0, i) }), ...actionsOf({ ...b, steps: b.steps.slice(j) })];
        add({
          demonstrationId: a.id,
          id: `${a.id}x${b.id}:${i}:${j}`,
          kind: 'crossover',
          intent: 'right',
          follows: i,
          sharedContent: false,
          continuation: null,
          description: `demonstration ${a.id} to ${na[i]}, then demonstration ${b.id} from there`,
          actions,
        });
      }
    }
  }
  return out;
}
