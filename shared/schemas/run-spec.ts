import { z } from 'zod';
import { DEFAULT_MATCH_OPTIONS } from '../domain/graph.js';
import { JUDGE_KINDS } from '../domain/run-records.js';

/**
 * Who answers an agent's AskUser during a run: nobody (`none`: the question ends the task, as a
 * single-turn benchmark does), the task's scripted answers, or a model playing the older adult.
 */
export const USER_MODES = ['none', 'scripted', 'simulated'] as const;
export type UserMode = (typeof USER_MODES)[number];

/** Robustness variants: the settings older adults change, applied to the device for an online run. */
export const VARIANTS = ['font-large', 'display-large', 'high-contrast', 'dark'] as const;
export type VariantName = (typeof VARIANTS)[number];

/**
 * How online runs watch for side effects (docs/runs.md): a snapshot after every step where one is
 * cheap, else bisection on replay (`auto`); always after every step; always by replay; or not at all.
 */
export const SIDE_EFFECT_POLICIES = ['auto', 'step', 'bisect', 'off'] as const;
export type SideEffectPolicy = (typeof SIDE_EFFECT_POLICIES)[number];

/** Everything that defines a run; stored in its manifest, so `--resume` needs nothing else. */
export const RunSpecSchema = z
  .object({
    mode: z.enum(['offline', 'online', 'both']),
    agents: z.array(z.string().min(1)).min(1),
    taskIds: z.array(z.string().min(1)).min(1),
    /** Online: device serials (empty = every attached device). */
    devices: z.array(z.string()).default([]),
    /** rule: the task's checks; vlm: a model reads the screens; state: the graph's goal conditions; pairs report agreement. */
    judge: z.enum(JUDGE_KINDS).default('rule'),
    /** The agent entry whose model judges (vlm / both). */
    judgeAgent: z.string().optional(),
    /** Which text the agent receives: the original instruction or the normalized rewrite (paper §5.3). */
    instruction: z.enum(['original', 'normalized']).default('original'),
    match: z
      .object({
        tapTolerancePx: z.number().positive(),
        acceptInsideTarget: z.boolean(),
        textThreshold: z.number().min(0).max(1),
        // Runs stored before this option existed get today's default when resumed.
        maxInsideShare: z.number().min(0).max(1).default(DEFAULT_MATCH_OPTIONS.maxInsideShare),
      })
      .default(DEFAULT_MATCH_OPTIONS),
    offGraph: z.enum(['fail', 'stay']).default('fail'),
    maxOffGraphErrors: z.number().int().min(1).default(3),
    /** Overrides the tasks' own limits when set (the paper: 25 steps, 120 s). */
    maxSteps: z.number().int().min(1).max(200).optional(),
    timeoutS: z.number().int().min(1).optional(),
    maxAttempts: z.number().int().min(1).max(10).default(3),
    settleMs: z.number().int().min(0).default(0),
    precheck: z.boolean().default(true),
    /** Who answers AskUser: nobody (it ends the task), the tasks' scripted answers, or a simulated user. */
    user: z.enum(USER_MODES).default('none'),
    /** The agent entry whose model plays the user (`user: simulated`). */
    userAgent: z.string().min(1).optional(),
    /** A robustness variant applied to the device before each online task and restored after it. */
    variant: z.enum(VARIANTS).optional(),
    /** Online: how side effects are watched for; runs stored before this existed get `auto` on resume. */
    sideEffects: z.enum(SIDE_EFFECT_POLICIES).default('auto'),
    /** Online: a success that did something unasked counts as a failure (the paper's SR does not do this). */
    failOnSideEffects: z.boolean().default(false),
    /**
     * The user confirmed (`run --allow-setup`, or the desktop window's dialog) that the tasks' setup
     * commands outside the known-safe set may run on real phones; without it they run on emulators only.
     */
    setupConfirmed: z.boolean().default(false),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.user === 'simulated' && !s.userAgent)
      ctx.addIssue({
        code: 'custom',
        path: ['userAgent'],
        message: '--user simulated needs --user-agent NAME: the agent entry whose model plays the user',
      });
    if (s.user !== 'simulated' && s.userAgent)
      ctx.addIssue({ code: 'custom', path: ['userAgent'], message: '--user-agent is only used with --user simulated' });
    if (s.variant && s.mode !== 'online')
      ctx.addIssue({
        code: 'custom',
        path: ['variant'],
        message: '--variant changes the device, so it needs --mode online (offline tasks replay stored screens)',
      });
    if (s.failOnSideEffects && s.sideEffects === 'off')
      ctx.addIssue({
        code: 'custom',
        path: ['failOnSideEffects'],
        message: '--fail-on-side-effects needs side effects watched: drop --side-effects off',
      });
  });
export type RunSpec = z.infer<typeof RunSpecSchema>;
export type RunSpecInput = z.input<typeof RunSpecSchema>;
