import { z } from 'zod';
import type { RunSpec } from '../schemas/run-spec.js';
import { RunSpecSchema } from '../schemas/run-spec.js';
import type { GraphTrust } from './graph.js';
import type { JudgeKind } from './run-records.js';
import type { RunPrices } from '../schemas/prices.js';
import { ModelPriceSchema } from '../schemas/prices.js';
import type { RescoreRecord } from './off-graph.js';

/**
 * What a run records about each agent so a result can be reproduced and compared: adapter and
 * version, the full prompt template and its hash, model id, endpoint host (never the URL's
 * credentials or the key), sampling, history policy, resize, coordinate rule, thresholds.
 */
export interface AgentManifest {
  name: string;
  adapter: string;
  adapterVersion: string;
  variant: string | null;
  model: string | null;
  endpointHost: string | null;
  /** "env:NAME" — where the key comes from; never the key. */
  keySource: string | null;
  promptTemplate: string | null;
  promptSha256: string | null;
  sampling: Record<string, number> | null;
  extraBody: Record<string, unknown> | null;
  historyPolicy: string;
  coordinates: string;
  resize: string;
  harness: {
    scrollGeometry: Record<'down' | 'up' | 'left' | 'right', { from: { x: number; y: number }; to: { x: number; y: number } }>;
    scrollDistanceFromPoint: number;
    defaultMs: { swipe: number; drag: number; longPress: number };
    request: { timeoutMs: number | null; retries: number | null; stream: boolean };
  };
  thresholds: { maxSteps: number; taskTimeoutS: number };
}

/** The replay oracle needs no model: the manifest says what it follows. */
export interface ReplayManifest {
  name: string;
  adapter: 'replay';
  follows: string;
}

export interface JudgeManifest {
  kind: JudgeKind;
  model: string | null;
  endpointHost: string | null;
  promptSha256: string | null;
  prompt: string | null;
  sampledFrames: number | null;
}

/** What a run records about who answered the agents' questions (the simulator's prompt and its hash). */
export interface UserManifest {
  mode: 'none' | 'scripted' | 'simulated';
  agent: string | null;
  model: string | null;
  endpointHost: string | null;
  /** "env:NAME" — where the simulator's key comes from; never the key. */
  keySource: string | null;
  sampling: Record<string, number> | null;
  promptSha256: string | null;
  prompt: string | null;
}

/** What a run asks of a device farm; stored in the run's manifest so `--resume` claims the same way. */
export interface StfRequest {
  url: string;
  count: number;
  filter: Record<string, string>;
}

/** A graph version a run scores against, with its standing when the run was created. */
export interface RecordedGraphVersion {
  version: number;
  trust: GraphTrust;
}

/** Everything needed to reproduce a run, written once when it is created. */
export interface RunManifest {
  software: { elderbench: string; node: string; platform: string };
  spec: RunSpec;
  agents: Record<string, AgentManifest | ReplayManifest>;
  judge: JudgeManifest;
  /** Who answered AskUser (absent in runs made before multi-turn runs existed: nobody). */
  user?: UserManifest;
  /** The robustness variant and the device change it makes. */
  variant?: { name: string; change: string; restoredAfterEachTask: true } | null;
  /** sha256 over the tasks exactly as run (sorted by id). */
  taskSetHash: string;
  /** Offline: the graph version each task is scored against (after `run rescore`, the version it was re-scored on). */
  graphVersions: Record<string, number | null>;
  /** Offline: each task's graph version with its standing (validation and probe) when the run was created. */
  graphs?: Record<string, RecordedGraphVersion | null>;
  /**
   * Offline: every task's graph version when the run was created, whose pages a walk follows where a tap its own graph
   * does not know opens one another task recorded (walk-app-pages.ts); a resumed run reads the same. Absent in runs made
   * before: the latest.
   */
  appPageVersions?: Record<string, number>;
  /** The offline matching rules in force, in words (the thresholds are in spec.match). */
  matchRules?: string[];
  createdAt: string;
  /** Online devices come from this STF farm (claimed for the run, released after it). */
  stf?: StfRequest;
  /** The price of each model the run uses, frozen when it was created (costs never change afterwards). */
  prices?: RunPrices;
  /** Steps of each task's first finished human demonstration when the run was created (the steps-vs-human ratio). */
  humanSteps?: Record<string, number>;
  /** Repeated trials: how many, and each agent's seed per trial (null: the agent takes none and is deterministic). */
  trials?: { count: number; seeds: Record<string, number[] | null> };
  /** Tasks the selection matched but the run's mode left out, and why (`run --mode offline` without --include-online). */
  leftOut?: LeftOutTask[];
  /** Offline: each re-scoring of a task's results against a newer graph version (`run rescore`), oldest first. */
  rescores?: RescoreRecord[];
}

/** A task a run's selection matched and left out. */
export interface LeftOutTask {
  taskId: string;
  why: 'online task (give --include-online to score it offline against its graph)' | 'online task without a graph' | 'offline task';
}

const opt = <T extends z.ZodType>(t: T) => t.optional().catch(undefined);

const GraphTrustSchema = z.object({
  status: z.enum(['valid', 'not valid', 'suspect', 'unprobed']),
  reason: z.string(),
  probe: z
    .object({
      kind: z.enum(['device', 'structural']),
      device: z.string().nullable(),
      variants: z.number(),
      falseAccepts: z.number(),
      falseRejects: z.number(),
      unplayable: z.number(),
      suspected: z.number(),
      at: z.string(),
    })
    .nullable(),
});

const StfRequestSchema = z.object({ url: z.string(), count: z.number(), filter: z.record(z.string(), z.string()).catch({}) });

/**
 * A manifest as read back. Runs written by earlier versions lack newer parts and some lack a spec
 * (`spec` is then null: such a run can be listed and reported, not resumed). What the app reads
 * back is checked; the rest (software, agents, judge, user) is kept as written, for people.
 */
const StoredRunManifestSchema = z.looseObject({
  spec: RunSpecSchema.nullable().catch(null),
  graphVersions: z.record(z.string(), z.number().nullable()).catch({}),
  graphs: z.record(z.string(), z.object({ version: z.number(), trust: GraphTrustSchema }).nullable()).catch({}),
  appPageVersions: opt(z.record(z.string(), z.number())),
  matchRules: z.array(z.string()).catch([]),
  stf: opt(StfRequestSchema),
  leftOut: opt(z.array(z.object({ taskId: z.string(), why: z.string() }))),
  user: opt(
    z.looseObject({
      mode: z.enum(['none', 'scripted', 'simulated']),
      promptSha256: z.string().nullable().catch(null),
      endpointHost: z.string().nullable().catch(null),
      keySource: z.string().nullable().catch(null),
    }),
  ),
  variant: opt(z.object({ name: z.string(), change: z.string(), restoredAfterEachTask: z.literal(true) }).nullable()),
  createdAt: opt(z.string()),
  /** Each agent's model id (null: it calls none), for its price; the rest of an agent's manifest is kept as written. */
  agents: z.record(z.string(), z.looseObject({ model: z.string().nullable().optional().catch(undefined) })).catch({}),
  judge: opt(z.looseObject({ model: z.string().nullable().catch(null) })),
  prices: opt(z.object({ date: z.string(), source: z.string(), models: z.record(z.string(), ModelPriceSchema.nullable()) })),
  humanSteps: opt(z.record(z.string(), z.number().int().min(0))),
  trials: opt(z.object({ count: z.number().int().min(1), seeds: z.record(z.string(), z.array(z.number().int()).nullable()) })),
  rescores: z
    .array(
      z.object({
        at: z.string(),
        taskId: z.string(),
        fromVersions: z.array(z.number().nullable()),
        toVersion: z.number(),
        results: z.array(
          z.object({
            agent: z.string(),
            before: z.object({ success: z.boolean(), exit: z.string() }),
            after: z.object({ success: z.boolean(), exit: z.string() }),
            how: z.string(),
          }),
        ),
      }),
    )
    .catch([]),
});
export type StoredRunManifest = z.infer<typeof StoredRunManifestSchema>;

export function parseRunManifest(v: unknown): StoredRunManifest {
  return StoredRunManifestSchema.parse(v !== null && typeof v === 'object' && !Array.isArray(v) ? v : {});
}
