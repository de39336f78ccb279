import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode, TaskGraph } from '../../../shared/domain/task-graph.js';
import { normalizeContent } from './content.js';
import type { PageModel } from './page-model.js';
import { contentOf, isEdit, pageModel, samePhoneNumber, typedField } from './page-model.js';
import { pageKey } from './signature.js';
import { elementOf, isScrollKey, isTextKey } from './content-keys.js';
import { commitsByExit } from './walk-discard.js';
import type { WalkHow } from './walk-candidate.js';
import { appOfPage } from './walk-position.js';
import type { WalkMove } from './walk-step.js';
import type { WalkView } from './walk-view.js';
import { isTapLike } from './walk-view.js';
import type { MatchOptions } from './match.js';
import { matchEdge, pressedLabel } from './match.js';

/**
 * On a page another task's demonstrations recorded (walk-app-pages.ts), opened by a tap this task's graph does not
 * know: the walk follows that task's graph there, to look and come back. What the path does there must leave
 * nothing behind, since no demonstration of this task says what it does to the task:
 * - it may look (scroll, focus a field, tap what is selected already, open another page by a press that changes
 *   nothing, or by a tap that graph does not know either: a page no one recorded, which only Back leaves) and go back
 *   (Back, the Up arrow, 取消);
 * - it may edit a form the other demonstrations committed by a way off it (the alarm editor's −1 h before 保存): left
 *   by Back, the phone discards it;
 * - it may not change what takes effect at once (a page whose edits no way off it commits), press a recorded action
 *   that changed something or was that task's goal, commit a form it edited, or move a switch or a slider no
 *   demonstration moved (its value stays changed).
 * Back on the page the walk left from, the walk goes on where it stood, as it stood.
 */
export interface InnerWalk {
  act(action: Action): WalkMove;
  /** The page the inner walk stands on. */
  readonly page: string;
  /** What that page holds (by the other graph's content keys). */
  readonly pageContent: ReadonlyMap<string, string>;
  readonly view: WalkView;
}

export interface Abroad {
  walk: InnerWalk;
  graph: TaskGraph;
  /** The other graph's page the press was made on: back there, the walk is home. */
  home: string;
  /** The other graph's pages the path edited (forms; left by Back, discarded). */
  edited: Set<string>;
  /** The recorded action closest to the press that led here (what a refusal there names). */
  nearest: WalkMove['nearest'];
  /** The recorded way off the page the press took with other content (walk-implied.ts leftWith), applied on return. */
  pressed: GraphEdge | null | undefined;
  /**
   * The other task's press itself: where it was a way off its page that set what another route's form held there (a
   * 热门目的地 shortcut sets 到达 and opens the results), the page Back finds again holds it (walk-implied.ts).
   */
  press: GraphEdge;
  /** That task only asks to be shown something: its goal action is a look, taken there as any other. */
  inquiry: boolean;
}

/** What the agent is shown there: the other task's recorded screen where its walk stands (scrolled as it is there). */
export function abroadView(a: Abroad, node: string): WalkView {
  const there = a.walk.view;
  const shown = there.shown ?? pageModel(a.graph).byId.get(there.node)?.representative;
  return { node, kind: there.kind, scrolledPx: there.scrolledPx, ...(shown ? { shown, recordedBy: a.graph.taskId } : {}) };
}

/** Moves that only look or edit where the inner walk stands; every other kind is refused abroad. */
const LOOKS: ReadonlySet<WalkHow> = new Set(['edge', 'back', 'keyboard', 'focus', 'scroll', 'still', 'excursion']);
const EDITS: ReadonlySet<WalkHow> = new Set(['page-edit', 'retyped', 'other-option', 'stepper-mirror']);

export type AbroadStep = { kind: 'refused'; reason: string } | { kind: 'stays'; reason: string } | { kind: 'home'; reason: string };

/** One action on the other task's page: refused, taken there, or taken back home. */
export function abroadStep(a: Abroad, action: Action): AbroadStep {
  const m = pageModel(a.graph);
  const from = a.walk.page;
  const move = a.walk.act(action);
  const where = `on the page ${a.graph.taskId}'s demonstrations recorded`;
  if (!move.taken) return { kind: 'refused', reason: `${where}: ${move.nearest?.result.reason ?? 'no recorded action of that kind'}` };
  const { how, edge } = move.taken;
  if (!LOOKS.has(how) && !EDITS.has(how))
    return { kind: 'refused', reason: `${where}, what this does (${how}) no demonstration of this task saw` };
  // A tap that graph does not know either: a page no one recorded, which only Back leaves (as on this task's pages).
  if (a.walk.view.kind === 'excursion') return { kind: 'stays', reason: `${where}: ${move.taken.result.reason}` };
  // Back (or Up) out of another app's page, where no demonstration pressed it: that app's own history decides where it
  // leads (found by hand set G: the dialer's 短信 opens Messages, whose Back shows its list, not the contact again).
  if (a.walk.page !== from && !(edge && how === 'edge') && appOfPage(from) !== appOfPage(a.walk.page))
    return {
      kind: 'refused',
      reason: `${where}: Back in another app than the one it was opened from: where it leads, no demonstration saw`,
    };
  const problem = edge && edge.action.type !== 'Back' ? leavesSomething(m, a, from, edge, EDITS.has(how)) : null;
  if (problem) return { kind: 'refused', reason: `${where}: ${problem}` };
  // Back off a form discards what was set there.
  if (a.walk.page !== from && (!edge || edge.action.type === 'Back')) a.edited.delete(from);
  const reason = `${where}: ${move.taken.result.reason}`;
  return a.walk.page === a.home ? { kind: 'home', reason } : { kind: 'stays', reason };
}

/** Why a recorded action taken abroad would leave something behind, or null (an edit is kept in `a.edited`). */
function leavesSomething(m: PageModel, a: Abroad, from: string, edge: GraphEdge, edits: boolean): string | null {
  if (edge.goal && !a.inquiry) return 'that task completes there: what it does to this one, no demonstration of it saw';
  // The look a task that only asks to be shown something takes there (上月's bills): it shows, it acts on nothing, as
  // opensAhead takes such a goal (held-out set AY: the bills of 上月 looked at before paying the electricity).
  if (edge.goal) return null;
  // A list scrolled there sets nothing a way off commits: what lies under the finger after it, that task's walk reads
  // (exploration on a grown graph: the camera album gallery-delete-this recorded, scrolled, a photo opened — refused as
  // committing the album as an edited form).
  const changes = (edge.effects ?? []).some((v) => !isScrollKey(v.key));
  if (edits || (changes && isEdit(m, edge))) {
    if (!commitsByExit(m, from)) return 'an edit of a page whose edits take effect as they are made';
    a.edited.add(from);
    return null;
  }
  if (changes) return 'a recorded action that changed something there';
  // A tap that stays on the page and changes nothing there (the message box focused after the recipient was picked): no
  // commit (held-out sets BC and BD: a new message's box tapped on another task's page was refused as committing it).
  if (m.pageOf.get(edge.to) === m.pageOf.get(edge.from) && (edge.effects?.length ?? 0) === 0) return null;
  if (a.edited.has(from)) return 'it commits the form the path edited there';
  return null;
}

/**
 * This task's own recorded node the other task's walk stands on, or null: the same page (activity and title) showing
 * the same texts, every one (GraphNode.shows), on exactly one of this graph's nodes. Found by exploration: Back from
 * the order this task starts on, then the order's row on the app's home (which another task's demonstrations tapped
 * to read it) opens this very order — a way back no demonstration of this task took. Not a page of the same kind
 * showing other things (another task's checkout holds one box of milk where this one's holds two).
 */
export function ownNodeThere(a: Abroad, own: readonly GraphNode[]): string | null {
  if (a.walk.view.kind !== 'recorded') return null;
  const there = pageModel(a.graph).byId.get(a.walk.view.node);
  if (there?.shows === undefined) return null;
  const key = pageKey(there.signature);
  const same = own.filter((n) => n.shows === there.shows && pageKey(n.signature) === key);
  return same.length === 1 ? same[0]!.id : null;
}

/**
 * This task's own goal action that the other task's goal, pressed on its page, is — with what the path typed there:
 * the other task's goal lands on the page this task's goal is pressed on, by a press of the same label (发送 on a new
 * message to 王丽 lands in her conversation, where this task's 发送 replies to her), and every text this task's goal node
 * holds the path typed there, in a field of the same element (the message box). The goal conditions of this task then
 * judge what was typed, as if typed on its own page. Found by held-out sets BC and BD: a reply to 王丽 written as a new
 * message to her (发起聊天, her name, her suggestion, the text, 发送) — right on the phone (the message is in her
 * conversation), refused as the other task's goal. Null where no goal of this task is pressed so, or a text is missing.
 */
export function ownGoalThere(
  a: Abroad,
  m: PageModel,
  edges: readonly GraphEdge[],
  action: Action,
  opts: MatchOptions,
): { edge: GraphEdge; goal: GraphEdge; typed: Map<string, string> } | null {
  if (!isTapLike(action)) return null;
  const there = pageModel(a.graph);
  const held = a.walk.pageContent;
  const derived = derivedFromTyping(there, a.walk.page);
  for (const goal of there.leavingOf.get(a.walk.page) ?? []) {
    if (!goal.goal || !isTapLike(goal.action) || !matchEdge(action, goal, opts).matched) continue;
    const landed = there.pageOf.get(goal.to);
    const label = normalizeContent(pressedLabel(goal));
    if (label === '') continue;
    const recorded = Object.entries(contentOf(there.byId.get(goal.from)));
    for (const e of edges) {
      if (!e.goal || e.action.type !== goal.action.type || m.pageOf.get(e.from) !== landed) continue;
      if (normalizeContent(pressedLabel(e)) !== label) continue;
      const texts = Object.keys(contentOf(m.byId.get(e.from))).filter(isTextKey);
      const elements = new Set(texts.map(elementOf));
      // Everything else on the other task's page stands as its goal had it (the recipient picked) — but for what the app
      // shows of a text no demonstration typed (the suggestion under a number typed for the name, held-out set BH), which
      // the walk drops (walk-landing.ts): that is the app's to make of the field, and the field itself is compared.
      const differs = ([k, v]: [string, string]): boolean =>
        !elements.has(elementOf(k)) &&
        !(derived.has(k) && !held.has(k)) &&
        normalizeContent(held.get(k) ?? '') !== normalizeContent(v) &&
        !samePhoneNumber(there, k, held.get(k) ?? '', v);
      if (recorded.some(differs)) continue;
      const typed = new Map<string, string>();
      for (const k of texts) {
        const v = [...held].find(([h, t]) => isTextKey(h) && t !== '' && elementOf(h) === elementOf(k))?.[1];
        if (v !== undefined) typed.set(k, v);
      }
      if (texts.length > 0 && typed.size === texts.length) return { edge: e, goal, typed };
    }
  }
  return null;
}

/** What typing on a page also changed there, besides the field typed in (the suggestions listed under a recipient). */
function derivedFromTyping(m: PageModel, page: string): Set<string> {
  const out = new Set<string>();
  for (const e of m.leavingOf.get(page) ?? []) {
    if (e.action.type !== 'Type') continue;
    const typed = typedField(e)?.key;
    for (const v of e.effects ?? []) if (v.key !== typed) out.add(v.key);
  }
  return out;
}

/**
 * Whether the other task's press opened a page its demonstration had not been on yet (城市管理 from the weather's main
 * page): a look, which acts on nothing. Not one it came back to (挂断 back to the chat: the call ended), nor a press that
 * set anything or was that task's goal — unless that task only asks to be shown something, whose goal is a look (明天
 * from the weather's main page, after the city was switched: held-out set AC).
 */
export function opensAhead(a: Abroad): boolean {
  const m = pageModel(a.graph);
  const e = a.press;
  const to = m.pageOf.get(e.to);
  if (to === undefined || to === m.pageOf.get(e.from) || (e.goal && !a.inquiry) || (e.effects?.length ?? 0) > 0) return false;
  const before = (d: number, t: number): boolean => {
    for (let k = t - 1; k >= 0; k--) if (m.pageOf.get(m.stepOf.get(`${d}:${k}`)?.from ?? '') === to) return true;
    return false;
  };
  return e.uses.every(([d, t]) => !before(d, t));
}

/**
 * Whether the other task's press opens a page of the activity a goal action of this task opens (回家 from the maps'
 * home page opens a place, as the pharmacy the goal opened is one): a look of the same kind as the goal, which may take
 * its place in what the phone records (the place opened last), whatever the task's scenario (maps-pharmacy is Life
 * Services; held-out set Z's path with Back after it was accepted). A page of another kind (全部服务 after 显示余额,
 * 城市管理 after 明天) stays a look elsewhere; a goal done in place (a switch, 显示余额) opens no page of a kind.
 */
export function opensTheGoalsKind(m: PageModel, a: Abroad): boolean {
  const there = pageModel(a.graph).byId;
  const opens = there.get(a.press.to)?.signature.activity;
  // A dialog or a menu over the page pressed on (退票's confirmation on the order, 更多选项 on the thread) opens nothing new.
  if (opens === undefined || opens === there.get(a.press.from)?.signature.activity) return false;
  for (const edges of m.leavingOf.values())
    for (const e of edges)
      if (e.goal && m.pageOf.get(e.from) !== m.pageOf.get(e.to) && m.byId.get(e.to)?.signature.activity === opens) return true;
  return false;
}

/**
 * Whether the other task's press (`a`, made on `page` of this task's) is another option of a group this task's goal
 * action was pressed in there, opening a page of the same activity as the goal's (the 孙子 album beside the 截图 album
 * the goal opened): a look of the same kind, which may take the goal's place in what the phone records (the album
 * looked at last). Not another service of a grid that opens a page of its own kind (账单 beside 余额).
 */
export function besideTheGoal(m: PageModel, page: string, label: string, a: Abroad): boolean {
  const wanted = normalizeContent(label);
  const opens = pageModel(a.graph).byId.get(a.press.to)?.signature.activity;
  return (m.leavingOf.get(page) ?? []).some(
    (e) => e.goal && m.byId.get(e.to)?.signature.activity === opens && (e.group ?? e.options ?? []).some((o) => o.label === wanted),
  );
}
