import type { GraphEdge, GraphNode } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import { isSearchKey } from './goal-conditions.js';
import { pressedLabel } from './match.js';

/**
 * What a way off a page did to the page it left, known from another route to the same state. A shortcut can set
 * what a form's field sets: the travel app's city 上海 on its home page searches at once *and* sets the destination,
 * so the results one demonstration reached by the shortcut are the results another reached by 查询 with 到达 上海 on
 * the form. Both edges end on one node, so the shortcut did what that field held: back on the home page, 到达 shows
 * 上海 (as on the phone). Not a search box's query (a means: the box shows nothing of a shortcut). Only values the other route's page showed where this edge's page left the key unset (empty,
 * or as the page showed it when a demonstration first came to it: 选择城市) count, only from
 * another control (the same control pressed with other content says nothing), only where that control says the value
 * and the state both reach names it (its title or labels), and only where every such route agrees.
 */
export function impliedEffects(
  edges: readonly GraphEdge[],
  byId: ReadonlyMap<string, GraphNode>,
  pageOf: ReadonlyMap<string, string>,
): Map<GraphEdge, Map<string, string>> {
  const content = (id: string): Readonly<Record<string, string>> => byId.get(id)?.signature.content ?? {};
  const control = (e: GraphEdge): string => `${e.action.type}|${pressedLabel(e)}`;
  // What each page showed when a demonstration first came to it: a key still showing that (选择城市) is unset.
  const first = new Map<string, Readonly<Record<string, string>>>();
  for (const n of byId.values()) if (!first.has(pageOf.get(n.id) ?? '')) first.set(pageOf.get(n.id) ?? '', content(n.id));
  // The state both reach must name the value (南京 → 上海 · 火车票): else it does not depend on it (an article is the
  // same article whichever tab listed it).
  const names = (id: string, v: string): boolean => {
    const sig = byId.get(id)?.signature;
    const shown = [sig?.title ?? '', ...(sig?.anchors ?? [])].map(normalizeContent);
    return shown.some((t) => t.includes(normalizeContent(v)));
  };
  // And the control pressed says the value (the shortcut 上海 sets 上海; an article's title is not the tab 健康 it sits under).
  const saysSo = (e: GraphEdge, v: string): boolean => pressedLabel(e) === normalizeContent(v);
  const arriving = new Map<string, GraphEdge[]>();
  for (const e of edges) if (pageOf.get(e.from) !== pageOf.get(e.to)) arriving.set(e.to, [...(arriving.get(e.to) ?? []), e]);
  const out = new Map<GraphEdge, Map<string, string>>();
  for (const group of arriving.values()) {
    for (const e of group) {
      const mine = content(e.from);
      const unset = (k: string): boolean => (mine[k] ?? '') === '' || mine[k] === first.get(pageOf.get(e.from) ?? '')?.[k];
      const found = new Map<string, string | null>();
      for (const other of group) {
        if (other === e || pageOf.get(other.from) !== pageOf.get(e.from) || control(other) === control(e)) continue;
        for (const [k, v] of Object.entries(content(other.from))) {
          if (v === '' || v === '*' || v === mine[k] || !unset(k) || !names(e.to, v) || !saysSo(e, v)) continue;
          // A search box says nothing of what a shortcut did: the map's 医院 chip lists what a search for 医院 lists,
          // and leaves the box empty.
          if (isSearchKey(k)) continue;
          const was = found.get(k);
          found.set(k, was === undefined || was === v ? v : null);
        }
      }
      const agreed = new Map([...found].filter((x): x is [string, string] => x[1] !== null));
      if (agreed.size > 0) out.set(e, agreed);
    }
  }
  return out;
}
