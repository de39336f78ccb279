import { z } from 'zod';

/**
 * The task-set file format (documented in docs/tasks.md). Field names are the file's
 * own (snake_case where the paper's tooling uses it), so a task in memory is exactly
 * what the file says.
 */
export const SYNTACTIC_CATEGORIES = ['Canonical', 'Narrative', 'Elliptical', 'Compound'] as const;
export const SEMANTIC_CATEGORIES = [
  'Clear and Explicit',
  'Under-specification',
  'Disfluency-Correction',
  'Referential Ambiguity',
  'Indirect Speech',
] as const;
/** The paper's pragmatic scenarios (§3, Appendix D.3); other values are allowed but flagged by `tasks validate`. */
export const KNOWN_SCENARIOS = [
  'Life Services',
  'Social Communication',
  'System Settings',
  'Information Inquiry',
  'Tool Assistance',
  'Entertainment',
] as const;

export const TASK_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;

export const TaskIdSchema = z
  .string()
  .regex(TASK_ID, 'a task id is 1–80 letters, digits, ".", "_" or "-", starting with a letter or digit');

/** How a success check's output is compared. Exactly one matcher is given. */
export const ExpectSchema = z
  .object({
    equals: z.string().optional(),
    contains: z.string().optional(),
    not_contains: z.string().optional(),
    regex: z.string().optional(),
    /** A dot path into the probe's JSON output, compared with `equals_json`. */
    json_path: z.string().optional(),
    equals_json: z.unknown().optional(),
  })
  .strict()
  .refine(
    (e) =>
      [e.equals, e.contains, e.not_contains, e.regex, e.json_path].filter((v) => v !== undefined).length === 1,
    { message: 'give exactly one of equals, contains, not_contains, regex or json_path' },
  )
  .refine((e) => e.json_path === undefined || 'equals_json' in e, {
    message: 'json_path needs equals_json',
  })
  .refine(
    (e) => {
      if (e.regex === undefined) return true;
      try {
        new RegExp(e.regex);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'regex is not a valid regular expression' },
  );
export type Expect = z.infer<typeof ExpectSchema>;

export const SuccessCheckSchema = z
  .object({
    /** A shell command run on the device after the task (e.g. `settings get system font_scale`). */
    probe: z.string().min(1),
    expect: ExpectSchema,
    description: z.string().optional(),
  })
  .strict();
export type SuccessCheck = z.infer<typeof SuccessCheckSchema>;

export const TaskSchema = z
  .object({
    id: TaskIdSchema,
    instruction: z.string().trim().min(1, 'the instruction is empty'),
    lang: z.enum(['zh', 'en']),
    /** The instruction in the other language, for readers (not shown to agents). */
    translation: z.string().optional(),
    /** The explicit, action-oriented rewrite used by the normalization study (paper §5.3). */
    normalized: z.string().optional(),
    app: z.string().min(1),
    package: z.string().regex(/^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/, 'not an Android package name'),
    mode: z.enum(['online', 'offline']),
    annotations: z
      .object({
        syntactic: z.enum(SYNTACTIC_CATEGORIES),
        semantic: z.enum(SEMANTIC_CATEGORIES),
        scenario: z.string().min(1),
        /** Core operational verbs, person-checked (paper Appendix C); the verb measure of Table 5 and attribution. */
        verbs: z.array(z.string().trim().min(1, 'a verb is empty')).optional(),
      })
      .strict(),
    /** Device shell commands that reset state before the task starts, run in order. */
    setup: z.array(z.string().min(1)).default([]),
    success_checks: z.array(SuccessCheckSchema).default([]),
    max_steps: z.number().int().min(1).max(200).default(25),
    timeout_s: z.number().int().min(1).max(3600).default(120),
    tags: z.array(z.string()).default([]),
  })
  .strict();

export type Task = z.infer<typeof TaskSchema>;
export type TaskInput = z.input<typeof TaskSchema>;

export const TASK_SET_FORMAT = 'elderbench.tasks/1';

export const TaskSetFileSchema = z
  .object({
    format: z.literal(TASK_SET_FORMAT),
    name: z.string().min(1),
    description: z.string().optional(),
    tasks: z.array(z.unknown()),
  })
  .strict();

/** What list views need; the full task is fetched by id. */
export interface TaskSummary {
  id: string;
  instruction: string;
  lang: 'zh' | 'en';
  app: string;
  mode: 'online' | 'offline';
  semantic: Task['annotations']['semantic'];
  syntactic: Task['annotations']['syntactic'];
  scenario: string;
  taskSet: string;
}
