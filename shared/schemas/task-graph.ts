import { z } from 'zod';
import { ActionSchema } from '../domain/action.js';
import { BoundsSchema, DEFAULT_SCREEN, parseActionPx, TargetElementSchema } from '../domain/action-px.js';
import type { KnownWrongAction } from '../domain/off-graph.js';
import type { GraphEdge, GraphNode, SignatureConfig, StateSignature, TaskGraph } from '../domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../domain/task-graph.js';
import { GoalConditionSchema } from './graph-edit.js';

/**
 * A task graph as stored (a graph version's body, a graph file from a colleague): every field the app reads is
 * checked, so a wrong one is refused naming its path. Parts that graphs written by earlier versions lack are
 * optional and read as today's defaults; a field that is present with the wrong type is an error.
 * The annotations tie each schema to its domain type: the compiler refuses a schema that drifts from it.
 */

const ScreenSchema = z.object({ width: z.number().positive(), height: z.number().positive() });
/** Missing in graphs written before the screen was stored: the common phone's. */
const storedScreen = ScreenSchema.optional().transform((s) => s ?? { ...DEFAULT_SCREEN });
const stringList = z.array(z.string());

const SignatureConfigSchema = z.object({
  maxAnchorLength: z.number(),
  ignoredResourceIds: stringList,
  ignoredPackages: stringList,
  enteredTexts: stringList.optional(),
  structureThreshold: z.number(),
  anchorThreshold: z.number(),
  useImageHash: z.boolean(),
  imageHashMaxDistance: z.number(),
  flagBelow: z.number(),
  splitOnWidgetState: z.boolean(),
});
/** A stored signature configuration: today's defaults for the settings a graph written earlier lacks. */
export const StoredSignatureConfigSchema: z.ZodType<SignatureConfig, unknown> = SignatureConfigSchema.partial()
  .optional()
  .transform((c) => ({ ...DEFAULT_SIGNATURE_CONFIG, ...c }));

export const StateSignatureSchema: z.ZodType<StateSignature, unknown> = z.object({
  activity: z.string(),
  title: z.string().optional(),
  structure: stringList,
  chrome: stringList.optional(),
  structureKey: z.string(),
  anchors: stringList,
  widgetState: stringList,
  imageHash: z.string().nullable(),
  content: z.record(z.string(), z.string()).optional(),
});

const ObservationRefSchema = z.object({
  demonstrationId: z.number(),
  idx: z.number(),
  screenshotBlob: z.string().nullable(),
  xmlBlob: z.string().nullable(),
});

const MergeEvidenceSchema = z.object({
  activity: z.boolean(),
  structure: z.number(),
  anchors: z.number().nullable(),
  image: z.number().nullable(),
  confidence: z.number(),
  rule: z.enum(['first', 'exact', 'similar', 'image', 'manual']),
});

/**
 * A member stored without its merge evidence (a hand-made graph file): a person put it in the node, which is what the
 * 'manual' rule records.
 */
const MANUAL_EVIDENCE = { activity: true, structure: 1, anchors: null, image: null, confidence: 1, rule: 'manual' as const };
const storedEvidence = MergeEvidenceSchema.optional().transform((e) => e ?? { ...MANUAL_EVIDENCE });

/** A goal condition as stored: the annotator's shape with its id; derived ones may have an empty label. */
const StoredGoalConditionSchema = GoalConditionSchema.extend({
  id: z.string(),
  label: z.string(),
  expected: z.string(),
  source: z.enum(['derived', 'annotator']),
}).strip();

const ContentValueSchema = z.object({
  key: z.string(),
  kind: z.enum(['text', 'choice', 'number', 'label']),
  value: z.string(),
  label: z.string(),
  listed: z.boolean().optional(),
});

const TapOptionSchema = z.object({
  bounds: BoundsSchema,
  label: z.string(),
  id: z.string().optional(),
  current: z.literal(true).optional(),
});

/** The signature of a node stored without one (a hand-made graph file): it resembles no page. */
const EMPTY_SIGNATURE: StateSignature = { activity: '', structure: [], structureKey: '', anchors: [], widgetState: [], imageHash: null };

/**
 * A node's known-wrong marks. A mark that is no shape this app wrote is dropped rather than refused: it would match
 * nothing reliably, and the rest of the graph is still good.
 */
const KnownWrongSchema = z
  .array(z.unknown())
  .optional()
  .transform((marks): KnownWrongAction[] | undefined => {
    if (!marks) return undefined;
    const kept = marks.flatMap((k): KnownWrongAction[] => {
      const r = KnownWrongMarkSchema.safeParse(k);
      return r.success ? [r.data] : [];
    });
    return kept.length > 0 ? kept : undefined;
  });
const KnownWrongMarkSchema = z.object({
  id: z.number(),
  action: ActionSchema,
  target: TargetElementSchema.nullable().catch(null).default(null),
  screen: ScreenSchema.catch(() => ({ ...DEFAULT_SCREEN })),
  note: z.string().catch(''),
});

export const GraphNodeSchema: z.ZodType<GraphNode, unknown> = z
  .object({
    id: z.string(),
    signature: StateSignatureSchema.optional().transform((s) => s ?? EMPTY_SIGNATURE),
    representative: ObservationRefSchema,
    members: z.array(ObservationRefSchema.extend({ evidence: storedEvidence })).default([]),
    done: z.boolean().default(false),
    flag: z.string().nullable().default(null),
    goal: z.array(StoredGoalConditionSchema).optional(),
    keyboard: z.boolean().optional(),
    fields: z.record(z.string(), z.array(BoundsSchema)).optional(),
    up: BoundsSchema.optional(),
    dismiss: BoundsSchema.optional(),
    scrolls: z.array(BoundsSchema).optional(),
    still: z.array(BoundsSchema).optional(),
    controls: z.array(TapOptionSchema).optional(),
    inputs: z.array(BoundsSchema).optional(),
    toggles: z.array(BoundsSchema).optional(),
    togglesOff: z.array(BoundsSchema).optional(),
    pressable: z.array(BoundsSchema).optional(),
    window: BoundsSchema.optional(),
    shows: z.string().max(64).optional(),
    longPressable: z.array(BoundsSchema).optional(),
    knownWrong: KnownWrongSchema,
  })
  .transform(({ knownWrong, ...node }) => (knownWrong ? { ...node, knownWrong } : node));

export const GraphEdgeSchema: z.ZodType<GraphEdge, unknown> = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  action: ActionSchema,
  /** Pixels are read leniently (see parseActionPx): a foreign shape loses only the pixel view. */
  actionPx: z.unknown().optional().transform(parseActionPx),
  target: TargetElementSchema.nullable().default(null),
  screen: storedScreen,
  demonstrations: z.array(z.number()).default([]),
  uses: z.array(z.tuple([z.number(), z.number()])).default([]),
  goal: z.boolean().optional(),
  effects: z.array(ContentValueSchema).optional(),
  choice: z.object({ options: z.array(BoundsSchema) }).optional(),
  options: z.array(TapOptionSchema).optional(),
  group: z.array(TapOptionSchema).optional(),
  singleChoice: z.boolean().optional(),
  mirror: BoundsSchema.optional(),
  slider: z
    .object({ bounds: BoundsSchema, within: z.object({ value: z.number(), dir: z.enum(['atLeast', 'atMost']) }).optional() })
    .optional(),
  listShift: z.number().optional(),
  landedShift: z.number().optional(),
});

export const TaskGraphSchema: z.ZodType<TaskGraph, unknown> = z.object({
  taskId: z.string(),
  config: StoredSignatureConfigSchema,
  startNode: z.string(),
  nodes: z.array(GraphNodeSchema),
  edges: z.array(GraphEdgeSchema),
  contentKeys: stringList.optional(),
  freeKeys: stringList.optional(),
  listedKeys: stringList.optional(),
});
