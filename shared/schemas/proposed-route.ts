import { z } from 'zod';
import { ActionSchema } from '../domain/action.js';
import { TaskIdSchema } from './task.js';
import type { ProposedRoute } from '../domain/off-graph.js';

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

/** A right route the graph rejects, as `graph explore --json` lists it per task (`unknownRoutes`). */
const ExploredRouteSchema = z.looseObject({
  taskId: TaskIdSchema,
  kind: z.string().catch('other-route'),
  description: z.string().catch(''),
  actions: z.array(ActionSchema).min(1),
  states: z.array(z.string()).catch([]),
  reason: z.string().catch(''),
});
export type ExploredRoute = Pick<z.infer<typeof ExploredRouteSchema>, 'taskId' | 'kind' | 'description' | 'actions' | 'states' | 'reason'>;

/**
 * Exploration's unknown routes as proposals: each reaches a state where the task's checks pass (that is what made it
 * right). A route of kind `side-effect` also changed something the task never asked for (a song liked on the way):
 * recorded as a demonstration it would teach the graph that the extra change is fine, so it is listed by `graph
 * explore` for a person to look at but never proposed. Ids keep the route's place in the task's list.
 */
export function routesFromExploration(routes: readonly ExploredRoute[]): ProposedRoute[] {
  return routes.flatMap((r, i) => (r.kind === 'side-effect' ? [] : [proposalOfExplored(r, i)]));
}

function proposalOfExplored(r: ExploredRoute, i: number): ProposedRoute {
  return {
    id: `${r.taskId}#${i + 1}`,
    taskId: r.taskId,
    actions: r.actions,
    reaches: { checksPass: true, state: r.states.at(-1) ?? '' },
    description: `${r.kind}: ${r.description}${r.reason ? ` (the graph: ${r.reason})` : ''}`,
  };
}

/** A held-out path as `graph try-paths --json` reports it. */
const TriedPathSchema = z.looseObject({
  name: z.string().catch(''),
  taskId: TaskIdSchema,
  actions: z.array(ActionSchema).catch([]),
  phone: z.looseObject({ pass: z.boolean() }).nullable().catch(null),
  sideEffects: z.array(z.string()).catch([]),
  offline: z
    .looseObject({ reason: z.string().catch('') })
    .nullable()
    .catch(null),
  verdict: z.string().catch(''),
});
export type TriedPathRoute = z.infer<typeof TriedPathSchema>;

/**
 * A held-out set's right paths the walk refused, as proposals: the phone's checks passed at their end and nothing else
 * changed (a careless path by a side effect is no route to record). A question asked is no action on the phone.
 */
export function routesFromTriedPaths(results: readonly TriedPathRoute[]): ProposedRoute[] {
  return results
    .filter((r) => r.verdict === 'false-reject' && r.phone?.pass === true && r.sideEffects.length === 0)
    .map((r, i) => ({
      id: `${r.taskId}:${r.name || i + 1}`.slice(0, 200),
      taskId: r.taskId,
      actions: r.actions.filter((a) => a.type !== 'AskUser'),
      reaches: { checksPass: true, state: '' },
      description: `held-out path "${r.name}"${r.offline?.reason ? ` (the graph: ${r.offline.reason})` : ''}`.slice(0, 2000),
    }))
    .filter((r) => r.actions.length > 0);
}

/**
 * A routes file: a list of routes, an object with a `routes` list, what `graph explore --json` prints (each task's
 * `unknownRoutes`: right routes, since the task's checks passed at their end), or what `graph try-paths --json` prints
 * (the right paths the walk refused, without side effects).
 */
export const ProposedRoutesFileSchema = z.union([
  z.array(ProposedRouteSchema),
  z.looseObject({ routes: z.array(ProposedRouteSchema) }).transform((o) => o.routes),
  z
    .looseObject({ tasks: z.array(z.looseObject({ unknownRoutes: z.array(ExploredRouteSchema).default([]) })) })
    .transform((o) => o.tasks.flatMap((t) => routesFromExploration(t.unknownRoutes))),
  z.looseObject({ results: z.array(TriedPathSchema) }).transform((o) => routesFromTriedPaths(o.results)),
]);
