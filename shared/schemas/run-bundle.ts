import { z } from 'zod';
import { ActionSchema } from '../domain/action.js';
import { TaskSchema } from './task.js';

/**
 * A run bundle (`elderbench export RUN --out FILE.tar.gz`): one run as another lab loads it (`elderbench import-run`).
 * A gzipped tar of, in this order: README.md, manifest.json, tasks.json, per result a steps file followed by the
 * images its steps use first, results.jsonl, blobs.jsonl, and last contents.json (every other file's sha256 and
 * size: a bundle cut short or edited is refused). The stored records travel verbatim (`runManifest`, each result's and step's `details`); the
 * `view` parts are derived for people reading the bundle and are ignored on import. docs/run-bundle.md explains
 * each file; docs/run-bundle.schema.json is generated from these schemas (scripts/run-bundle-schema.ts).
 */
export const RUN_BUNDLE_FORMAT = 'elderbench.run-bundle/1';

/** The files of a bundle, in archive order. */
export const BUNDLE_FILES = {
  readme: 'README.md',
  manifest: 'manifest.json',
  tasks: 'tasks.json',
  results: 'results.jsonl',
  blobs: 'blobs.jsonl',
  contents: 'contents.json',
} as const;
/** `steps/00001.jsonl`: one per result, numbered in results.jsonl order. */
export const STEPS_FILE = /^steps\/\d{5,}\.jsonl$/;
/** `images/<sha256>.<ext>`: each image once, named by the hash of its bytes. */
export const IMAGE_FILE = /^images\/([0-9a-f]{64})\.(png|jpg|webp|xml\.gz|json|xml|gz|bin)$/;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha256 in 64 lower-case hex characters');
const Mode = z.enum(['online', 'offline']);
const Json = z.record(z.string(), z.unknown());

/** A device an online result ran on, as the run recorded it. */
export const BundleDeviceSchema = z.object({
  model: z.string().nullable(),
  android: z.string().nullable(),
  resolution: z.string().nullable(),
  density: z.number().nullable(),
  locale: z.string().nullable(),
  fontScale: z.number().nullable(),
  /** How many results ran on a device with this fingerprint. */
  results: z.number().int().min(1),
});

/** A prompt template the run used, once per distinct text. */
export const BundlePromptSchema = z.object({
  sha256: Sha256,
  /** Who used it: `agent:NAME`, `judge`, `user`. */
  usedBy: z.array(z.string()),
  text: z.string(),
});

export const BundleManifestSchema = z.object({
  format: z.literal(RUN_BUNDLE_FORMAT),
  tool: z.object({ name: z.literal('elderbench'), version: z.string(), commit: z.string().nullable(), node: z.string() }),
  exportedAt: z.string(),
  run: z.object({
    id: z.string().min(1),
    mode: z.enum(['online', 'offline', 'both']),
    status: z.enum(['running', 'finished', 'cancelled', 'failed']),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  }),
  /** The run's manifest exactly as stored (secrets never are: keys are named by their variable, `env:NAME`). */
  runManifest: z.looseObject({
    taskSetHash: z.string(),
    createdAt: z.string().optional(),
    spec: Json.nullable().optional(),
    agents: z.record(z.string(), Json),
    judge: Json.optional(),
  }),
  /** What a reader looks for first, derived from runManifest and the results (import ignores it). */
  view: z.object({
    taskSetHash: z.string(),
    /** The bundle's tasks hash as the run's did: false when a task was edited after the run was created. */
    tasksAsRun: z.boolean(),
    tasks: z.array(
      z.object({
        taskId: z.string(),
        graphVersion: z.number().nullable(),
        /** The graph's validation and probe standing when the run was created (null: not recorded, online). */
        standing: z.string().nullable(),
      }),
    ),
    devices: z.array(BundleDeviceSchema),
    agents: z.record(z.string(), Json),
    prompts: z.array(BundlePromptSchema),
    judge: Json.nullable(),
    user: Json.nullable(),
    seeds: z.record(z.string(), z.array(z.number()).nullable()).nullable(),
    limits: z.object({ maxSteps: z.number().nullable(), timeoutS: z.number().nullable(), maxAttempts: z.number().nullable() }),
    trials: z.number().int().min(1),
  }),
});
export type BundleManifest = z.infer<typeof BundleManifestSchema>;

export const BundleTasksSchema = z.array(TaskSchema);

const LabelSchema = z.object({
  failureCategory: z.string().nullable(),
  humanVerdict: z.enum(['success', 'failure']).nullable(),
  notes: z.string(),
  updatedAt: z.string(),
});

const CostSchema = z.union([z.number(), z.literal('no price'), z.literal('no usage')]);

/** One line of results.jsonl: one task × agent × mode × trial. */
export const BundleResultSchema = z.object({
  taskId: z.string().min(1),
  agent: z.string().min(1),
  mode: Mode,
  trial: z.number().int().min(0),
  success: z.boolean(),
  exitCategory: z.string().min(1),
  finishedAt: z.string(),
  /** As stored: reason, steps, stats, the judge's verdict, device, side effects, goal conditions... */
  details: Json,
  /** A reviewer's label, if any. */
  label: LabelSchema.nullable(),
  stepsFile: z.string().regex(STEPS_FILE, 'steps/NNNNN.jsonl'),
  steps: z.number().int().min(0),
  view: z.object({
    /** Every judge's verdict (offline: the task graph's), null where one gave none. */
    verdicts: z.record(z.string(), z.boolean().nullable()),
    sideEffects: z.number().int().min(0).nullable(),
    tokens: z.object({ prompt: z.number().nullable(), completion: z.number().nullable(), total: z.number().nullable() }),
    /** USD from the prices frozen in the run's manifest, or why not. */
    costUsd: CostSchema,
    latencyMs: z.object({ agent: z.number(), judge: z.number() }),
    /** Goal conditions met (partial credit), null where none were checked. */
    partialCredit: z.object({ met: z.number(), total: z.number() }).nullable(),
  }),
});
export type BundleResult = z.infer<typeof BundleResultSchema>;

/** One line of a steps file: one step of one result. */
export const BundleStepSchema = z.object({
  idx: z.number().int().min(0),
  observationBlob: Sha256.nullable(),
  rawOutput: z.string(),
  action: ActionSchema,
  details: Json,
  timings: z.record(z.string(), z.number()),
  usage: Json,
  /** What was sent to the model, each image by its blob id (null: a model-free agent, or not recorded). */
  request: z.object({ messages: z.array(z.object({ role: z.string(), text: z.string(), images: z.array(Sha256.nullable()) })) }).nullable(),
});
export type BundleStep = z.infer<typeof BundleStepSchema>;

/** One line of blobs.jsonl: an image of the bundle and its media type. */
export const BundleBlobSchema = z.object({ id: Sha256, mediaType: z.string().min(1), bytes: z.number().int().min(0), file: z.string() });
export type BundleBlob = z.infer<typeof BundleBlobSchema>;

/** contents.json, the last file: every other file's hash and size. */
export const BundleContentsSchema = z.object({
  format: z.literal(RUN_BUNDLE_FORMAT),
  files: z.array(z.object({ name: z.string(), sha256: Sha256, bytes: z.number().int().min(0) })),
  counts: z.object({ results: z.number().int().min(0), steps: z.number().int().min(0), images: z.number().int().min(0) }),
  /** Occurrences of a secret's value (an API key from the environment) replaced by `[redacted env:NAME]`. */
  redactions: z.number().int().min(0),
});
export type BundleContents = z.infer<typeof BundleContentsSchema>;

/** Every schema of the bundle by file, for the generated JSON Schema in docs/. */
export const RUN_BUNDLE_SCHEMAS = {
  'manifest.json': BundleManifestSchema,
  'tasks.json': BundleTasksSchema,
  'results.jsonl (each line)': BundleResultSchema,
  'steps/NNNNN.jsonl (each line)': BundleStepSchema,
  'blobs.jsonl (each line)': BundleBlobSchema,
  'contents.json': BundleContentsSchema,
} as const;
