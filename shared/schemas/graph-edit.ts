import { z } from 'zod';

/** A goal condition as an annotator writes it (ids are assigned when the edit is applied). */
export const GoalConditionSchema = z
  .object({
    kind: z.enum(['typed', 'chosen', 'value', 'shown', 'pressed']),
    /** The content key it reads ('' for `shown`). */
    key: z.string().max(2000),
    label: z.string().min(1).max(200),
    expected: z.string().min(1, 'say what the goal needs').max(2000),
    match: z.enum(['exact', 'fuzzy', 'regex']),
    source: z.enum(['derived', 'annotator']).default('annotator'),
    /** Terms a typed text must contain / must not contain (see GoalCondition). */
    required: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
    forbidden: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
  })
  .strict();
export type GoalConditionInput = z.input<typeof GoalConditionSchema>;

/** A reviewer's edit of a graph version; each one produces a new version (older versions are kept). */
export const GraphEditSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('mergeNodes'), keep: z.string().min(1), merge: z.string().min(1) }).strict(),
  z
    .object({ op: z.literal('splitMember'), node: z.string().min(1), demonstrationId: z.number().int(), idx: z.number().int().min(0) })
    .strict(),
  z.object({ op: z.literal('setDone'), node: z.string().min(1), done: z.boolean() }).strict(),
  z.object({ op: z.literal('deleteEdge'), edge: z.string().min(1) }).strict(),
  /** Replaces a DONE node's goal conditions (derived ones kept or removed, the annotator's added). */
  z.object({ op: z.literal('setGoal'), node: z.string().min(1), conditions: z.array(GoalConditionSchema).max(50) }).strict(),
]);
export type GraphEdit = z.output<typeof GraphEditSchema>;
export type GraphEditInput = z.input<typeof GraphEditSchema>;
