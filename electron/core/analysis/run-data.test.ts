import { describe, expect, it } from 'vitest';
import type { ItemStatus } from '../eval/scoring.js';
import { attributionObservations, failedWithLabels, judgedResults, pairRuns } from './run-data.js';

const res = (runId: string, taskId: string, success: boolean, agent = 'a', mode = 'online', status?: ItemStatus) =>
  ({ runId, taskId, agent, mode, success, status: status ?? (success ? 'success' : 'failure') }) as const;

describe('run data joins', () => {
  it('pairs two runs by task, agent and mode, per agent, and reports what did not pair', () => {
    const p = pairRuns(
      [res('o', 't1', false), res('o', 't2', true), res('o', 't1', false, 'b'), res('o', 't9', false)],
      [res('r', 't1', true), res('r', 't2', true), res('r', 't1', true, 'b'), res('r', 't3', true)],
      (id) => (id === 't1' ? 'Indirect Speech' : id === 't2' ? 'Clear and Explicit' : undefined),
    );
    expect(p.byAgent.map((g) => [g.agent, g.pairs.length])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect(p.byAgent[0]!.pairs[0]).toEqual({ taskId: 't1@online', category: 'Indirect Speech', original: false, rewritten: true });
    expect(p.unpaired).toBe(2);
    expect(p.unknownTasks).toEqual([]);
    const q = pairRuns([res('o', 'zz', true)], [res('r', 'zz', false)], () => undefined);
    expect(q.unknownTasks).toEqual(['zz']);
    expect(q.byAgent[0]!.pairs[0]!.category).toBe('Unannotated');
  });

  it("joins failures with labels and verdicts; a reviewer's verdict overrides the automatic one", () => {
    const results = [res('r', 't1', false), res('r', 't2', true), res('r', 't3', false), res('r', 't4', false)];
    const labels = [
      { taskId: 't1', agent: 'a', mode: 'online', failureCategory: 'Environment Awareness', humanVerdict: 'failure' as const },
      // Judged a success, but the reviewer says it failed: it is a failure to categorise.
      { taskId: 't2', agent: 'a', mode: 'online', failureCategory: 'Planning/State Tracking', humanVerdict: 'failure' as const },
      // Judged a failure, but the reviewer says it succeeded: not in the failure table.
      { taskId: 't4', agent: 'a', mode: 'online', failureCategory: null, humanVerdict: 'success' as const },
    ];
    expect(failedWithLabels(results, labels)).toEqual([
      { taskId: 't1', agent: 'a', category: 'Environment Awareness' },
      { taskId: 't2', agent: 'a', category: 'Planning/State Tracking' },
      { taskId: 't3', agent: 'a', category: null },
    ]);
    expect(judgedResults(results, labels).map((j) => j.humanVerdict)).toEqual(['failure', 'failure', null, 'success']);
  });

  it('builds attribution observations and lists unknown tasks', () => {
    const f = { semantic: 's', syntactic: 'y', scenario: 'c', length: 3, verbs: 1 };
    const o = attributionObservations([res('r', 't1', true), res('r', 'gone', false)], (id) => (id === 't1' ? f : undefined));
    expect(o.observations).toEqual([{ ...f, success: true, taskId: 't1', group: 'a' }]);
    expect(o.unknownTasks).toEqual(['gone']);
  });

  it("uses the run's scoring classes: unresolved and invalid results are never failures, never pairs, never observations", () => {
    const results = [
      res('r', 't1', false),
      res('r', 't2', false, 'a', 'online', 'unresolved'),
      res('r', 't3', false, 'a', 'online', 'invalid'),
    ];
    expect(failedWithLabels(results, []).map((f) => f.taskId)).toEqual(['t1']);
    expect(judgedResults(results, [])).toHaveLength(1);
    const f = { semantic: 's', syntactic: 'y', scenario: 'c', length: 3, verbs: 1 };
    const o = attributionObservations(results, () => f);
    expect(o.observations.map((x) => x.taskId)).toEqual(['t1']);
    expect(o.unresolved).toBe(1);
    const p = pairRuns(
      [res('o', 't1', false), res('o', 't2', true), res('o', 't3', true, 'a', 'online', 'invalid')],
      [res('r', 't1', true), res('r', 't2', false, 'a', 'online', 'unresolved'), res('r', 't3', true)],
      () => 'X',
    );
    expect(p.byAgent[0]!.pairs.map((x) => x.taskId)).toEqual(['t1@online']);
    expect([p.unresolved, p.invalid, p.unpaired]).toEqual([1, 1, 0]);
  });
});
