import { z } from 'zod';
import type { TaskSummary } from '../../../shared/schemas/task.js';
import { VARIANTS } from '../../core/eval/variants.js';
import { DEFAULT_MATCH_OPTIONS } from '../../core/graph/match.js';
import { USER_MODES } from '../../core/user/user-turn.js';

/** Everything that defines a run; stored in its manifest, so `--resume` needs nothing else. */
export const RunSpecSchema = z
  .object({
    mode: z.enum(['offline', 'online', 'both']),
    agents: z.array(z.string().min(1)).min(1),
    taskIds: z.array(z.string().min(1)).min(1),
    /** Online: device serials (empty = every attached device). */
    devices: z.array(z.string()).default([]),
    /** rule: the task's checks; vlm: a model reads the screens; state: the graph's goal conditions; pairs report agreement. */
    judge: z.enum(['rule', 'vlm', 'both', 'state', 'rule+state']).default('rule'),
    /** The agent entry whose model judges (vlm / both). */
    judgeAgent: z.string().optional(),
    /** Which text the agent receives: the original instruction or the normalized rewrite (paper §5.3). */
    instruction: z.enum(['original', 'normalized']).default('original'),
    match: z
      .object({
        tapTolerancePx: z.number().positive(), acceptInsideTarget: z.boolean(), textThreshold: z.number().min(0).max(1),
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
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.user === 'simulated' && !s.userAgent) ctx.addIssue({ code: 'custom', path: ['userAgent'], message: '--user simulated needs --user-agent NAME: the agent entry whose model plays the user' });
    if (s.user !== 'simulated' && s.userAgent) ctx.addIssue({ code: 'custom', path: ['userAgent'], message: '--user-agent is only used with --user simulated' });
    if (s.variant && s.mode !== 'online') ctx.addIssue({ code: 'custom', path: ['variant'], message: '--variant changes the device, so it needs --mode online (offline tasks replay stored screens)' });
  });
export type RunSpec = z.infer<typeof RunSpecSchema>;
export type RunSpecInput = z.input<typeof RunSpecSchema>;

/**
 * Selects tasks by a filter expression: comma-separated terms, each an id (with `*` as a
 * wildcard) or `field=value` for mode, app, set, semantic, syntactic, scenario, lang.
 * Terms of the same field are alternatives (OR); different fields must all hold (AND).
 */
export function selectTasks(all: readonly TaskSummary[], filter: string | undefined): TaskSummary[] {
  if (!filter?.trim()) return [...all];
  const byField = new Map<string, string[]>();
  for (const term of filter.split(',').map((t) => t.trim()).filter(Boolean)) {
    const eq = term.indexOf('=');
    const [field, value] = eq > 0 ? [term.slice(0, eq).trim(), term.slice(eq + 1).trim()] : ['id', term];
    byField.set(field, [...(byField.get(field) ?? []), value]);
  }
  const get: Record<string, (t: TaskSummary) => string> = {
    id: (t) => t.id, mode: (t) => t.mode, app: (t) => t.app, set: (t) => t.taskSet, semantic: (t) => t.semantic,
    syntactic: (t) => t.syntactic, scenario: (t) => t.scenario, lang: (t) => t.lang,
  };
  for (const f of byField.keys()) {
    if (!get[f]) throw new Error(`--tasks: unknown field "${f}"; use id, mode, app, set, semantic, syntactic, scenario or lang`);
  }
  const like = (pattern: string, v: string): boolean =>
    new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 'i').test(v);
  return all.filter((t) => [...byField.entries()].every(([f, values]) => values.some((v) => like(v, get[f]!(t)))));
}
