import type { Action } from '../../../shared/domain/action.js';
import type { GraphNode } from '../../../shared/domain/task-graph.js';
import type { WalkMove } from './walk-step.js';
import { tabBarsOf, tabPressed } from './walk-tabs.js';

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
 * or a recorded choice there, and ends the standing goal.
 */
export function keepsTheGoal(
  action: Action,
  taken: NonNullable<WalkMove['taken']>,
  pageOf: ReadonlyMap<string, string>,
  byId: ReadonlyMap<string, GraphNode>,
  goalPages: ReadonlySet<string>,
  /** The move opened, by another task's press, a page that task had not been on yet (walk-abroad.ts opensAhead): a look. */
  abroad = false,
): boolean {
  switch (taken.how) {
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
    case 'page-exit': {
      const e = taken.edge;
      // A page of this task's that another task's press opened ahead (walk-abroad.ts opensAhead): a look (held-out by
      // hand: 显示余额, 全部服务, Back). Not a press that closed back (挂断, back to the chat: the call ended).
      if (!e) return taken.how === 'named-page' && abroad;
      if (e.goal) return false;
      if (e.action.type === 'Back' || pageOf.get(e.to) !== pageOf.get(e.from)) return true;
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

  /** `looksOnly`: the task only asks to be shown something (walk-app-pages.ts inquiry): its goal action is a look. */
  constructor(
    readonly looksOnly: boolean,
    private readonly pageOf: ReadonlyMap<string, string>,
    private readonly byId: ReadonlyMap<string, GraphNode>,
    /** The pages the task's goal actions are taken on. */
    private readonly goalPages: ReadonlySet<string>,
  ) {}

  /** The task's goal edge `edge`, taken on `page`. */
  goalTaken(edge: string, page: string): void {
    this.look = { edge, page, backed: false };
    this.lookedOn.add(page);
  }

  /** A move on the task's own pages, which left the walk on `page`: Back there keeps the look; any other move but a goal forgets it. */
  moved(action: Action, taken: WalkMove['taken'], page: string): void {
    if (action.type === 'Back') {
      if (taken && this.look && page === this.look.page) this.look.backed = true;
    } else if (taken && !taken.edge?.goal) this.look = null;
  }

  /** Any move: `entered`, the DONE nodes a goal action it took entered (else null): they stand while nothing can act. */
  acted(action: Action, taken: WalkMove['taken'], entered: ReadonlySet<string> | null, abroad = false): void {
    if (!taken) return;
    this.doneThen = entered
      ? new Set(entered)
      : this.doneThen && keepsTheGoal(action, taken, this.pageOf, this.byId, this.goalPages, abroad)
        ? this.doneThen
        : null;
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

  /** Where Finish may be judged besides where the path stands (`current`): the DONE nodes the goal action entered. Null: nowhere else. */
  doneNodes(current: ReadonlySet<string>): { nodes: ReadonlySet<string>; after: string } | null {
    if (this.doneThen === null) return null;
    const back = [...this.doneThen].some((id) => current.has(id));
    return {
      nodes: this.doneThen,
      after: back ? 'and the path came back to it by moves that change nothing' : 'and nothing after it could undo it',
    };
  }
}
