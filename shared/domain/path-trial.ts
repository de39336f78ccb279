import type { Action } from './action.js';
import type { OfflineVerdict } from './graph-explore.js';

/**
 * A path someone wrote by hand for a task (a held-out path set: `graph try-paths FILE`), played on a phone for the
 * truth and walked offline as a `vlm` agent's replies, the measure `graph explore` takes on paths it samples itself.
 */
export interface TriedPath {
  /** The path's place in its file (1-based) and name. */
  index: number;
  name: string;
  taskId: string;
  /** What the writer expected (by the task's meaning), when written. */
  expect: 'right' | 'wrong' | null;
  /** The actions played, as a `vlm` agent sends them; empty when the path could not be played. */
  actions: Action[];
  /** The task's checks where the path ended (the ground truth); null when it could not be played. */
  phone: { pass: boolean; reason: string } | null;
  /**
   * What the path changed beyond what the task's checks and footprint name (an alarm deleted on the way, a reply to the
   * scam), as an online run's side-effect watch reports it: `kind: summary` each. A path the checks pass with one is
   * careless all the same (`run --fail-on-side-effects` fails it).
   */
  sideEffects: string[];
  /** The offline run's verdict on the same actions (as `graph explore` reports it); null when not walked. */
  offline: OfflineVerdict | null;
  /** Offline against the phone; `unplayable`: a step found nothing to tap, or no graph, or an action no `vlm` agent sends. */
  verdict: 'agree' | 'false-accept' | 'false-reject' | 'unplayable';
  /** Where the phone's checks disagree with what the writer expected: the checks or the expectation is wrong. */
  phoneDisagrees: boolean;
  /** Why it could not be played. */
  note?: string;
}

/** What `graph try-paths --json` prints. */
export interface TryPathsSummary {
  file: string;
  paths: number;
  /** Played and walked: right (the checks passed) and wrong. */
  right: number;
  wrong: number;
  falseAccepts: number;
  falseRejects: number;
  unplayable: number;
  phoneDisagrees: number;
  /** Played paths that changed something unasked; of the false rejects, those (the walk refused a careless path). */
  sideEffectPaths: number;
  falseRejectsWithSideEffects: number;
  /**
   * Of the false rejects without a side effect, those refused where the offline run showed nothing recorded (a page no
   * demonstration recorded, a list scrolled past its recorded screen): the path acted on what a phone showed there, which
   * an agent offline never sees — it is shown "not recorded", and Back returns. Growing the graph there is the remedy.
   */
  falseRejectsUnshown: number;
  seconds: number;
  results: TriedPath[];
}
