import { z } from 'zod';
import { isPositional, parseSelector } from '../domain/json-path.js';

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
  /** Key terms of a text check, alternatives of a term, values of one_of_json. */
  terms: 50,
  /** Footprint entries of a task. */
  footprint: 50,
  /** Other names of a task's app. */
  appNames: 10,
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

/** A term a text must contain: one word, or alternatives of which any one will do (["周日", "星期天"]). */
const TermSchema = z.union([
  text(TASK_LIMITS.label, 'a term').min(1, 'a term is empty'),
  z.array(text(TASK_LIMITS.label, 'a term').min(1, 'a term is empty')).min(1, 'give at least one alternative').max(TASK_LIMITS.terms),
]);

/**
 * Key terms of a text (a message sent, a note saved): each `required` term must be in it, no
 * `forbidden` one may be — the corrected-away value of a self-correction ("周六, 不对, 周日") is
 * forbidden, so a reply that kept the old day fails. Compared after NFKC, case and space folding.
 */
export const TermsSchema = z
  .object({
    required: z.array(TermSchema).max(TASK_LIMITS.terms, `at most ${TASK_LIMITS.terms} required terms`).default([]),
    forbidden: z
      .array(text(TASK_LIMITS.label, 'a term').min(1, 'a term is empty'))
      .max(TASK_LIMITS.terms, `at most ${TASK_LIMITS.terms} forbidden terms`)
      .default([]),
  })
  .strict()
  .refine((t) => t.required.length + t.forbidden.length > 0, { message: 'terms needs required or forbidden terms' });
export type Terms = z.infer<typeof TermsSchema>;

/** How a success check's output is compared. Exactly one matcher is given. */
export const ExpectSchema = z
  .object({
    equals: text(TASK_LIMITS.expectText, 'equals').optional(),
    contains: text(TASK_LIMITS.expectText, 'contains').optional(),
    not_contains: text(TASK_LIMITS.expectText, 'not_contains').optional(),
    regex: text(TASK_LIMITS.regex, 'regex').optional(),
    /**
     * A path into the probe's JSON output (`alarms[label=吃药].enabled`: list items by identity;
     * docs/tasks.md), compared with one of `equals_json`, `one_of_json`, `includes_json`, `count` or `terms`.
     */
    json_path: text(TASK_LIMITS.expectText, 'json_path').optional(),
    equals_json: z.unknown().optional(),
    /** The value is one of these (several outcomes are right: 150 % or 200 %). */
    one_of_json: z.array(z.unknown()).min(1).max(TASK_LIMITS.terms).optional(),
    /** The value is a list that contains this item. */
    includes_json: z.unknown().optional(),
    /**
     * How many items the path selects: a filter's matches (`orders[status=booked]`: one ticket, not two, not one
     * refunded), or the items of the list it reads (`payments`). No match is 0, not a failure.
     */
    count: z.number().int().min(0).max(100_000).optional(),
    /** Key terms of the text at `json_path` (or of the whole output without one). */
    terms: TermsSchema.optional(),
  })
  .strict()
  .refine(
    (e) =>
      [e.equals, e.contains, e.not_contains, e.regex, e.json_path].filter((v) => v !== undefined).length +
        (e.terms !== undefined && e.json_path === undefined ? 1 : 0) ===
      1,
    { message: 'give exactly one of equals, contains, not_contains, regex, terms or json_path' },
  )
  .refine(
    (e) =>
      e.json_path === undefined ||
      ['equals_json' in e, e.one_of_json !== undefined, 'includes_json' in e, e.count !== undefined, e.terms !== undefined].filter(Boolean)
        .length === 1,
    { message: 'json_path needs exactly one of equals_json, one_of_json, includes_json, count or terms' },
  )
  .refine(
    (e) =>
      e.json_path !== undefined || !('equals_json' in e || e.one_of_json !== undefined || 'includes_json' in e || e.count !== undefined),
    {
      message: 'equals_json, one_of_json, includes_json and count compare what json_path selects: give json_path',
    },
  )
  .refine(
    (e) => {
      if (e.json_path === undefined) return true;
      try {
        parseSelector(e.json_path);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'json_path is not a valid path (key.key, key[field=value], key.0)' },
  )
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

/**
 * Where a snapshot of the phone reads the user's data (docs/runs.md "Side effects"): the settings
 * tables, installed packages, the contacts, call log, SMS and calendar providers, the alarm clock's
 * alarms, and on the virtual phone each app's own state (`app/<package>`).
 */
export const SNAPSHOT_SOURCE =
  /^(settings\/(system|secure|global)|packages|contacts|call_log|sms|calendar|alarms|app\/[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+)$/;
export const CHANGE_OPS = ['added', 'removed', 'changed'] as const;

/**
 * One change a task is expected to make beyond what its checks name: where (`at`), optionally
 * which part (`path`, items by identity as in json_path, never by position) and how (`change`).
 * A run reports every other change as a side effect.
 */
export const FootprintEntrySchema = z
  .object({
    at: z
      .string()
      .regex(
        SNAPSHOT_SOURCE,
        'at is one of settings/system, settings/secure, settings/global, packages, contacts, call_log, sms, calendar, alarms or app/<package>',
      ),
    path: text(TASK_LIMITS.expectText, 'path').optional(),
    change: z.array(z.enum(CHANGE_OPS)).min(1).optional(),
    /** Why the task changes this, for readers. */
    why: text(TASK_LIMITS.label, 'why').optional(),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.path === undefined) return;
    try {
      if (isPositional(parseSelector(f.path)))
        ctx.addIssue({
          code: 'custom',
          path: ['path'],
          message: 'a footprint names items by identity ([field=value]), not by list position',
        });
    } catch (e) {
      ctx.addIssue({ code: 'custom', path: ['path'], message: (e as Error).message });
    }
  });
export type FootprintEntry = z.infer<typeof FootprintEntrySchema>;

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
    /**
     * Other names the app goes by — its launcher label in each language the phone may show (天气 beside Weather), what
     * people call it — so that an agent's LaunchApp by any of them opens `package` (a phone gives no label over ADB).
     */
    app_names: z
      .array(text(TASK_LIMITS.label, 'an app name').min(1))
      .max(TASK_LIMITS.appNames, `at most ${TASK_LIMITS.appNames} app names`)
      .optional(),
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
    /** What the task is expected to change besides what its checks name; everything else an online run reports as a side effect. */
    footprint: z.array(FootprintEntrySchema).max(TASK_LIMITS.footprint, `at most ${TASK_LIMITS.footprint} footprint entries`).optional(),
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
