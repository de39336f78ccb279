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

/**
 * Size limits (docs/tasks.md "Limits"): far above any real task, low enough that a shared or
 * crafted file cannot make the app store, show or send megabytes per field.
 */
export const TASK_LIMITS = {
  /** instruction, translation, normalized (characters). */
  text: 2000,
  /** app, scenario, a tag, a check's description. */
  label: 200,
  package: 255,
  setupCommands: 100,
  /** One setup command or success probe. */
  command: 4000,
  successChecks: 50,
  /** An expect string (equals, contains, not_contains, json_path). */
  expectText: 4000,
  /** Short, so a pattern cannot hide a catastrophic backtracking construct in pages of text. */
  regex: 500,
  tags: 50,
  /** The whole file, and the tasks in it. */
  fileBytes: 20 * 1024 * 1024,
  tasksPerFile: 10_000,
  /** The user block: facts the user knows, scripted answers, keywords per answer. */
  userFacts: 50,
  userAnswers: 50,
  answerKeywords: 50,
} as const;

const tooLong = (what: string, n: number): string => `${what} is longer than ${n} characters`;
const text = (n: number, what: string) => z.string().max(n, tooLong(what, n));

export const TaskIdSchema = z
  .string()
  .regex(TASK_ID, 'a task id is 1–80 letters, digits, ".", "_" or "-", starting with a letter or digit');

/** How a success check's output is compared. Exactly one matcher is given. */
export const ExpectSchema = z
  .object({
    equals: text(TASK_LIMITS.expectText, 'equals').optional(),
    contains: text(TASK_LIMITS.expectText, 'contains').optional(),
    not_contains: text(TASK_LIMITS.expectText, 'not_contains').optional(),
    regex: text(TASK_LIMITS.regex, 'regex').optional(),
    /** A dot path into the probe's JSON output, compared with `equals_json`. */
    json_path: text(TASK_LIMITS.expectText, 'json_path').optional(),
    equals_json: z.unknown().optional(),
  })
  .strict()
  .refine((e) => [e.equals, e.contains, e.not_contains, e.regex, e.json_path].filter((v) => v !== undefined).length === 1, {
    message: 'give exactly one of equals, contains, not_contains, regex or json_path',
  })
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
    probe: text(TASK_LIMITS.command, 'probe').min(1),
    expect: ExpectSchema,
    description: text(TASK_LIMITS.label, 'description').optional(),
  })
  .strict();
export type SuccessCheck = z.infer<typeof SuccessCheckSchema>;

/**
 * One scripted answer: the first entry with a keyword contained in the agent's question answers
 * it; an entry with no keywords (`"when": []`) is the fallback for any other question.
 */
export const ScriptedAnswerSchema = z
  .object({
    when: z
      .array(text(TASK_LIMITS.label, 'a keyword').trim().min(1, 'a keyword is empty'))
      .max(TASK_LIMITS.answerKeywords, `at most ${TASK_LIMITS.answerKeywords} keywords`),
    say: text(TASK_LIMITS.text, 'say').trim().min(1, 'say is empty'),
  })
  .strict();
export type ScriptedAnswer = z.infer<typeof ScriptedAnswerSchema>;

/**
 * The older adult behind the instruction, for multi-turn runs (`run --user scripted|simulated`):
 * who they are and what they know that the agent cannot see. Never shown to agents.
 */
export const UserBlockSchema = z
  .object({
    /** Age, habits, how they talk: what a simulated user plays. */
    persona: text(TASK_LIMITS.text, 'persona').trim().min(1, 'persona is empty'),
    /** What the user knows and the agent cannot see ("她是女儿小芳", "转三百"). */
    facts: z
      .array(text(TASK_LIMITS.text, 'a fact').trim().min(1, 'a fact is empty'))
      .max(TASK_LIMITS.userFacts, `at most ${TASK_LIMITS.userFacts} facts`),
    /** Answers for fully deterministic runs (`--user scripted`). */
    answers: z.array(ScriptedAnswerSchema).max(TASK_LIMITS.userAnswers, `at most ${TASK_LIMITS.userAnswers} answers`).optional(),
  })
  .strict()
  .refine((u) => (u.answers ?? []).filter((a) => a.when.length === 0).length <= 1, {
    message: 'give at most one fallback answer ({"when": [], "say": …})',
    path: ['answers'],
  });
export type UserBlock = z.infer<typeof UserBlockSchema>;

export const TaskSchema = z
  .object({
    id: TaskIdSchema,
    instruction: z.string().trim().min(1, 'the instruction is empty').max(TASK_LIMITS.text, tooLong('the instruction', TASK_LIMITS.text)),
    lang: z.enum(['zh', 'en']),
    /** The instruction in the other language, for readers (not shown to agents). */
    translation: text(TASK_LIMITS.text, 'translation').optional(),
    /** The explicit, action-oriented rewrite used by the normalization study (paper §5.3). */
    normalized: text(TASK_LIMITS.text, 'normalized').optional(),
    app: text(TASK_LIMITS.label, 'app').min(1),
    package: text(TASK_LIMITS.package, 'package').regex(/^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/, 'not an Android package name'),
    mode: z.enum(['online', 'offline']),
    annotations: z
      .object({
        syntactic: z.enum(SYNTACTIC_CATEGORIES),
        semantic: z.enum(SEMANTIC_CATEGORIES),
        scenario: text(TASK_LIMITS.label, 'scenario').min(1),
        /** Core operational verbs, person-checked (paper Appendix C); the verb measure of Table 5 and attribution. */
        verbs: z.array(z.string().trim().min(1, 'a verb is empty')).optional(),
      })
      .strict(),
    /** Device shell commands that reset state before the task starts, run in order. */
    setup: z
      .array(text(TASK_LIMITS.command, 'a setup command').min(1))
      .max(TASK_LIMITS.setupCommands, `at most ${TASK_LIMITS.setupCommands} setup commands`)
      .default([]),
    success_checks: z
      .array(SuccessCheckSchema)
      .max(TASK_LIMITS.successChecks, `at most ${TASK_LIMITS.successChecks} success checks`)
      .default([]),
    max_steps: z.number().int().min(1).max(200).default(25),
    timeout_s: z.number().int().min(1).max(3600).default(120),
    tags: z.array(text(TASK_LIMITS.label, 'a tag')).max(TASK_LIMITS.tags, `at most ${TASK_LIMITS.tags} tags`).default([]),
    /** Who gave the instruction and what they know, for runs that answer the agent's questions. */
    user: UserBlockSchema.optional(),
  })
  .strict();

export type Task = z.infer<typeof TaskSchema>;
export type TaskInput = z.input<typeof TaskSchema>;

export const TASK_SET_FORMAT = 'elderbench.tasks/1';

export const TaskSetFileSchema = z
  .object({
    format: z.literal(TASK_SET_FORMAT),
    name: text(TASK_LIMITS.label, 'name').min(1),
    description: text(TASK_LIMITS.text, 'description').optional(),
    tasks: z.array(z.unknown()).max(TASK_LIMITS.tasksPerFile, `at most ${TASK_LIMITS.tasksPerFile} tasks in one file; split it`),
  })
  .strict();

/** What list views need; the full task is fetched by id. */
export interface TaskSummary {
  id: string;
  instruction: string;
  /** The instruction in English, when the task set gives one (shown when Settings ask for English). */
  translation: string | null;
  lang: 'zh' | 'en';
  app: string;
  mode: 'online' | 'offline';
  semantic: Task['annotations']['semantic'];
  syntactic: Task['annotations']['syntactic'];
  scenario: string;
  taskSet: string;
}
