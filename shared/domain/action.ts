import { z } from 'zod';

/**
 * The canonical action: the one action type everything inside the app speaks
 * (recorder, graphs, agents, runners). Coordinates are in the canonical space
 * [0,1000] of the full device screenshot;
 * device pixels are derived in one place: electron/core/geometry/coordinates.ts.
 */
export const NormPointSchema = z.object({
  x: z.number().min(0).max(1000),
  y: z.number().min(0).max(1000),
});
export type NormPoint = z.infer<typeof NormPointSchema>;

export const KeyNameSchema = z.enum(['Enter', 'Recent', 'Menu', 'Delete', 'VolumeUp', 'VolumeDown', 'Power']);
export type KeyName = z.infer<typeof KeyNameSchema>;

export const ActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Tap'), at: NormPointSchema }),
  z.object({ type: z.literal('DoubleTap'), at: NormPointSchema }),
  z.object({ type: z.literal('LongPress'), at: NormPointSchema, ms: z.number().int().positive().optional() }),
  z.object({
    type: z.literal('Swipe'),
    from: NormPointSchema,
    to: NormPointSchema,
    ms: z.number().int().positive().optional(),
  }),
  z.object({
    type: z.literal('Type'),
    text: z.string(),
    submit: z.boolean().optional(),
    clear: z.boolean().optional(),
  }),
  z.object({ type: z.literal('Home') }),
  z.object({ type: z.literal('Back') }),
  z.object({ type: z.literal('Enter') }),
  z.object({ type: z.literal('Key'), key: KeyNameSchema }),
  z.object({ type: z.literal('LaunchApp'), app: z.string().min(1) }),
  z.object({ type: z.literal('Wait'), seconds: z.number().nonnegative().optional() }),
  z.object({
    type: z.literal('Finish'),
    message: z.string().optional(),
    status: z.enum(['success', 'failure']).optional(),
  }),
  z.object({ type: z.literal('AskUser'), message: z.string() }),
  z.object({ type: z.literal('Noop'), reason: z.string() }),
  z.object({ type: z.literal('ParseError'), raw: z.string(), reason: z.string() }),
]);
export type Action = z.infer<typeof ActionSchema>;
export type ActionType = Action['type'];

/** Actions that change the device; the rest end, pause or report an error. */
export const OPERATIONAL_ACTIONS: readonly ActionType[] = [
  'Tap',
  'DoubleTap',
  'LongPress',
  'Swipe',
  'Type',
  'Home',
  'Back',
  'Enter',
  'Key',
  'LaunchApp',
];
