import { singleNumber } from './stepped-number.js';
import type { GraphEdge, GraphNode, SignatureConfig, TaskGraph } from '../../../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../shared/domain/task-graph.js';
import { samePage, widgetStatesAgree } from './compare.js';
import { dialNumber, namesSomething, normalizeContent } from './content.js';
import type { FieldInput } from './typed-text.js';
import { conditionHolds, fieldKey, isSearchKey, isTextKey, namesPhoneField } from './goal-conditions.js';
import type { MatchRule } from './match.js';
import { pressedLabel, textMatches } from './match.js';
import { impliedEffects } from './implied-effects.js';
import { pageKey } from './signature.js';
import type { TextSlots } from './text-slots.js';
import { saysForbidden, slotsVerdict } from './text-slots.js';

/**
 * What a graph knows about its pages, for a walk that applies actions to a page's content instead of only
 * following recorded edges: which nodes are one page with different content, which recorded actions edit
 * a page's content (and how), and which node a page with given content is.
 *
 * A page is the nodes of one `pageKey` (activity and title; without a title, chrome alike) whose toggles agree. An edge that stays on its
 * page is an **edit**; its model says what it does to the content wherever on the page it is applied:
 *
 * | model | when | applied elsewhere |
 * |---|---|---|
 * | text | a Type | the field's text becomes what typing gives there (append, or replace with `clear`) |
 * | append | a tap that added its label to the key's value (a keypad: 1, then 13) | adds the label again, wherever pressed |
 * | option | a tap whose value is the tapped option's label | sets the key to the label of whichever option was tapped |
 * | stepper | a tap that stepped one number | adds the same step (its mirror control subtracts it) |
 * | set | any other tap with effects | sets the values, only where the key holds what it held before the tap |
 * | neutral | a tap without effects (a field focused) | changes nothing |
 */
export interface PageModel {
  byId: ReadonlyMap<string, GraphNode>;
  pageOf: ReadonlyMap<string, string>;
  nodesOf: ReadonlyMap<string, readonly GraphNode[]>;
  /** Edges out of each node, in the graph's order. */
  outOf: ReadonlyMap<string, readonly GraphEdge[]>;
  /** Edges out of every node of a page, in the graph's order. */
  leavingOf: ReadonlyMap<string, readonly GraphEdge[]>;
  free: ReadonlySet<string>;
  /** The slots a typed text must hold, by content key (from the DONE nodes' typed conditions). */
  slots: ReadonlyMap<string, TextSlots>;
  /**
   * What a demonstration had done since it first stood where an edge leaves, when it took the edge on a
   * later visit (added to the cart twice, then Back): the content it had set in between, one entry per
   * such use. An edge with no entry for a use is known from the first visit.
   */
  loops: ReadonlyMap<GraphEdge, { fresh: boolean; since: ReadonlyMap<string, string>[] }>;
  /** What a way off a page did to the page it left, known from another route to the same state (implied-effects.ts). */
  implied: ReadonlyMap<GraphEdge, ReadonlyMap<string, string>>;
  /**
   * Edges every demonstration took right after submitting a search on the node they leave (Enter, the node's own
   * state again: the results are not content): with a query typed and not yet submitted, they are not there.
   */
  afterSubmit: ReadonlySet<GraphEdge>;
  /**
   * Keys a recorded tap appended its control's label to (a keypad's number: 13, then 138): another press of any key
   * of that group appends its label again — pressing 1 twice dials 11, it does not choose 1 as a preset would.
   */
  appends: ReadonlySet<string>;
  /**
   * Text fields that only ever held ASCII digits (an amount, an hour, a phone number): fields a phone gives a number
   * keyboard, whose input filter takes no full-width digits (nor other characters outside ASCII) — ３００ typed there is
   * dropped key by key, and the field holds what is left (found by hand: ３００ typed into the transfer amount left it
   * empty, where the walk had read 300). ASCII it may take or drop (a space in a phone number): kept, as typed.
   */
  numeric: ReadonlySet<string>;
  /**
   * Fields for an amount of money, by the label or hint the recordings gave them (金额（元）, Amount) — whether a recording
   * showed digits in them or only a preset's value: money is written with a point (300.00 is 300 yuan), so such a field
   * takes one — every payment app's amount keyboard has it — where a field of minutes or hours may drop it (10.0 typed
   * for a timer is 100). See typedValue.
   */
  money: ReadonlySet<string>;
  /**
   * Fields for a phone number, by the label or hint the recordings gave them (电话号码, 收件人：姓名或号码): a number typed
   * there with the separators a person writes (138-0000-0001) is the number a phone reads (samePhoneNumber).
   */
  phone: ReadonlySet<string>;
  /** Number keys whose least value any node shows is 1 (a quantity, which starts at 1): see belowFloor. */
  fromOne: ReadonlySet<string>;
  /**
   * Search keys whose recorded results list something that shares words with the query without containing it (a web
   * search: 在家怎么正确量血压 among the results for 高血压不能吃什么): such a search finds by words, and a query alike in
   * words lists what the demonstration's did. Elsewhere a search lists what contains its query, in an item's name or
   * its other fields (the singer's songs for 邓丽君), and only the query itself lists the recorded results.
   */
  fuzzySearch: ReadonlySet<string>;
  /**
   * Pages where a demonstration typed right after coming to the page, with no tap on it first: the app focuses a field
   * by itself there. Elsewhere a demonstration tapped the field before typing, and typing with no field focused goes
   * nowhere on a phone.
   */
  typesOnArrival: ReadonlySet<string>;
  /** Each demonstration's steps (`demonstration:step`), by the edge that took it. */
  stepOf: ReadonlyMap<string, GraphEdge>;
}

const cache = new WeakMap<readonly GraphEdge[], { nodes: readonly GraphNode[]; count: number; model: PageModel }>();

type WalkGraph = Pick<TaskGraph, 'startNode' | 'nodes' | 'edges'> & Partial<Pick<TaskGraph, 'config' | 'freeKeys'>>;

/** The page model of a graph, computed once per graph (walks are many, graphs few). */
export function pageModel(graph: WalkGraph): PageModel {
  const known = cache.get(graph.edges);
  if (known && known.nodes === graph.nodes && known.count === graph.edges.length) return known.model;
  const model = buildPageModel(graph);
  cache.set(graph.edges, { nodes: graph.nodes, count: graph.edges.length, model });
  return model;
}

/**
 * Whether two nodes are one titled screen in two of the model's pages: the same activity and title, another state of
 * its toggles (a switch flipped). On a phone that is the screen itself, not a page opened from it.
 */
export function sameTitledScreen(m: PageModel, a: string, b: string): boolean {
  const x = m.byId.get(a)?.signature;
  const y = m.byId.get(b)?.signature;
  return x?.title !== undefined && y !== undefined && m.pageOf.get(a) !== m.pageOf.get(b) && pageKey(x) === pageKey(y);
}

function buildPageModel(graph: WalkGraph): PageModel {
  const cfg: SignatureConfig = graph.config ?? DEFAULT_SIGNATURE_CONFIG;
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const pageOf = new Map<string, string>();
  const nodesOf = new Map<string, GraphNode[]>();
  // Pages by their key; a key whose nodes' chrome disagrees holds several pages (#2, #3, …).
  const heads = new Map<string, GraphNode[]>();
  for (const n of graph.nodes) {
    const key = pageKey(n.signature);
    const list = heads.get(key) ?? [];
    // One page: the same title (a suggestion row come and gone is still the page; without a title, the same
    // chrome) and the same toggles (a switch flipped, with no content of its own, is another state).
    const alike = (h: GraphNode): boolean =>
      (n.signature.title ? true : samePage(h.signature, n.signature, cfg)) &&
      widgetStatesAgree(h.signature.widgetState, n.signature.widgetState);
    let at = list.findIndex(alike);
    if (at < 0) {
      list.push(n);
      heads.set(key, list);
      at = list.length - 1;
    }
    const page = at === 0 ? key : `${key}#${at + 1}`;
    pageOf.set(n.id, page);
    nodesOf.set(page, [...(nodesOf.get(page) ?? []), n]);
  }
  const stepOf = new Map<string, GraphEdge>();
  for (const e of graph.edges) for (const [d, t] of e.uses) stepOf.set(`${d}:${t}`, e);
  const outOf = new Map<string, GraphEdge[]>();
  const leavingOf = new Map<string, GraphEdge[]>();
  for (const e of graph.edges) {
    outOf.set(e.from, [...(outOf.get(e.from) ?? []), e]);
    const page = pageOf.get(e.from) ?? '';
    leavingOf.set(page, [...(leavingOf.get(page) ?? []), e]);
  }
  const slots = new Map<string, TextSlots>();
  for (const n of graph.nodes)
    for (const c of n.goal ?? [])
      if (c.kind === 'typed' && (c.required?.length || c.forbidden?.length) && !slots.has(c.key))
        slots.set(c.key, { required: c.required ?? [], forbidden: c.forbidden ?? [] });
  return {
    byId,
    pageOf,
    nodesOf,
    outOf,
    leavingOf,
    free: new Set(graph.freeKeys ?? []),
    slots,
    loops: loopsOf(graph.edges),
    implied: impliedEffects(graph.edges, byId, pageOf),
    afterSubmit: afterSubmitOf(graph.edges),
    appends: appendsOf(graph.edges, byId, pageOf),
    numeric: numericKeys(graph.nodes),
    money: fieldsLabelled(graph.edges, (l) => MONEY_FIELD.test(l)),
    phone: fieldsLabelled(graph.edges, namesPhoneField),
    fromOne: countsFromOne(graph.nodes),
    fuzzySearch: fuzzySearchKeys(graph.edges, outOf),
    typesOnArrival: typesOnArrival(graph.edges, pageOf, stepOf),
    stepOf,
  };
}

/** See PageModel.typesOnArrival: each demonstration's typing, by the step before it (none, or a move from another page). */
function typesOnArrival(edges: readonly GraphEdge[], pageOf: ReadonlyMap<string, string>, at: ReadonlyMap<string, GraphEdge>): Set<string> {
  const out = new Set<string>();
  for (const e of edges) {
    if (e.action.type !== 'Type') continue;
    const page = pageOf.get(e.from);
    for (const [d, t] of e.uses) {
      const before = at.get(`${d}:${t - 1}`);
      if (page !== undefined && (!before || pageOf.get(before.from) !== page)) out.add(page);
    }
  }
  return out;
}

/** See PageModel.fuzzySearch: the results a search's typing led to (after its Enter too), by the taps recorded on them. */
function fuzzySearchKeys(edges: readonly GraphEdge[], outOf: ReadonlyMap<string, readonly GraphEdge[]>): Set<string> {
  const out = new Set<string>();
  for (const e of edges) {
    const field = typedField(e);
    if (!field || !isSearchKey(field.key)) continue;
    const query = normalizeContent(field.value);
    const shown = [e.to, ...(outOf.get(e.to) ?? []).filter((x) => x.action.type === 'Enter').map((x) => x.to)];
    const labels = shown.flatMap((n) => (outOf.get(n) ?? []).flatMap((x) => x.group ?? []).map((o) => normalizeContent(o.label)));
    if (query !== '' && labels.some((l) => l !== '' && !l.includes(query) && sharesWord(l, query))) out.add(field.key);
  }
  return out;
}

/**
 * Whether a result shares a word (two characters in a row) with the query: a search by words lists what shares its
 * words (量血压 for 高血压); one by an item's other fields lists what shares none (甜蜜蜜 for the singer 邓丽君).
 */
function sharesWord(label: string, query: string): boolean {
  const q = [...query];
  for (let i = 0; i + 1 < q.length; i++) if (label.includes(q[i]! + q[i + 1]!)) return true;
  return false;
}

/** See PageModel.numeric: text keys every node shows as ASCII digits or empty, one at least with digits (not a free text). */
function numericKeys(nodes: readonly GraphNode[]): Set<string> {
  const digits = new Map<string, boolean>();
  for (const n of nodes)
    for (const [k, v] of Object.entries(contentOf(n))) {
      if (!isTextKey(k)) continue;
      if (!/^[0-9.]*$/.test(v)) digits.set(k, false);
      else if (v !== '' && digits.get(k) !== false) digits.set(k, true);
    }
  return new Set([...digits].filter(([, ok]) => ok).map(([k]) => k));
}

/** A field for an amount of money, by its label or hint (金额, （元）, ¥, Amount) — not 单元 (a building's unit). */
const MONEY_FIELD = /金额|[（(]元[）)]|^元$|[¥￥]|\bamount\b|\byuan\b/i;

/** Text keys a recorded edit gave a label `names` says (an amount of money: PageModel.money; a phone number: PageModel.phone). */
function fieldsLabelled(edges: readonly GraphEdge[], names: (label: string) => boolean): Set<string> {
  const out = new Set<string>();
  for (const e of edges) for (const v of e.effects ?? []) if (isTextKey(v.key) && names(v.label)) out.add(v.key);
  return out;
}

/** Whether two values of a phone-number field are one number to a phone (138-0000-0001 and 13800000001: content.ts dialNumber). */
export function samePhoneNumber(m: PageModel, key: string, a: string, b: string): boolean {
  if (!m.phone.has(key)) return false;
  const n = dialNumber(a);
  return n !== null && n === dialNumber(b);
}

/** How a field takes typing (typed-text.ts FieldInput): from what the recordings showed the field hold (PageModel.numeric) and call it (PageModel.money). */
export const fieldInput = (m: PageModel, key: string): FieldInput => (m.money.has(key) ? 'money' : m.numeric.has(key) ? 'number' : 'text');

/** See PageModel.fromOne: keys whose least single number, over every node that shows one, is 1. */
function countsFromOne(nodes: readonly GraphNode[]): Set<string> {
  const least = new Map<string, number>();
  for (const n of nodes)
    for (const [k, v] of Object.entries(contentOf(n))) {
      const x = singleNumber(v);
      if (x !== null && x < (least.get(k) ?? Infinity)) least.set(k, x);
    }
  return new Set([...least].filter(([, x]) => x === 1).map(([k]) => k));
}

/** See PageModel.appends: a tap on a page whose effect was the key's value before it with the control's label added. */
function appendsOf(edges: readonly GraphEdge[], byId: ReadonlyMap<string, GraphNode>, pageOf: ReadonlyMap<string, string>): Set<string> {
  const out = new Set<string>();
  for (const e of edges) {
    if (e.action.type !== 'Tap' || pageOf.get(e.from) !== pageOf.get(e.to)) continue;
    const label = pressedLabel(e);
    if (label === '') continue;
    const before = contentOf(byId.get(e.from));
    for (const v of e.effects ?? []) if (before[v.key] && v.value === before[v.key] + label) out.add(v.key);
  }
  return out;
}

/** See PageModel.afterSubmit: each use of the edge follows, in its demonstration, an Enter that stayed on the node. */
function afterSubmitOf(edges: readonly GraphEdge[]): Set<GraphEdge> {
  const enters = new Set<string>();
  for (const e of edges)
    if (e.action.type === 'Enter' && e.from === e.to) for (const [d, idx] of e.uses) enters.add(`${e.from}|${d}|${idx}`);
  const out = new Set<GraphEdge>();
  for (const e of edges)
    if (e.action.type !== 'Enter' && e.uses.length > 0 && e.uses.every(([d, idx]) => enters.has(`${e.from}|${d}|${idx - 1}`))) out.add(e);
  return out;
}

/**
 * For each edge, what each demonstration that took it on a return visit to the node it leaves had set since
 * its first visit there (see PageModel.loops). Rebuilt from the edges' uses: each demonstration's path in
 * step order.
 */
function loopsOf(edges: readonly GraphEdge[]): Map<GraphEdge, { fresh: boolean; since: Map<string, string>[] }> {
  const paths = new Map<number, { idx: number; e: GraphEdge }[]>();
  for (const e of edges) for (const [d, idx] of e.uses) paths.set(d, [...(paths.get(d) ?? []), { idx, e }]);
  const out = new Map<GraphEdge, { fresh: boolean; since: Map<string, string>[] }>();
  for (const path of paths.values()) {
    path.sort((a, b) => a.idx - b.idx);
    const first = new Map<string, number>();
    path.forEach(({ e }, i) => {
      if (!first.has(e.from)) first.set(e.from, i);
      const entry = out.get(e) ?? { fresh: false, since: [] };
      out.set(e, entry);
      const since = new Map<string, string>();
      for (let j = first.get(e.from)!; j < i; j++)
        for (const v of path[j]!.e.effects ?? []) if (!(v.value === '' && isTextKey(v.key) && since.get(v.key))) since.set(v.key, v.value);
      if (since.size === 0) entry.fresh = true;
      else entry.since.push(since);
    });
  }
  return out;
}

/** Whether the walk's path may take an edge: known from a first visit, or the path did what the demonstration had done since. */
export function loopAllows(m: PageModel, e: GraphEdge, record: ReadonlyMap<string, string>, threshold: number): boolean {
  const loop = m.loops.get(e);
  if (!loop || loop.fresh) return true;
  return loop.since.some((since) => [...since].every(([k, v]) => valueAgrees(m, k, v, record.get(k) ?? '', threshold)));
}

/**
 * Whether an edge's loop precondition asked only that the page show this label (the search result 杭州 a
 * demonstration tapped after searching), so a control with that label under the finger meets it (the hot city 杭州 on
 * the page before any search). Not one that asked the path to have done something (added to the cart twice).
 */
export function loopShows(m: PageModel, e: GraphEdge, label: string): boolean {
  const loop = m.loops.get(e);
  return (
    loop !== undefined &&
    loop.since.some((since) => since.size > 0 && [...since].every(([k, v]) => k.includes('§label|') && normalizeContent(v) === label))
  );
}

/** The content a node shows, by key. */
export const contentOf = (n: GraphNode | undefined): Readonly<Record<string, string>> => n?.signature.content ?? {};

/** Whether an edge stays on the page it leaves (an edit of the page's content). */
export const isEdit = (m: PageModel, e: GraphEdge): boolean => m.pageOf.get(e.from) === m.pageOf.get(e.to);

/** The text key a Type edge typed into, and the text the field then held. */
export function typedField(e: GraphEdge): { key: string; value: string } | null {
  if (e.action.type !== 'Type') return null;
  const v = e.effects?.find((x) => isTextKey(x.key));
  return v ? { key: v.key, value: v.value } : null;
}

/** The key terms a text key's typing is judged by at the end (the DONE nodes' typed conditions), if any. */
export const slotsOf = (m: PageModel, key: string): TextSlots | undefined => m.slots.get(key) ?? m.slots.get(fieldKey(key));

/** A text a page holds that says a term its key forbids (the retracted value), or null. */
export function forbiddenText(m: PageModel, content: ReadonlyMap<string, string>): string | null {
  for (const [k, v] of content) {
    const slots = isTextKey(k) && !isSearchKey(k) && v !== '' ? slotsOf(m, k) : undefined;
    if (slots && saysForbidden(v, slots)) return v;
  }
  return null;
}

/**
 * A typed text against the text a demonstration's field held: the key's slots when the goal names any,
 * else the same numbers (when numbers were typed) or similarity.
 */
export function textAgrees(
  m: PageModel,
  key: string,
  value: string,
  demonstrated: string,
  threshold: number,
): { matched: boolean; similarity: number; rule: Extract<MatchRule, 'same-numbers' | 'similar-text' | 'key-terms'> } {
  const plain = textMatches(value, demonstrated, threshold);
  if (plain.rule === 'same-numbers') return plain;
  // A search query is a means: a shorter or longer query for the same thing ("血压", "高血压不能吃什么") finds it too.
  if (!plain.matched && isSearchKey(key) && sameQuery(value, demonstrated))
    return { matched: true, similarity: plain.similarity, rule: 'similar-text' };
  const terms = slotsVerdict(value, slotsOf(m, key));
  if (terms !== null) return { matched: terms, similarity: plain.similarity, rule: 'key-terms' };
  return plain;
}

/** One query holds the other whole (and names something): the same search, said shorter or longer. */
function sameQuery(a: string, b: string): boolean {
  const x = normalizeContent(a);
  const y = normalizeContent(b);
  const [short, long] = [...x].length <= [...y].length ? [x, y] : [y, x];
  return namesSomething(short) && long.includes(short);
}

/** Whether a content value agrees with the value a node shows for the key (free keys: set or not). */
export function valueAgrees(m: PageModel, key: string, nodeValue: string, value: string, threshold: number): boolean {
  if (nodeValue === value || samePhoneNumber(m, key, nodeValue, value)) return true;
  if (m.free.has(key)) return nodeValue === (value === '' ? '' : '*');
  if (nodeValue === '*' || value === '*') return nodeValue !== '' && value !== '';
  if (nodeValue === '' || value === '') return false;
  return isTextKey(key) && textAgrees(m, key, value, nodeValue, threshold).matched;
}

/**
 * Whether a DONE node's goal condition on a shown value accepts `value` by its regex: the node stands for every value
 * the condition accepts (a count the task asks to lower, 1 as well as the 2 a demonstration left: goal-direction.ts).
 */
function goalAccepts(n: GraphNode, key: string, value: string, threshold: number): boolean {
  return (
    n.done && (n.goal ?? []).some((c) => c.kind === 'value' && c.match === 'regex' && c.key === key && conditionHolds(c, value, threshold))
  );
}

/** The nodes of a page whose content agrees with `content` on every key both have. */
export function nodesWith(m: PageModel, page: string, content: ReadonlyMap<string, string>, threshold: number): GraphNode[] {
  return (m.nodesOf.get(page) ?? []).filter((n) => {
    const c = contentOf(n);
    for (const k in c) {
      const v = content.get(k);
      if (v !== undefined && !valueAgrees(m, k, c[k]!, v, threshold) && !goalAccepts(n, k, v, threshold)) return false;
    }
    return true;
  });
}
