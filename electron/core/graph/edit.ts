import type { GraphEdge, GraphNode, TaskGraph } from '../../../shared/domain/task-graph.js';
import type { GraphEdit } from '../../../shared/schemas/graph-edit.js';
import type { MatchOptions } from './match.js';
import { DEFAULT_MATCH_OPTIONS } from './match.js';
import { sameEdgeAction } from './merge.js';

export type { GraphEdit } from '../../../shared/schemas/graph-edit.js';

export class GraphEditError extends Error {
  override readonly name = 'GraphEditError';
}

const clone = (g: TaskGraph): TaskGraph => structuredClone(g);

function nodeOrThrow(g: TaskGraph, id: string): GraphNode {
  const n = g.nodes.find((x) => x.id === id);
  if (!n) throw new GraphEditError(`no node ${id} in this graph`);
  return n;
}

/**
 * Recomputes every edge's endpoints from its uses (which observation it was taken from)
 * after membership changed, then merges edges that became duplicates.
 */
function rewire(g: TaskGraph, opts: MatchOptions): void {
  const nodeOf = new Map<string, string>();
  for (const n of g.nodes) for (const m of n.members) nodeOf.set(`${m.demonstrationId}:${m.idx}`, n.id);
  const out: GraphEdge[] = [];
  for (const e of g.edges) {
    // One edge may now split into several (its uses start from different nodes).
    const groups = new Map<string, [number, number][]>();
    for (const u of e.uses) {
      const from = nodeOf.get(`${u[0]}:${u[1]}`) ?? e.from;
      const to = nodeOf.get(`${u[0]}:${u[1] + 1}`) ?? e.to;
      const k = `${from}>${to}`;
      groups.set(k, [...(groups.get(k) ?? []), u]);
    }
    if (groups.size === 0) groups.set(`${e.from}>${e.to}`, []);
    for (const [k, uses] of groups) {
      const [from, to] = k.split('>') as [string, string];
      const dup = out.find((o) => o.from === from && o.to === to && sameEdgeAction(o, e.action, e.target, opts));
      if (dup) {
        dup.uses.push(...uses);
        if (e.goal) dup.goal = true;
        dup.demonstrations = [...new Set([...dup.demonstrations, ...uses.map((u) => u[0])])];
      } else {
        out.push({ ...e, from, to, uses, demonstrations: uses.length ? [...new Set(uses.map((u) => u[0]))] : e.demonstrations });
      }
    }
  }
  out.forEach((e, i) => (e.id = `e${i}`));
  g.edges = out;
}

/** Applies one edit to a copy of the graph. The input graph is never modified. */
export function applyEdit(graph: TaskGraph, edit: GraphEdit, opts: MatchOptions = DEFAULT_MATCH_OPTIONS): TaskGraph {
  const g = clone(graph);
  switch (edit.op) {
    case 'mergeNodes': {
      if (edit.keep === edit.merge) throw new GraphEditError('choose two different nodes to merge');
      const keep = nodeOrThrow(g, edit.keep);
      const gone = nodeOrThrow(g, edit.merge);
      keep.members.push(...gone.members.map((m) => ({ ...m, evidence: { ...m.evidence, rule: 'manual' as const, confidence: 1 } })));
      keep.done ||= gone.done;
      g.nodes = g.nodes.filter((n) => n !== gone);
      if (g.startNode === gone.id) g.startNode = keep.id;
      rewire(g, opts);
      return g;
    }
    case 'splitMember': {
      const from = nodeOrThrow(g, edit.node);
      const member = from.members.find((m) => m.demonstrationId === edit.demonstrationId && m.idx === edit.idx);
      if (!member) throw new GraphEditError(`node ${edit.node} has no observation ${edit.demonstrationId}:${edit.idx}`);
      if (from.members.length === 1) throw new GraphEditError(`node ${edit.node} has only this observation; nothing to split`);
      from.members = from.members.filter((m) => m !== member);
      if (from.representative.demonstrationId === member.demonstrationId && from.representative.idx === member.idx) {
        const { evidence: _e, ...ref } = from.members[0]!;
        from.representative = ref;
      }
      const ids = g.nodes.map((n) => Number(n.id.slice(1))).filter(Number.isFinite);
      const { evidence: _ev, ...ref } = member;
      g.nodes.push({
        id: `n${Math.max(-1, ...ids) + 1}`,
        signature: from.signature,
        representative: ref,
        done: false,
        flag: `split out of ${from.id} by a reviewer`,
        members: [{ ...member, evidence: { ...member.evidence, rule: 'manual', confidence: 1 } }],
      });
      rewire(g, opts);
      return g;
    }
    case 'setDone':
      nodeOrThrow(g, edit.node).done = edit.done;
      return g;
    case 'setGoal': {
      const n = nodeOrThrow(g, edit.node);
      if (!n.done) throw new GraphEditError(`node ${edit.node} is not DONE; goal conditions belong to DONE nodes`);
      for (const c of edit.conditions) {
        if (c.match !== 'regex') continue;
        try {
          new RegExp(c.expected, 'u');
        } catch (e) {
          throw new GraphEditError(`condition "${c.label}": not a regular expression (${(e as Error).message})`);
        }
      }
      n.goal = edit.conditions.map((c, i) => ({ ...c, id: `c${i + 1}`, source: c.source ?? 'annotator' }));
      return g;
    }
    case 'deleteEdge': {
      if (!g.edges.some((e) => e.id === edit.edge)) throw new GraphEditError(`no edge ${edit.edge} in this graph`);
      g.edges = g.edges.filter((e) => e.id !== edit.edge);
      return g;
    }
  }
}
