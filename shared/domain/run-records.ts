import { z } from 'zod';
import type { ScreenSize } from './ui-node.js';
import { SideEffectsRecordSchema } from './side-effects.js';

/**
 * What a run stores per result and per step beside its columns (the `details` and `usage` JSON),
 * with lenient readers: every field is optional, because results written by earlier versions lack
 * the newer ones, and a field of the wrong type reads as absent instead of failing the whole run.
 * Fields these types do not name (a runner's extras) are kept as they were stored.
 */

/** rule: the task's shell checks; vlm: a model reads the screens; state: the graph's DONE states and goal conditions; pairs report agreement. */
export const JUDGE_KINDS = ['rule', 'vlm', 'both', 'state', 'rule+state'] as const;
export type JudgeKind = (typeof JUDGE_KINDS)[number];

export interface JudgeVerdict {
  judge: JudgeKind;
  pass: boolean | null;
  reason: string;
  /** With `both`: the VLM's verdict beside the rule's, and whether they agree. */
  rule?: { pass: boolean; reason: string } | null;
  vlm?: { pass: boolean | null; reason: string } | null;
  /** With `rule+state`: the state judge's verdict beside the rule's. */
  state?: { pass: boolean | null; reason: string } | null;
  agreement?: boolean | null;
  tokens?: { prompt: number; completion: number } | null;
  ms?: number;
  /** The goal conditions this judge could check and how many held; absent for a judge that gives only a verdict (vlm). */
  goal?: GoalProgress | null;
}

/** The simulated or scripted user's part in one task. */
export interface UserStats {
  mode: 'none' | 'scripted' | 'simulated';
  /** AskUser actions the agent took. */
  asks: number;
  /** Of them, answered (the rest ended the task). */
  answered: number;
  /** The simulator's prompt + completion tokens; null when its provider reported none. */
  tokens: number | null;
  /** The simulator's time, ms (never part of the agent's latency). */
  ms: number;
  /** Simulated answers that still told the agent how to operate the phone after a reminder (absent = none). */
  operationHints?: number;
}

/** One earlier try of an item that did not give a result to keep (kept in the result's `previousAttempts`). */
export interface PreviousAttempt {
  exit: string;
  reason: string | null;
  finishedAt: string | null;
  /** Steps it had recorded (an interrupted task), when known. */
  steps?: number;
  attempts?: number;
  triedDevices?: string[];
}

/** The device an online result ran on. */
export interface ResultDevice {
  serial: string;
  server?: string | null;
  model?: string;
  release?: string;
  screen?: ScreenSize;
  versions?: Record<string, string | null>;
  /** dpi (`wm density`), the system locale and font scale (null: never set, Android's 1.0). */
  density?: number;
  locale?: string;
  fontScale?: number | null;
}

/**
 * What one step sent to the model, without the image bytes: each message's role and text, and for each image
 * the index of the step whose screenshot it was made from (the current step's own index for the screen it saw;
 * the image went resized and encoded by the agent's resize rule, which the manifest records).
 */
export interface StepRequest {
  messages: { role: string; text: string; images: number[] }[];
}

/** A result's goal conditions (essential states / sub-goals) met, for partial credit. */
export interface GoalProgress {
  met: number;
  total: number;
}

/** Token counts of one model call, as the provider reported them (null: not reported). */
export interface StepUsage {
  prompt_tokens: number | null;
  completion_tokens: number | null;
  total_tokens: number | null;
  reasoning_tokens?: number | null;
  cached_tokens?: number | null;
  /** total − prompt: catches providers that leave thinking tokens out of completion_tokens (Gemini). */
  completion_from_total?: number | null;
  usage_mismatch?: boolean;
}

const opt = <T extends z.ZodType>(t: T) => t.optional().catch(undefined);
const Verdict = z.object({ pass: z.boolean().nullable(), reason: z.string() });
const GoalProgressSchema = z.object({ met: z.number().int().min(0), total: z.number().int().min(1) }).refine((g) => g.met <= g.total);
const StepRequestSchema = z.object({
  messages: z.array(z.object({ role: z.string(), text: z.string(), images: z.array(z.number().int().min(0)) })),
});

const JudgeVerdictSchema = z.looseObject({
  judge: z.enum(JUDGE_KINDS),
  pass: z.boolean().nullable(),
  reason: z.string().catch(''),
  rule: opt(z.object({ pass: z.boolean(), reason: z.string() }).nullable()),
  vlm: opt(Verdict.nullable()),
  state: opt(Verdict.nullable()),
  agreement: opt(z.boolean().nullable()),
  tokens: opt(z.object({ prompt: z.number(), completion: z.number() }).nullable()),
  ms: opt(z.number()),
  /** The goal conditions this judge could check and how many held (rule: the checks; state: DONE + its conditions). */
  goal: opt(GoalProgressSchema.nullable()),
});

const UserStatsSchema = z.object({
  mode: z.enum(['none', 'scripted', 'simulated']),
  asks: z.number(),
  answered: z.number(),
  tokens: z.number().nullable(),
  ms: z.number(),
  operationHints: z.number().optional().catch(undefined),
});

const PreviousAttemptSchema = z.object({
  exit: z.string(),
  reason: z.string().nullable().catch(null),
  finishedAt: z.string().nullable().catch(null),
  steps: opt(z.number()),
  attempts: opt(z.number()),
  triedDevices: opt(z.array(z.string())),
});

/** A verdict a result had before it was re-scored against a newer graph version (`run rescore`). */
const PreviousVerdictSchema = z.object({
  graphVersion: z.number().nullable().catch(null),
  success: z.boolean(),
  exit: z.string(),
  reason: z.string().nullable().catch(null),
  steps: opt(z.number()),
  finalNode: opt(z.string().nullable()),
  scoredAt: z.string().nullable().catch(null),
});
export type PreviousVerdict = z.infer<typeof PreviousVerdictSchema>;

const Screen = z.object({ width: z.number().positive(), height: z.number().positive() });

const ResultDeviceSchema = z.looseObject({
  serial: z.string(),
  server: opt(z.string().nullable()),
  model: opt(z.string()),
  release: opt(z.string()),
  screen: opt(Screen),
  versions: opt(z.record(z.string(), z.string().nullable())),
  density: opt(z.number()),
  locale: opt(z.string()),
  fontScale: opt(z.number().nullable()),
});

const RunResultDetailsSchema = z.looseObject({
  /** Why the task ended this way, in words (errors, invalid tasks). */
  reason: opt(z.string()),
  steps: opt(z.number()),
  /**
   * Per-step reasoning times and the agent's tokens (null: some call reported none); prompt and billable completion
   * tokens apart and the images sent, for the cost (absent in results written before costs were reported).
   */
  stats: opt(
    z.object({
      stepMs: opt(z.array(z.number())),
      tokens: opt(z.number().nullable()),
      promptTokens: opt(z.number().nullable()),
      completionTokens: opt(z.number().nullable()),
      images: opt(z.number()),
    }),
  ),
  judge: opt(JudgeVerdictSchema),
  user: opt(UserStatsSchema),
  attempts: opt(z.number()),
  triedDevices: opt(z.array(z.string())),
  previousAttempts: opt(z.array(PreviousAttemptSchema)),
  /** Offline: the graph version scored against, the nodes walked, where the agent stopped. */
  graphVersion: opt(z.number()),
  path: opt(z.array(z.string())),
  finalNode: opt(z.string()),
  finalDone: opt(z.boolean()),
  offGraphErrors: opt(z.number()),
  /** Offline: the goal conditions of the nearest DONE node the walk met (partial credit). */
  goal: opt(GoalProgressSchema),
  /** Offline, after `run rescore`: the verdicts this result had on older graph versions, oldest first. */
  previousVerdicts: opt(z.array(PreviousVerdictSchema)),
  /** How the last re-scoring got this verdict (see RescoredResult). */
  rescored: opt(z.object({ at: z.string(), fromVersion: z.number().nullable(), how: z.string(), modelCalls: z.number() })),
  /** Online: the device and the final screen. */
  device: opt(z.string()),
  deviceInfo: opt(ResultDeviceSchema),
  finalBlob: opt(z.string().nullable()),
  /** Online: what the agent changed on the phone beyond the task, each with its step (absent: not watched). */
  sideEffects: opt(SideEffectsRecordSchema),
});
export type RunResultDetails = z.infer<typeof RunResultDetailsSchema>;

/** How an offline step met the graph: the edge it took, or how far it was from the nearest. */
const StepMatchSchema = z.looseObject({
  matched: z.boolean(),
  reason: opt(z.string()),
  edge: opt(z.union([z.string(), z.number()])),
  to: opt(z.string()),
  /** How a matched action moved: an edge, a page's own effect, Back, or `excursion` (a tap to a page the graph does not know). */
  how: opt(z.string()),
  distancePx: opt(z.number().nullable()),
  similarity: opt(z.number().nullable()),
  nearestEdge: opt(z.union([z.string(), z.number()]).nullable()),
  /** An off-graph action an annotator marked wrong at this node: the mark's id and note. */
  knownWrong: opt(z.object({ id: z.number(), note: z.string() })),
});
export type StepMatch = z.infer<typeof StepMatchSchema>;

const RunStepDetailsSchema = z.looseObject({
  /** Offline: the node the step started on and how its action met the graph. */
  node: opt(z.string()),
  /** Offline: every node the walk could stand on at the step (none while it is on a page the graph does not know). */
  nodes: opt(z.array(z.string())),
  match: opt(StepMatchSchema),
  /**
   * Offline: what the agent was shown where no recorded screen shows the walk's state (absent: the node's recorded
   * screen): `excursion`, a page a tap opened that no demonstration saw; `scrolled`, the page scrolled by `scrolledPx`;
   * `app-page`, a page another task's demonstrations recorded (`recordedBy`: that task), its recorded screen.
   */
  view: opt(z.enum(['excursion', 'scrolled', 'app-page'])),
  scrolledPx: opt(z.number()),
  recordedBy: opt(z.string()),
  parseError: opt(z.string()),
  /** Online: the app in front when the step was observed (older rows stored the package name alone). */
  foreground: opt(z.union([z.string(), z.looseObject({ package: opt(z.string()) })]).nullable()),
  /** An AskUser step: the question, the answer (null = nobody answered) and who gave it. */
  /** What the step sent to the model (model agents; absent for model-free agents and older rows). */
  request: opt(StepRequestSchema),
  user: opt(
    z.looseObject({
      question: opt(z.string()),
      answer: opt(z.string().nullable()),
      source: opt(z.string()),
      reason: opt(z.string()),
      namesOperation: opt(z.boolean()),
    }),
  ),
});
export type RunStepDetails = z.infer<typeof RunStepDetailsSchema>;

const StepUsageSchema = z.looseObject({
  prompt_tokens: z.number().nullable().catch(null),
  completion_tokens: z.number().nullable().catch(null),
  total_tokens: z.number().nullable().catch(null),
  reasoning_tokens: opt(z.number().nullable()),
  cached_tokens: opt(z.number().nullable()),
  completion_from_total: opt(z.number().nullable()),
  usage_mismatch: opt(z.boolean()),
});

const asObject = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? { ...v } : {});

/** A stored result's details; anything unreadable reads as absent. */
export const parseRunResultDetails = (v: unknown): RunResultDetails => RunResultDetailsSchema.parse(asObject(v));

/** A stored step's details; anything unreadable reads as absent. */
export const parseRunStepDetails = (v: unknown): RunStepDetails => RunStepDetailsSchema.parse(asObject(v));

/** A stored step's token usage; counts not reported (or unreadable) are null. */
export const parseStepUsage = (v: unknown): StepUsage => StepUsageSchema.parse(asObject(v));
