import { z } from 'zod';
import { ActionSchema } from '../../../../shared/domain/action.js';
import type { ProbeTaskResult, ProbeVariantResult } from '../../../../shared/domain/graph.js';

/**
 * Schemas of JSON columns whose shape has no schema in shared/ (the API never receives them): what the app writes,
 * checked when read back.
 */
export const StringListSchema = z.array(z.string());

/** A demonstration's device description: an object (its fields are informational and vary by device). */
export const DeviceInfoSchema = z.record(z.string(), z.unknown());

const ProbeVariantResultSchema = z.object({
  id: z.string(),
  kind: z.enum(['demonstration', 'crossover', 'skip-content', 'change-text', 'sibling', 'finish-early']),
  intent: z.enum(['right', 'wrong']),
  description: z.string(),
  actions: z.array(ActionSchema),
  offline: z.object({ accepted: z.boolean(), reason: z.string(), path: z.array(z.string()).optional() }),
  device: z.object({ pass: z.boolean().nullable(), reason: z.string() }).nullable(),
  verdict: z.enum(['agree', 'false-accept', 'false-reject', 'unplayable', 'suspected-false-accept', 'suspected-false-reject', 'unjudged']),
}) satisfies z.ZodType<ProbeVariantResult>;

export const ProbeTaskResultSchema = z.object({
  taskId: z.string(),
  graphVersion: z.number().int(),
  kind: z.enum(['device', 'structural']),
  device: z.string().nullable(),
  variants: z.number().int(),
  falseAccepts: z.number().int(),
  falseRejects: z.number().int(),
  unplayable: z.number().int(),
  suspected: z.number().int(),
  results: z.array(ProbeVariantResultSchema),
}) satisfies z.ZodType<ProbeTaskResult>;

export { ActionSchema };
