/** What list views and the CLI show about a task graph. */
export interface GraphSummary {
  taskId: string;
  graphId: number;
  version: number;
  demonstrations: number;
  nodes: number;
  edges: number;
  doneNodes: number;
  /** Share of demonstrations that replay to DONE through the graph (must be 1). */
  selfConsistency: number;
  /** Share accepted by a graph built from the other demonstrations; null with fewer than two. */
  leaveOneOut: number | null;
  flaggedNodes: string[];
  createdAt: string;
}
