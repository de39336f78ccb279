import { describe, expect, it } from 'vitest';
import type { GraphSummary } from '../../../shared/domain/graph.js';
import { WorkspaceStore } from '../../../electron/adapters/db/workspace-store.js';
import { importTaskFile } from '../../../electron/services/workspace/tasks-service.js';
import { workspaceOverview } from '../../../electron/services/workspace/workspace-overview.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { testManifest } from '../../support/run-manifest.js';

const graph = (taskId: string, over: Partial<GraphSummary> = {}): GraphSummary => ({
  taskId,
  graphId: 1,
  version: 1,
  demonstrations: 2,
  nodes: 4,
  edges: 3,
  doneNodes: 1,
  selfConsistency: 1,
  leaveOneOut: 1,
  flaggedNodes: [],
  createdAt: '2026-11-30T00:00:00Z',
  trust: { status: 'unprobed', reason: 'never probed', probe: null },
  ...over,
});

describe('workspace overview', () => {
  const tmp = useTempDirs();

  it('counts tasks by set and mode, finished demonstrations per task, and says what still needs doing', async () => {
    const store = WorkspaceStore.open(tmp());
    try {
      await importTaskFile(store, { file: `${REPO_ROOT}test/fixtures/tasks/settings-runs.json` });
      const demo = (taskId: string, status: 'finished' | 'discarded' | 'interrupted' = 'finished') => {
        const d = store.demonstrations.create(taskId, 'vphone-1');
        store.demonstrations.setStatus(d.id, status);
      };
      demo('off-display');
      demo('off-display');
      demo('off-display'); // a third, after the graph was built from two
      demo('off-sound');
      demo('off-sound', 'discarded'); // only finished ones count
      demo('on-dark');
      demo('on-display', 'interrupted');

      const o = workspaceOverview(store, [
        graph('off-display', {
          leaveOneOut: 0,
          trust: { status: 'valid', reason: 'device probe: 9 variants, no false accept', probe: null },
        }),
        graph('off-sound', {
          demonstrations: 1,
          leaveOneOut: null,
          selfConsistency: 0.5,
          flaggedNodes: ['n2'],
          trust: { status: 'not valid', reason: 'a demonstration does not replay to DONE on this graph', probe: null },
        }),
        graph('on-dark'), // an online task's graph (the state judge's)
        graph('gone-task'), // a task no longer in the workspace
      ]);
      expect(o.tasks).toEqual({ total: 5, online: 3, offline: 2, bySet: [{ name: 'settings-runs', online: 3, offline: 2 }] });
      expect(o.demonstrations.perTask).toEqual({ 'off-display': 3, 'off-sound': 1, 'on-dark': 1 });
      expect(o.demonstrations.finished).toBe(5);
      expect(o.demonstrations.tasksWithout.sort()).toEqual(['on-display', 'on-sound']);
      expect(o.demonstrations.offlineNeedingSecondPath).toEqual(['off-sound']);
      expect(o.graphs.offlineTasks).toBe(2);
      // Counted by the task's mode, so "of 2 offline tasks" is about offline tasks only.
      expect(o.graphs.built).toEqual({ offline: 2, online: 1 });
      expect(o.graphs.missing).toEqual([]);
      expect(o.graphs.stale).toEqual(['off-display']);
      // The Graphs screen's standing, not a rule of its own: leave-one-out below 1 is no problem (another path).
      expect(o.graphs.standing).toEqual({ valid: 1, 'not valid': 1, suspect: 0, unprobed: 1 });
      expect(o.graphs.attention).toEqual([
        {
          taskId: 'off-sound',
          mode: 'offline',
          version: 1,
          status: 'not valid',
          reason: 'a demonstration does not replay to DONE on this graph',
        },
        { taskId: 'on-dark', mode: 'online', version: 1, status: 'unprobed', reason: 'never probed' },
      ]);
      expect(o.runs).toEqual([]);

      // Without graphs: the demonstrated offline tasks are listed as missing theirs.
      expect(workspaceOverview(store, []).graphs.missing.sort()).toEqual(['off-display', 'off-sound']);
    } finally {
      store.close();
    }
  });

  it('lists runs with their status and success rate', async () => {
    const store = WorkspaceStore.open(tmp());
    try {
      await importTaskFile(store, { file: `${REPO_ROOT}test/fixtures/tasks/settings-runs.json` });
      store.runs.create('run-a', 'offline', testManifest({ agents: ['replay', 'random'], taskIds: ['off-display', 'off-sound'] }));
      const result = (taskId: string, agent: string, success: boolean) =>
        store.runs.putResult({
          runId: 'run-a',
          taskId,
          agent,
          mode: 'offline',
          success,
          exitCategory: success ? 'finished' : 'off_graph',
          details: {},
        });
      result('off-display', 'replay', true);
      result('off-sound', 'replay', true);
      result('off-display', 'random', false);
      // Stored as running, but no process executes it (nobody holds its lease): cut off, so shown as interrupted.
      const [run] = workspaceOverview(store, []).runs;
      expect(run).toMatchObject({
        id: 'run-a',
        mode: 'offline',
        status: 'interrupted',
        agents: ['replay', 'random'],
        tasks: 2,
        results: 3,
      });
      expect(run!.successRate).toBeCloseTo(2 / 3);
      expect(store.leases.take('run', 'run-a', 'elderbench run run-a')).toBeNull();
      expect(workspaceOverview(store, []).runs[0]).toMatchObject({ status: 'running' });
    } finally {
      store.close();
    }
  });
});
