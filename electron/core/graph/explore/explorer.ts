import type { Action } from '../../../../shared/domain/action.js';
import type { ScreenSize, UiHierarchy } from '../../../../shared/domain/ui-node.js';
import type { DemoRoute } from './classify.js';
import type { Move } from './moves.js';
import { moveForAction, movesOn } from './moves.js';
import type { TypedValue } from './vocabulary.js';

/** What the phone says after an action: its true state (as a key) and what decides the next moves. */
export interface PhoneView {
  /** The app's true state, whole (equal keys: the same state, whatever path led there). */
  key: string;
  /** The same less where each page is scrolled to and what only logs views: what the app holds, not where the person looks. */
  appKey: string;
  /** What the person set and the apps hold, leaf by leaf (no navigation): what a route changed, in which order. */
  data: Record<string, string>;
  /** The screen id, plus the dialog over it. */
  window: string;
  package: string;
  focused: boolean;
  keyboard: boolean;
}

/** A new state's screen and the task's verdict on it. */
export interface StateDetail {
  ui: UiHierarchy | null;
  /** The task's success checks, run on the phone in this state. */
  pass: boolean;
  reason: string;
}

/** The phone the explorer drives (implemented over a device in services). */
export interface ExplorePort {
  readonly screen: ScreenSize;
  /** Sets the phone up from the task's setup. */
  start(): Promise<PhoneView>;
  /** Puts the phone back in a state seen before (a snapshot, or the setup and the state's path again). */
  restore(state: ExploredState): Promise<void>;
  /** Plays one action as an agent's action is played. */
  act(action: Action): Promise<PhoneView>;
  /**
   * Reads a state seen for the first time: its screen and the checks. `keep`: the state may be expanded
   * later, so the port should be able to come back to it (a snapshot).
   */
  inspect(state: ExploredState, keep: boolean): Promise<StateDetail>;
}

export interface ExploredState {
  id: string;
  key: string;
  appKey: string;
  data: Record<string, string>;
  window: string;
  /** Moves of the shortest path known from the start. */
  path: Move[];
  pass: boolean;
  reason: string;
  inApp: boolean;
  moves: Move[];
}

export interface ExploreLimits {
  /** States this many moves from the start are not expanded. */
  depth: number;
  /** Actions played on the phone while searching (the near-miss completion has a budget of its own). */
  budget: number;
}

/** A small binary heap: lowest priority first, ties in insertion order. */
class Frontier<T> {
  private readonly items: { p: number; n: number; v: T }[] = [];
  private n = 0;
  get size(): number {
    return this.items.length;
  }
  push(p: number, v: T): void {
    const a = this.items;
    a.push({ p, n: this.n++, v });
    let i = a.length - 1;
    while (i > 0) {
      const j = (i - 1) >> 1;
      if (!this.less(a[i]!, a[j]!)) break;
      [a[i], a[j]] = [a[j]!, a[i]!];
      i = j;
    }
  }
  pop(): T | undefined {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.less(a[l]!, a[m]!)) m = l;
        if (r < a.length && this.less(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top.v;
  }
  private less(x: { p: number; n: number }, y: { p: number; n: number }): boolean {
    return x.p < y.p || (x.p === y.p && x.n < y.n);
  }
}

/**
 * Explores a task's app on a phone: systematic moves from every state (taps on its controls, the task's
 * texts and near misses typed into a focused field, scrolling, Back), states told apart by the app's
 * true state, bounded by depth and a budget of actions. The search is best-first: moves whose labels
 * have to do with the task come first, as a person reads the screen for them, so deep goals are reached
 * within the budget; every other move of a reached state is still queued behind them. A state where the
 * task's checks pass, or outside the task's app, is not expanded: the path that reached it is complete.
 */
export class Explorer {
  readonly states = new Map<string, ExploredState>();
  /** state id → move id → state id. */
  readonly edges = new Map<string, Map<string, string>>();
  /** Actions played on the phone so far. */
  transitions = 0;
  root = '';
  private readonly byKey = new Map<string, string>();
  /** The state the phone stands in (null: unknown, restore before acting). */
  private at: string | null = null;

  constructor(
    private readonly port: ExplorePort,
    private readonly task: {
      appPackage: string;
      values: readonly TypedValue[];
      relevance: (label: string) => number;
    },
  ) {}

  private async record(view: PhoneView, path: Move[]): Promise<ExploredState> {
    const known = this.byKey.get(view.key);
    if (known) return this.states.get(known)!;
    const s: ExploredState = {
      id: `s${this.states.size}`,
      key: view.key,
      appKey: view.appKey,
      data: view.data,
      window: view.window,
      path,
      pass: false,
      reason: '',
      inApp: view.package === this.task.appPackage,
      moves: [],
    };
    this.states.set(s.id, s);
    this.byKey.set(view.key, s.id);
    // Outside the app (the launcher after Back) nothing is expanded: no need to come back there.
    const d = await this.port.inspect(s, s.inApp || this.states.size === 1);
    s.pass = d.pass;
    s.reason = d.reason;
    s.moves = movesOn(
      d.ui,
      { screen: this.port.screen, inApp: s.inApp, focused: view.focused, keyboard: view.keyboard, appPackage: this.task.appPackage },
      this.task.values,
      this.task.relevance,
    );
    return s;
  }

  /** Sets the phone up and reads the start state. */
  async begin(): Promise<ExploredState> {
    const view = await this.port.start();
    const s = await this.record(view, []);
    this.root = s.id;
    this.at = s.id;
    return s;
  }

  /** Whether a state is worth expanding: not done, still in the task's app (the start may be the launcher). */
  expandable(s: ExploredState): boolean {
    return !s.pass && (s.inApp || s.id === this.root);
  }

  /**
   * Plays a move from a state (restoring the phone there first if it stands elsewhere); returns the state
   * reached. With `agent: false` (an action no agent can send, such as a demonstration's hardware key or
   * cleared field) the state is recorded but the transition is not one paths are sampled from.
   */
  async step(from: ExploredState, move: Move, agent = true): Promise<ExploredState> {
    const known = agent ? this.edges.get(from.id)?.get(move.id) : undefined;
    if (known) return this.states.get(known)!;
    if (this.at !== from.id) await this.port.restore(from);
    this.at = null;
    const view = await this.port.act(move.action);
    this.transitions++;
    const to = await this.record(view, [...from.path, move]);
    this.at = to.id;
    if (agent) {
      const out = this.edges.get(from.id) ?? new Map<string, string>();
      out.set(move.id, to.id);
      this.edges.set(from.id, out);
    }
    return to;
  }

  /**
   * Plays a demonstration's actions from the start: the true states it passes through and its decisions
   * (each action as the move of its screen it is — the control its tap landed on, the text it typed).
   */
  async replay(actions: readonly Action[]): Promise<DemoRoute & { pass: boolean; asAgent: string[] | null }> {
    let s = this.states.get(this.root)!;
    const route: DemoRoute = { states: [s.id], decisions: [] };
    // The same decisions as an agent can take them; null when the demonstration needed none of that.
    const agentIds: string[] = [];
    let differs = false;
    for (const a of actions) {
      if (a.type === 'Finish' || a.type === 'Wait' || a.type === 'Noop') continue;
      const move = moveForAction(s.moves, a, this.port.screen);
      // A tap is the move of the control it landed on; anything an agent could not send is played as recorded.
      const asAgent = move !== null && (move.kind !== 'type' || (a.type === 'Type' && !a.clear && !a.submit));
      const id = move?.id ?? (a.type === 'Key' ? `key:${a.key}` : a.type.toLowerCase());
      if (!asAgent) differs = true;
      if (move) agentIds.push(move.id);
      s = asAgent ? await this.step(s, move) : await this.step(s, { id, kind: move?.kind ?? 'tap', label: id, action: a, score: 0 }, false);
      route.states.push(s.id);
      route.decisions.push(id);
    }
    return { ...route, pass: s.pass, asAgent: differs ? agentIds : null };
  }

  /** Best-first search within the limits. */
  async search(limits: ExploreLimits): Promise<void> {
    const frontier = new Frontier<{ state: ExploredState; move: Move }>();
    const queued = new Set<string>();
    const enqueue = (s: ExploredState): void => {
      if (queued.has(s.id) || !this.expandable(s) || s.path.length >= limits.depth) return;
      queued.add(s.id);
      // Depth counts, relevance pulls forward: a relevant move two levels down comes before an irrelevant one here.
      for (const m of s.moves) frontier.push(s.path.length + 1 - 4 * m.score, { state: s, move: m });
    };
    enqueue(this.states.get(this.root)!);
    const start = this.transitions;
    while (frontier.size > 0 && this.transitions - start < limits.budget) {
      const { state, move } = frontier.pop()!;
      // A transition played before (a demonstration's) costs nothing; what it reached is explored all the same.
      enqueue(await this.step(state, move));
    }
  }

  /**
   * Plays a path again from the task's setup, without snapshots, and says whether it ends in the state the
   * explored transitions say it does: states told apart by their true state are only as good as that state
   * is complete (a page's hidden draft would break it), so a sample of paths is checked this way.
   */
  async verify(actions: readonly Action[], end: string): Promise<boolean> {
    this.at = null;
    let view = await this.port.start();
    for (const a of actions) view = await this.port.act(a);
    const same = this.states.get(end)?.key === view.key;
    if (same) this.at = end;
    return same;
  }

  /**
   * Follows a decision from a state (the move with that id there), playing it if it was never played;
   * null when the state has no such move (the decision is not on that page) or the budget is spent.
   */
  async follow(from: ExploredState, moveId: string, budget: { left: number }): Promise<ExploredState | null> {
    const known = this.edges.get(from.id)?.get(moveId);
    if (known) return this.states.get(known)!;
    const move = from.moves.find((m) => m.id === moveId);
    if (!move || !this.expandable(from) || budget.left <= 0) return null;
    budget.left--;
    return this.step(from, move);
  }
}
