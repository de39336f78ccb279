import { z } from 'zod';
import { ActionSchema } from '../domain/action.js';
import { TaskIdSchema } from './task.js';

/**
 * A route an explorer proposes (the output of `graph explore`, or any file in this shape): the actions
 * from the task's setup and the state they reach. Accepting it records it as a demonstration.
 */
export const ProposedRouteSchema = z
  .object({
    id: z.string().min(1).max(200),
    taskId: TaskIdSchema,
    actions: z.array(ActionSchema).min(1, 'a route needs at least one action').max(200),
    reaches: z.object({ checksPass: z.boolean(), state: z.string().max(2000) }).strict(),
    description: z.string().max(2000).default(''),
  })
  .strict();

/** A routes file: a list of routes, or an object with a `routes` list (what `graph explore --json` prints). */
export const ProposedRoutesFileSchema = z.union([
  z.array(ProposedRouteSchema),
  z.looseObject({ routes: z.array(ProposedRouteSchema) }).transform((o) => o.routes),
]);
