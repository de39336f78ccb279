import type { GraphEdge } from '../../../shared/domain/task-graph.js';
import type { MatchResult } from './match.js';
import type { Position } from './walk-position.js';

/** A move the walk may make for an action, and how the best of several is chosen (walk-moves.ts makes them). */

/** How a move was made: recorded in each offline step so a verdict can be traced. */
export type WalkHow =
  | 'edge'
  | 'page-edit'
  | 'retyped'
  | 'query'
  | 'focus'
  | 'other-option'
  | 'other-row'
  | 'other-pick'
  | 'same-item'
  | 'free-item'
  | 'stepper-mirror'
  | 'page-exit'
  | 'refused'
  | 'back'
  | 'keyboard'
  | 'scroll'
  | 'still'
  /** A slider or a switch no demonstration moved: its own value changes (to one no demonstration saw), the page stays. */
  | 'own-value'
  /** A switch the page shows off, on a page the goal action led to, turned on (walk-switch.ts switchTurnedOn). */
  | 'switch-on'
  /** The result page the goal action entered, closed by its 完成 (walk-dismiss.ts): the goal stands. */
  | 'dismiss'
  | 'tab'
  | 'named-page'
  /** The form's search pressed holding what a shortcut sets: where that shortcut led (walk-form-search.ts). */
  | 'form-search'
  | 'switch-back'
  | 'keypad'
  | 'excursion'
  | 'app-page';

export interface Candidate {
  /** The recorded action the move applies (null for Back without a recorded Back). */
  edge: GraphEdge | null;
  result: MatchResult;
  how: WalkHow;
  /** The value another option sets, and the key it sets ('other-option'). */
  option?: string;
  optionKey?: string;
  /** 'switch-back' of a button that names its next action: each key its recorded press set, with what it held before. */
  undoes?: ReadonlyMap<string, string>;
  /** The recorded row's key, the row the tap was in, and what the move sets there ('other-row', walk-rows.ts). */
  rows?: { from: string; to: string; value: string };
  /** For Back and keyboard moves: where they lead. */
  to?: Position;
  /** How many content keys differ from the node the recorded action left ('page-exit'; fewer is closer). */
  differs?: number;
}

const RANK: Record<WalkHow, number> = {
  edge: 0,
  'page-edit': 1,
  focus: 1,
  retyped: 3,
  query: 3,
  'other-option': 2,
  'other-row': 2,
  'other-pick': 2,
  'same-item': 2,
  'free-item': 4,
  'stepper-mirror': 3,
  'page-exit': 4,
  refused: 6,
  excursion: 7,
  'app-page': 7,
  back: 5,
  keyboard: 5,
  scroll: 7,
  still: 7,
  'own-value': 7,
  'switch-on': 7,
  dismiss: 7,
  tab: 7,
  'named-page': 4,
  'form-search': 4,
  'switch-back': 4,
  keypad: 4,
};

/** The best of several moves: matched ones only, closest first (distance, then similarity), then the plainer kind, then the closer content. */
export function choose(all: readonly Candidate[]): Candidate | null {
  // A control pressed where the app refuses it counts only when nothing else takes the action.
  const cands = all.some((c) => c.result.matched && c.how !== 'refused') ? all.filter((c) => c.how !== 'refused') : all;
  let best: Candidate | null = null;
  for (const c of cands) {
    if (!c.result.matched) continue;
    if (!best) {
      best = c;
      continue;
    }
    const da = c.result.distancePx ?? 0;
    const db = best.result.distancePx ?? 0;
    const sa = c.result.similarity ?? 0;
    const sb = best.result.similarity ?? 0;
    const closer =
      da !== db
        ? da < db
        : sa !== sb
          ? sa > sb
          : RANK[c.how] !== RANK[best.how]
            ? RANK[c.how] < RANK[best.how]
            : (c.differs ?? 0) < (best.differs ?? 0);
    if (closer) best = c;
  }
  return best;
}
