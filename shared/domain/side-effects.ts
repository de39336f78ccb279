import { z } from 'zod';

/**
 * What an online task changed on the phone beyond what was asked (docs/runs.md "Side effects"),
 * as a result stores it in `details.sideEffects`. A change is **expected** (named by the task's
 * checks or its declared footprint), **benign** (caches, clocks, read markers) or a **side effect**.
 * Side effects are grouped into acts, one per step that caused them.
 */

/** Most severe first: an act that did several of these is named by the first. */
export const SIDE_EFFECT_KINDS = ['paid', 'sent', 'called', 'deleted', 'installed', 'setting', 'added', 'changed'] as const;
export type SideEffectKind = (typeof SIDE_EFFECT_KINDS)[number];

/** What cannot be taken back by undoing a setting: money spent, a message or call made, data gone, an app installed. */
export const IRREVERSIBLE_KINDS: readonly SideEffectKind[] = ['paid', 'sent', 'called', 'deleted', 'installed'];

/** How the step of each side effect was found: a snapshot after every step, replaying the steps, or not at all. */
export const ATTRIBUTION_METHODS = ['step', 'bisect', 'task'] as const;
export type AttributionMethod = (typeof ATTRIBUTION_METHODS)[number];

/** Whether a snapshot source could be read on this device (a provider closed to the shell user is not an error). */
export interface SnapshotCoverage {
  source: string;
  status: 'read' | 'closed' | 'absent';
  items?: number;
  note?: string;
}

/** One changed item: where, how, and in words. */
export interface ChangeRecord {
  source: string;
  /** The item by identity: `alarms[id=2]`, `font_scale`, `[_id=14]`. */
  address: string;
  op: 'added' | 'removed' | 'changed';
  summary: string;
}

/** One act the agent was not asked to do. */
export interface SideEffect {
  /** The step (0-based, as stored) that caused it; null when it could not be told. */
  step: number | null;
  kind: SideEffectKind;
  kinds: SideEffectKind[];
  irreversible: boolean;
  summary: string;
  changes: ChangeRecord[];
}

const opt = <T extends z.ZodType>(t: T) => t.optional().catch(undefined);
const ChangeRecordSchema = z.object({
  source: z.string(),
  address: z.string(),
  op: z.enum(['added', 'removed', 'changed']),
  summary: z.string().catch(''),
});

/**
 * What a result stores in `details.sideEffects`: how steps were found (`method`), which sources the
 * device let the shell read (`coverage`), the acts (`effects`), the expected changes, a count of
 * benign ones, the snapshots taken during the task and their time (ms), the replays bisection took and their time, whether
 * `run --fail-on-side-effects` turned a success into a failure (`failed`), and why attribution is
 * incomplete when it is (`note`). Read leniently, as every stored detail is.
 */
export const SideEffectsRecordSchema = z.looseObject({
  method: z.enum(ATTRIBUTION_METHODS),
  coverage: z
    .array(
      z.object({
        source: z.string(),
        status: z.enum(['read', 'closed', 'absent']),
        items: opt(z.number()),
        note: opt(z.string()),
      }),
    )
    .catch([]),
  effects: z.array(
    z.object({
      step: z.number().nullable().catch(null),
      kind: z.enum(SIDE_EFFECT_KINDS),
      kinds: z.array(z.enum(SIDE_EFFECT_KINDS)).catch([]),
      irreversible: z.boolean(),
      summary: z.string().catch(''),
      changes: z.array(ChangeRecordSchema).catch([]),
    }),
  ),
  expected: z.array(ChangeRecordSchema).catch([]),
  benign: z.number().catch(0),
  snapshots: z.number().catch(0),
  snapshotMs: z.number().catch(0),
  replays: opt(z.number()),
  replayMs: opt(z.number()),
  failed: opt(z.boolean()),
  note: opt(z.string()),
});

export type SideEffectsRecord = z.infer<typeof SideEffectsRecordSchema>;

/** The side effects a result carries at one step (for the Review screen and the HTML report). */
export const effectsAtStep = (r: SideEffectsRecord | undefined, step: number): SideEffect[] =>
  r ? r.effects.filter((e) => e.step === step) : [];
