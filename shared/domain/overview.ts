import type { GraphTrust } from './graph.js';
import type { RunSummaryDto } from './run.js';
/** The workspace at a glance (the first screen): what is there and what still needs doing. */
export interface WorkspaceOverview {
  tasks: {
    total: number;
    online: number;
    offline: number;
    bySet: { name: string; online: number; offline: number }[];
  };
  demonstrations: {
    /** Finished demonstrations over all tasks. */
    finished: number;
    /** Finished demonstrations per task id (tasks without any are absent). */
    perTask: Record<string, number>;
    /** Tasks without a finished demonstration. */
    tasksWithout: string[];
    /** Offline tasks with exactly one finished demonstration: their graph has a single path. */
    offlineNeedingSecondPath: string[];
  };
  graphs: {
    /** Offline tasks in the workspace (each needs a graph). */
    offlineTasks: number;
    /** Tasks with a graph, by the task's mode: offline tasks are scored on theirs; an online task's serves the state judge. */
    built: { offline: number; online: number };
    /** Offline tasks with finished demonstrations but no graph yet. */
    missing: string[];
    /** How many graphs stand where — the Graphs screen's "Standing", the same words and rule (services/graphs/graph-trust). */
    standing: Record<GraphTrust['status'], number>;
    /** Graphs whose standing is not `valid`, most urgent first, with the Graphs screen's reason. */
    attention: { taskId: string; mode: 'online' | 'offline'; version: number; status: GraphTrust['status']; reason: string }[];
    /** Graphs built from fewer demonstrations than the task now has: rebuild to include them. */
    stale: string[];
  };
  /** Each run, with its success rate over its results (human verdicts not applied; null without results). */
  runs: (Omit<RunSummaryDto, 'active'> & { successRate: number | null })[];
}
