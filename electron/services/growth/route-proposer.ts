import type { ProposedRoute } from '../../../shared/domain/off-graph.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';

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
