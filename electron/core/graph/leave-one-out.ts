import type { ReplayResult } from '../../../shared/domain/graph.js';
import type { Demo, GraphEdge, TaskGraph } from '../../../shared/domain/task-graph.js';
import type { MatchOptions } from './match.js';
import { matchEdge } from './match.js';
import { pageModel } from './page-model.js';

/**
 * Why a graph built from the other demonstrations rejected one: a route they never took (another control,
 * another page, another ending — the sample set needs more demonstrations), or the same route judged
 * differently (they took that very step from that page to that page, and the walk still said no — order,
 * wording, back-and-forth, text semantics: a defect of the walk). Decided on the graph of all of them.
 */
export function classifyRejection(
  full: TaskGraph,
  demo: Demo,
  replay: ReplayResult,
  opts: MatchOptions,
): NonNullable<ReplayResult['rejection']> {
  const m = pageModel(full);
  // A recorded step read as two (a Type that submits: the Type, then Enter) is used by two edges: each by its action.
  const byIdx = new Map<number, GraphEdge[]>();
  for (const e of full.edges) for (const [d, idx] of e.uses) if (d === demo.id) byIdx.set(idx, [...(byIdx.get(idx) ?? []), e]);
  const edgeOf = (s: Demo['steps'][number]): GraphEdge | undefined => {
    const all = byIdx.get(s.ref.idx) ?? [];
    return all.find((e) => e.action.type === s.action?.type) ?? all[0];
  };
  const steps = demo.steps.filter((s) => s.action !== null && edgeOf(s) !== undefined);
  const others = full.edges.filter((e) => e.demonstrations.some((d) => d !== demo.id));
  const page = (node: string): string => m.pageOf.get(node) ?? node;
  const label = (e: GraphEdge): string =>
    e.action.type === 'Type' ? `Type "${e.action.text}"` : `${e.action.type}${e.target?.text ? ` on "${e.target.text}"` : ''}`;
  /** Another demonstration did this: the same control (or typed) from this page to that page. */
  const sameStep = (e: GraphEdge): GraphEdge | null =>
    others.find(
      (o) =>
        page(o.from) === page(e.from) &&
        page(o.to) === page(e.to) &&
        ((o.action.type === 'Type' && e.action.type === 'Type') ||
          matchEdge(e.action, { ...o, choice: undefined }, opts).matched ||
          matchEdge(o.action, { ...e, choice: undefined }, opts).matched),
    ) ?? null;
  if (replay.matchedSteps < steps.length) {
    const e = edgeOf(steps[replay.matchedSteps]!)!;
    const twin = sameStep(e);
    return twin
      ? {
          kind: 'same-route',
          why: `step ${replay.matchedSteps + 1} (${label(e)}): demonstration ${twin.demonstrations.find((d) => d !== demo.id)} did ${label(twin)} from that page to that page`,
        }
      : { kind: 'other-route', why: `step ${replay.matchedSteps + 1} (${label(e)}): no other demonstration did this from that page` };
  }
  // Every step was taken; Finish failed: the ending.
  const last = steps.length > 0 ? edgeOf(steps.at(-1)!)! : null;
  const endings = others.filter((o) => o.goal);
  const sameEnd = last ? endings.find((o) => page(o.to) === page(last.to)) : undefined;
  if (!last || !sameEnd) return { kind: 'other-route', why: `it ends on a page no other demonstration ended on (${replay.reason})` };
  return sameStep(last)
    ? { kind: 'same-route', why: `it ends as demonstration ${sameEnd.demonstrations[0]} does, yet: ${replay.reason}` }
    : { kind: 'other-route', why: `its last step (${label(last)}) is not how the others finished (${replay.reason})` };
}
