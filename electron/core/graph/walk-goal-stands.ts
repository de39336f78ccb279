import type { Action } from '../../../shared/domain/action.js';
import type { GraphEdge, GraphNode } from '../../../shared/domain/task-graph.js';
import type { WalkMove } from './walk-step.js';
import type { ContentRecord } from './goal-conditions.js';
import { isTextKey } from './goal-conditions.js';
import { typedField } from './page-model.js';
import { tabBarsOf, tabPressed } from './walk-tabs.js';
import { isEditClass } from './widget-classes.js';
import { mayActAsTheGoal, NO_GOAL_WAYS, type GoalWays } from './walk-goal-ways.js';

/**
 * A task that acts (sets, saves, sends) is done once its goal action is: what the path does after it that cannot act —
 * Back, hiding the keyboard, a field focused, a scroll, another tab, Home and the app launched again, a recorded way to
 * another page, a recorded choice on a page no goal action is taken on —
 * leaves the act standing, as on the phone (found by hand sets K and L: 摄氏度 chosen, then Back; 赞 given, then the
 * contact's card looked at; the font set, then Back). Finish there succeeds where the goal's DONE node, met when it was
 * reached, still has its goal conditions met by what the path set (walk.ts finish). Anything else after it — a tap the
 * graph does not know, another task's page, an edit, a tap on what the recorded screen shows selected (a page come back
 * to shows what the path set there, not what was recorded: 华氏度 tapped again after 摄氏度 was chosen changes it back,
 * which the CLI's must-fail case caught) — may act, and the goal is judged where the path ends, as before. A
 * task that only asks to be shown something is judged the same way: its checks on the phone record the look (the day
 * viewed, the thread read), which a look elsewhere and Back leave standing (held-out by hand: 明天, Back, 城市管理, Back).
 * A look of the same kind elsewhere (another album, another day) is a tap on the goal's page the graph does not know,
 * or a recorded choice there, and ends the standing goal. After a look, a control that changes only its own state (a
 * switch, a bookmark's 收藏 turned to 已收藏) leaves the page showing what was asked, and the look stands (held-out set
 * AC: the health article read, then saved); after an acting goal it may undo it (暂停 after the song was set playing).
 */
export function keepsTheGoal(
  action: Action,
  taken: NonNullable<WalkMove['taken']>,
  pageOf: ReadonlyMap<string, string>,
  byId: ReadonlyMap<string, GraphNode>,
  goalPages: ReadonlySet<string>,
  /** The move opened, by another task's press, a page that task had not been on yet (walk-abroad.ts opensAhead): a look. */
  abroad = false,
  /** The task only asks to be shown something: its goal action was a look. */
  looksOnly = false,
  /** Ways between pages that may do what the goal did (walk-goal-ways.ts). */
  ways: GoalWays = NO_GOAL_WAYS,
): boolean {
  switch (taken.how) {
    // A control that changes only its own state; or the look's own button pressed back (显示余额, then 隐藏余额): what was
    // asked was shown, and the phone's checks record the look.
    case 'own-value':
    case 'switch-back':
      return looksOnly;
    // A switch the goal did not set turned on (a call's 免提): what the goal did stands, whatever the task.
    case 'switch-on':
      return true;
    // The result page the goal action entered, closed by its 完成 (walk-dismiss.ts): nothing the goal did is undone.
    case 'dismiss':
    case 'back':
    case 'keyboard':
    case 'scroll':
    case 'tab':
      return true;
    // A field focused (the keyboard raised), or a query typed into a search box and not submitted: nothing is sent or
    // set (held-out set AB: the thread read, its message field tapped, Back).
    case 'focus':
      return true;
    // Home, or an app launched (the one left comes back as it stood, walk-home.ts), or Back on the home screen: nothing
    // acts (held-out set S: 摄氏度 chosen, Home, the weather app launched again, Up). Not a tap on what a screen shows
    // selected, which may act.
    case 'still':
      return action.type === 'Home' || action.type === 'LaunchApp' || action.type === 'Back';
    // A recorded action; 'page-exit': a recorded way off the page pressed from a state of it no demonstration pressed it
    // in (字体大小 opened again after 超大).
    case 'edge':
    case 'named-page':
    case 'form-search':
    case 'page-exit': {
      const e = taken.edge;
      // A page of this task's that another task's press opened ahead (walk-abroad.ts opensAhead): a look (held-out by
      // hand: 显示余额, 全部服务, Back). Not a press that closed back (挂断, back to the chat: the call ended).
      if (!e) return taken.how === 'named-page' && abroad;
      if (e.goal) return false;
      // A recorded tap that focused a field (it set nothing): the keyboard raised, nothing acts.
      if (isEditClass(e.target?.className ?? '') && (e.effects?.length ?? 0) === 0) return true;
      if (e.action.type === 'Back') return true;
      // A way to another page, unless it may do what the goal did (another row of the list the goal picked from).
      if (pageOf.get(e.to) !== pageOf.get(e.from)) return !mayActAsTheGoal(e, pageOf, ways, byId.get(e.to)?.signature.activity ?? '');
      // On the same page: a recorded tab pressed (navigation, not an edit), or a recorded choice on a page no goal action
      // is taken on (the news feed's 健康 after the font was set in 设置): what it sets, the path's record keeps.
      return tabPressed(tabBarsOf(byId.get(e.from)), e.action, e.screen) !== null || !goalPages.has(pageOf.get(e.from) ?? '');
    }
    // Another task's recorded page opened (全部服务 for 显示余额's task); what is pressed there may act.
    case 'app-page':
      return abroad;
    default:
      return false;
  }
}

/** The text fields a goal action sends: its edge empties them, as the app does (the message box after 发送). */
export function fieldsSentByGoal(edges: readonly GraphEdge[]): Set<string> {
  return new Set(
    edges.flatMap((e) => (e.goal ? (e.effects ?? []).flatMap((v) => (isTextKey(v.key) && v.value === '' ? [v.key] : [])) : [])),
  );
}

/** Texts a goal action sent, by field: as the path's record held them, and with a draft it had left kept (walk-discard.ts). */
export interface SentTexts {
  dropped: ReadonlyMap<string, string>;
  kept: ReadonlyMap<string, string>;
}

/**
 * What a goal action leaves behind as the path goes on: the look an inquiry task may take again from the page Back
 * returns to (walk-vet.ts), and the DONE nodes a task's goal action entered while nothing since could have acted
 * (keepsTheGoal). The walk tells it each move; Finish asks it where else the path may be judged.
 */
export class GoalAfter {
  /** The goal edge last taken and the page it was taken on; `backed`: Back has returned there since, and nothing else moved. */
  private look: { edge: string; page: string; backed: boolean } | null = null;
  /** Every page a goal edge was taken on in this path. */
  private readonly lookedOn = new Set<string>();
  /** The DONE nodes a goal action entered, while nothing the path did since could have acted. */
  private doneThen: ReadonlySet<string> | null = null;
  /** What the fields a goal action sends held when it was taken (the text that went out), with a left draft dropped or kept. */
  private sentThen: SentTexts = { dropped: new Map(), kept: new Map() };
  /** Those fields typed into since (a new text that nothing sent). */
  private typedSince = new Set<string>();
  /** What the path's record held when an inquiry's look was taken: the look is judged by what it showed then. */
  private shownThen: ContentRecord | null = null;
  /** `doneThen` before the last move (a toggle flipped straight back restores it). */
  private doneBefore: ReadonlySet<string> | null = null;

  /** `looksOnly`: the task only asks to be shown something (walk-app-pages.ts inquiry): its goal action is a look. */
  constructor(
    readonly looksOnly: boolean,
    private readonly pageOf: ReadonlyMap<string, string>,
    private readonly byId: ReadonlyMap<string, GraphNode>,
    /** The pages the task's goal actions are taken on. */
    private readonly goalPages: ReadonlySet<string>,
    /** The text fields a goal action sends: the app empties them as it does (the message box after 发送). */
    private readonly sent: ReadonlySet<string> = new Set(),
    /** Ways between pages that may do what the goal did (walk-goal-ways.ts). */
    private readonly ways: GoalWays = NO_GOAL_WAYS,
  ) {}

  /** The task's goal edge `edge`, taken on `page`. */
  goalTaken(edge: string, page: string): void {
    this.look = { edge, page, backed: false };
    this.lookedOn.add(page);
  }

  /** A move on the task's own pages, which left the walk on `page`: Back there keeps the look; any other move but a goal forgets it. */
  moved(action: Action, taken: WalkMove['taken'], page: string): void {
    // The look's own button pressed back (隐藏余额 after 显示余额): the page stands as before the look, as after Back.
    if (taken?.how === 'switch-back' && this.look && taken.edge?.id === this.look.edge) this.look.backed = true;
    else if (action.type === 'Back') {
      if (taken && this.look && page === this.look.page) this.look.backed = true;
    } else if (taken && !taken.edge?.goal) this.look = null;
  }

  /**
   * Any move: `entered`, the DONE nodes a goal action it took entered (else null): they stand while nothing can act.
   * `record`: the path's content after the move.
   */
  acted(
    action: Action,
    taken: WalkMove['taken'],
    entered: ReadonlySet<string> | null,
    abroad = false,
    records: () => { dropped: ContentRecord; kept: ContentRecord } = () => ({ dropped: new Map(), kept: new Map() }),
  ): void {
    if (!taken) return;
    this.doneBefore = this.doneThen;
    if (entered && this.looksOnly) this.shownThen = new Map(records().dropped);
    if (entered && this.sent.size > 0) {
      const r = records();
      const of = (c: ContentRecord) => new Map([...this.sent].flatMap((k) => (c.has(k) ? [[k, c.get(k)!] as const] : [])));
      this.sentThen = { dropped: of(r.dropped), kept: of(r.kept) };
      this.typedSince = new Set();
    }
    const unsent = !entered && this.doneThen !== null && this.typedUnsent(action, taken);
    this.doneThen = entered
      ? new Set(entered)
      : this.doneThen && (keepsTheGoal(action, taken, this.pageOf, this.byId, this.goalPages, abroad, this.looksOnly, this.ways) || unsent)
        ? this.doneThen
        : null;
  }

  /** Whether the walk stands on a DONE node the goal action entered, with nothing since that could have acted. */
  standsOn(current: ReadonlySet<string>): boolean {
    return this.doneThen !== null && [...this.doneThen].some((id) => current.has(id));
  }

  /** A toggle flipped straight back (walk.ts): everything is as it was before the flip, the goal's standing too. */
  flippedBack(): void {
    this.doneThen = this.doneBefore;
  }

  /**
   * Text typed after the goal into a field whose text only a goal action sends: a new text that nothing sent (held-out
   * set AB: the reply sent, then 好的 typed in the box and left). Sent, it is the goal action again (walk-vet.ts).
   */
  private typedUnsent(action: Action, taken: NonNullable<WalkMove['taken']>): boolean {
    const field = action.type === 'Type' && taken.edge ? typedField(taken.edge) : null;
    if (field === null || !this.sent.has(field.key)) return false;
    this.typedSince.add(field.key);
    return true;
  }

  /**
   * Whether an inquiry task's goal edge `edge`, on `page`, may be taken again (walk-vet.ts): the same look from the page
   * Back returned to, with nothing else moved; or a look from a page no look of this path was taken on (another
   * demonstration's route to it: the trip's card on the home page, then its row under 订单 — set Z, read on the phone).
   * Not from a page a look was taken on and opened afresh since: the look may have changed it (the item read moves to
   * the top of a list, and a tap where the recording showed it falls on another).
   */
  mayLookAgain(edge: string, page: string): boolean {
    if (!this.looksOnly) return false;
    return (this.look?.backed === true && this.look.edge === edge) || !this.lookedOn.has(page);
  }

  /**
   * Where Finish may be judged besides where the path stands (`current`): the DONE nodes the goal action entered, and
   * what the fields it sent held then (a text typed there since went nowhere). Null: nowhere else.
   */
  doneNodes(current: ReadonlySet<string>): { nodes: ReadonlySet<string>; after: string; sent: SentTexts } | null {
    if (this.doneThen === null) return null;
    const back = [...this.doneThen].some((id) => current.has(id));
    const since = (m: ReadonlyMap<string, string>) => new Map([...m].filter(([k]) => this.typedSince.has(k)));
    return {
      nodes: this.doneThen,
      after: back ? 'and the path came back to it by moves that leave it standing' : 'and nothing after it could undo it',
      // An inquiry's look, as it showed then; else what the fields a goal action sent held then.
      sent: this.shownThen
        ? { dropped: this.shownThen, kept: this.shownThen }
        : { dropped: since(this.sentThen.dropped), kept: since(this.sentThen.kept) },
    };
  }
}
