import type { ProposedRoute } from '../../../shared/domain/off-graph.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { routesFromExploration } from '../../../shared/schemas/proposed-route.js';

/**
 * Where proposed routes come from: something that knows what a task's app can do (exploration on a
 * virtual phone, `graph explore`) and lists the right routes the task's graph does not know. The Graphs
 * screen asks it for a task's routes and the annotator accepts them in bulk (acceptRoutes).
 */
export interface RouteProposer {
  /** What proposes, for messages ("exploration on a virtual phone"). */
  readonly name: string;
  propose(store: WorkspaceStore, taskId: string): Promise<ProposedRoute[]>;
}

/**
 * Exploration as the proposer: the task's app explored on a virtual phone of the explorer's own (never a
 * real one), and the right routes the task's latest graph rejects proposed as they were played there.
 * Loaded on first use: exploring starts phones and needs modules nothing else at startup does.
 */
export const explorationProposer: RouteProposer = {
  name: 'exploration on a virtual phone',
  async propose(store, taskId) {
    const { unknownRoutes } = await import('../graphs/explore/explore-runner.js');
    return routesFromExploration(await unknownRoutes(store, taskId));
  },
};
