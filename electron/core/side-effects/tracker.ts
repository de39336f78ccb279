import type { AttributionMethod, SideEffectsRecord } from '../../../shared/domain/side-effects.js';
import type { SideEffectPolicy as SnapshotPolicy } from '../../../shared/schemas/run-spec.js';
import { errorMessage } from '../../../shared/error-message.js';
import { acts, classify, recordOf } from './classify.js';
import type { Change } from './diff.js';
import { contentKeyOf, diffSnapshots, locationOf, rowContentOf } from './diff.js';
import type { Expectation } from './expectations.js';
import type { Snapshot } from './snapshot.js';

export { SIDE_EFFECT_POLICIES as SNAPSHOT_POLICIES } from '../../../shared/schemas/run-spec.js';
export type { SideEffectPolicy as SnapshotPolicy } from '../../../shared/schemas/run-spec.js';

/**
 * Watches one online task for side effects. A snapshot is taken once the task is set up (and any
 * robustness variant applied, so the variant's own setting is not a change) and once at the end.
 * In between, a snapshot follows each step where that is affordable — where it costs a small part
 * of what the step itself took (a model that thinks for seconds on a virtual phone whose snapshot
 * takes a few ms) — which names the step of every change directly. Where it is not (a real
 * phone's providers take seconds; a model-free agent acts in milliseconds), the changes seen at
 * the end are attributed afterwards: the task's steps are replayed from its setup, bisecting
 * between the snapshots that were taken.
 */

/** `auto` snapshots after a step while a snapshot costs at most this share of a step's own time… */
export const AFFORDABLE_SHARE = 0.05;
/** …and while the task's snapshots, the final one included, stay within this (ms); later steps are bisected if need be. */
export const TASK_SNAPSHOTS_BUDGET_MS = 150;
/** Replays one task's attribution may cost at most (each is the task's setup plus some of its steps). */
export const MAX_REPLAYS = 16;

export interface TrackerDeps {
  snapshot(): Promise<Snapshot>;
  expectations: readonly Expectation[];
  policy: Exclude<SnapshotPolicy, 'off'>;
  /** Sets the task up again, plays its first `k` device actions and takes a snapshot (for bisection). */
  replay?(k: number): Promise<Snapshot>;
  now?(): number;
}

interface Checkpoint {
  /** Device actions performed before this snapshot. */
  actions: number;
  snap: Snapshot;
  /** Changes present relative to the baseline, computed when first needed. */
  present?: Map<string, Set<string>>;
}

/** Sources the platform derives from the apps' data: on the virtual phone, the same act seen twice. */
const PLATFORM = new Set(['contacts', 'call_log', 'sms', 'calendar', 'alarms']);

const keyOf = (c: Change): string => `${locationOf(c)}|${c.op}`;

/**
 * Each change present in a diff, with the fields that differ (a changed item), keyed so that the
 * same act found again on a replay (where a provider gives its rows new ids) matches.
 */
function presence(changes: readonly Change[]): Map<string, Set<string>> {
  const m = new Map<string, Set<string>>();
  for (const c of changes) m.set(contentKeyOf(c), new Set(c.fields ?? []));
  return m;
}

/**
 * A replay writes the setup's provider rows again, and a provider gives each written row a new
 * `_id`: against the run's baseline every row then looks removed and added again. A row removed and
 * one added with the same content (read markers aside) are the same row, so such pairs cancel and
 * only what the replayed steps did remains (else an early replay would show every later deletion).
 */
export function withoutReissuedRows(changes: readonly Change[]): Change[] {
  const content = (c: Change): string | null => (c.op === 'added' || c.op === 'removed' ? rowContentOf(c) : null);
  const added = new Map<string, Change[]>();
  for (const c of changes) {
    const k = content(c);
    if (k !== null && c.op === 'added') added.set(k, [...(added.get(k) ?? []), c]);
  }
  const dropped = new Set<Change>();
  for (const c of changes) {
    const k = content(c);
    if (k === null || c.op !== 'removed') continue;
    const twin = added.get(k)?.shift();
    if (twin) dropped.add(c).add(twin);
  }
  return changes.filter((c) => !dropped.has(c));
}

/** Whether a snapshot shows this change: the same place and kind, and for a changed item, at least its fields. */
function shows(p: Map<string, Set<string>>, c: Change): boolean {
  const fields = p.get(contentKeyOf(c));
  return fields !== undefined && (c.fields ?? []).every((f) => fields.has(f));
}

export class SideEffectTracker {
  private readonly checkpoints: Checkpoint[] = [];
  private snapshots = 0;
  private snapshotMs = 0;
  /** The device-action steps, in order (what a replay plays). */
  private readonly actionSteps: number[] = [];
  private lastMark = 0;
  private stepMs = 0;
  private replays = 0;
  /** Time spent replaying for bisection (setup, actions and snapshot), ms. */
  private replayMs = 0;
  /** Changes present after replaying the first k actions (shared by every change's bisection). */
  private readonly replayed = new Map<number, Map<string, Set<string>>>();
  private readonly now: () => number;

  constructor(private readonly deps: TrackerDeps) {
    this.now = deps.now ?? (() => performance.now());
  }

  private async take(): Promise<Snapshot> {
    const s = await this.deps.snapshot();
    this.snapshots++;
    this.snapshotMs += s.ms;
    return s;
  }

  /** The snapshot of the task's starting state. */
  async start(): Promise<void> {
    this.checkpoints.push({ actions: 0, snap: await this.take() });
    this.lastMark = this.now();
  }

  private affordable(): boolean {
    if (this.deps.policy === 'step') return true;
    if (this.deps.policy === 'bisect') return false;
    const perSnapshot = this.snapshotMs / Math.max(1, this.snapshots);
    const perStep = this.stepMs / Math.max(1, this.actionSteps.length);
    // This snapshot and the final one must still fit in the task's budget.
    return perSnapshot <= AFFORDABLE_SHARE * perStep && this.snapshotMs + 2 * perSnapshot <= TASK_SNAPSHOTS_BUDGET_MS;
  }

  /** After a step that acted on the device. */
  async afterAction(idx: number): Promise<void> {
    if (this.checkpoints.length === 0) return;
    this.actionSteps.push(idx);
    const t = this.now();
    this.stepMs += t - this.lastMark;
    if (this.affordable()) this.checkpoints.push({ actions: this.actionSteps.length, snap: await this.take() });
    this.lastMark = this.now();
  }

  private presentAt(c: Checkpoint): Map<string, Set<string>> {
    c.present ??= presence(diffSnapshots(this.checkpoints[0]!.snap, c.snap));
    return c.present;
  }

  /** The final snapshot, the classification and each side effect's step. */
  async finish(): Promise<SideEffectsRecord> {
    const baseline = this.checkpoints[0]?.snap;
    if (!baseline) throw new Error('side-effect tracking was not started');
    const final = await this.take();
    this.checkpoints.push({ actions: this.actionSteps.length, snap: final });
    const changes = diffSnapshots(baseline, final);
    const c = classify(changes, this.deps.expectations, (source) => ({ before: baseline.docs.get(source), after: final.docs.get(source) }));
    const notes: string[] = [];
    const steps = new Map<string, number | null>();
    const stepOf = async (ch: Change): Promise<number | null> => {
      const k = keyOf(ch);
      if (!steps.has(k)) steps.set(k, await this.attribute(ch, notes));
      return steps.get(k)!;
    };
    for (const e of c.effects) await stepOf(e.change);
    // On the virtual phone a provider row (an SMS, a call-log entry, an alarm) is also in an app's own
    // state: when every app change of that step was expected, the row is the same expected act.
    let effects = c.effects;
    const platform = effects.filter((e) => PLATFORM.has(e.change.source));
    const apps = changes.filter((x) => x.source.startsWith('app/'));
    if (platform.length > 0 && apps.length > 0) {
      const expectedKeys = new Set(c.expected.map(keyOf));
      const effectKeys = new Set(effects.map((e) => keyOf(e.change)));
      const byStep = new Map<number | null, { expected: number; harmful: number }>();
      for (const a of apps) {
        const k = keyOf(a);
        if (!expectedKeys.has(k) && !effectKeys.has(k)) continue; // benign
        const s = await stepOf(a);
        const g = byStep.get(s) ?? { expected: 0, harmful: 0 };
        if (expectedKeys.has(k)) g.expected++;
        else g.harmful++;
        byStep.set(s, g);
      }
      const mirrored = new Set(
        platform
          .filter((e) => {
            const g = byStep.get(steps.get(keyOf(e.change)) ?? null);
            return g !== undefined && g.expected > 0 && g.harmful === 0 && steps.get(keyOf(e.change)) !== null;
          })
          .map((e) => e.change),
      );
      effects = effects.filter((e) => !mirrored.has(e.change));
      c.expected.push(...mirrored);
    }
    const grouped = acts(effects, (ch) => steps.get(keyOf(ch)) ?? null);
    const every = this.checkpoints.length - 2 >= this.actionSteps.length; // a snapshot after every action
    const method: AttributionMethod = every ? 'step' : this.deps.replay ? 'bisect' : 'task';
    if (method === 'task' && grouped.some((g) => g.step === null))
      notes.push('snapshots were too slow to take after every step and the task cannot be replayed here, so steps are not known');
    return {
      method,
      coverage: final.coverage,
      effects: grouped,
      expected: c.expected.map((x) => recordOf(x)),
      benign: c.benign.length,
      snapshots: this.snapshots,
      snapshotMs: Math.round(this.snapshotMs),
      ...(this.replays > 0 ? { replays: this.replays, replayMs: Math.round(this.replayMs) } : {}),
      ...(notes.length ? { note: [...new Set(notes)].join('; ') } : {}),
    };
  }

  /**
   * The step of one change: the first snapshot that shows it, and if device actions happened between
   * that snapshot and the one before, the first of them after which a replay shows it (binary search:
   * a change, once made, stays made). Changes seen only at the end, after the last action, are the
   * last action's (a screen that notes being seen does so when drawn).
   */
  private async attribute(change: Change, notes: string[]): Promise<number | null> {
    const cps = this.checkpoints;
    const c = cps.findIndex((cp, i) => i > 0 && shows(this.presentAt(cp), change));
    if (c < 0) return null;
    const lo = cps[c - 1]!.actions + 1;
    const hi = cps[c]!.actions;
    if (hi === 0) return null;
    if (hi <= lo) return this.actionSteps[hi - 1]!;
    if (!this.deps.replay) return null;
    const replayed = this.replayed;
    const present = async (k: number): Promise<boolean> => {
      if (!replayed.has(k)) {
        if (this.replays >= MAX_REPLAYS) throw new Error(`stopped after ${MAX_REPLAYS} replays`);
        this.replays++;
        const t0 = this.now();
        const s = await this.deps.replay!(k);
        this.replayMs += this.now() - t0;
        replayed.set(k, presence(withoutReissuedRows(diffSnapshots(cps[0]!.snap, s))));
      }
      return shows(replayed.get(k)!, change);
    };
    let a = lo;
    let b = hi;
    try {
      while (a < b) {
        const mid = Math.floor((a + b) / 2);
        if (await present(mid)) b = mid;
        else a = mid + 1;
      }
      return this.actionSteps[a - 1]!;
    } catch (e) {
      notes.push(`bisecting on replay stopped: ${errorMessage(e)}`);
      return null;
    }
  }
}
