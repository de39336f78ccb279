import { describe, expect, it } from 'vitest';
import type { GraphTrust } from '../../../shared/domain/graph.js';
import type { Task } from '../../../shared/schemas/task.js';
import { TaskSchema } from '../../../shared/schemas/task.js';
import type { ResultForMetrics } from './metrics.js';
import { runMetrics } from './metrics.js';
import { breakdownTable, graphsTable, table2, unresolvedWarning } from './run-report.js';
import type { Mode } from './scoring.js';

const task = (id: string, mode: Mode, semantic: string): Task =>
  TaskSchema.parse({
    id,
    instruction: id,
    lang: 'zh',
    app: 'Settings',
    package: 'com.android.settings',
    mode,
    annotations: { syntactic: 'Canonical', semantic, scenario: 'System Settings' },
  });
const tasks = new Map(
  [
    task('on1', 'online', 'Indirect Speech'),
    task('on2', 'online', 'Clear and Explicit'),
    task('off1', 'offline', 'Indirect Speech'),
    task('off2', 'offline', 'Indirect Speech'),
  ].map((t) => [t.id, t]),
);
const result = (taskId: string, agent: string, exit: string, success = false): ResultForMetrics => ({
  taskId,
  agent,
  mode: tasks.get(taskId)!.mode,
  exit,
  success,
  steps: 2,
  stepMs: [1000, 3000],
  tokens: 50,
  judgeTokens: 0,
  judgeMs: 0,
  judgeAgreement: null,
  retries: 0,
});
const sr = (t: ReturnType<typeof table2>, agent: string, col: string) => t.rows.find((r) => r.agent === agent)![col];

describe('run report: Table 2', () => {
  const results = [
    result('on1', 'a', 'finished', true),
    result('on2', 'a', 'finished', false),
    result('off1', 'a', 'finished', true),
    result('off2', 'a', 'off_graph'),
    result('on1', 'b', 'finished', true),
    result('on2', 'b', 'infra_error'),
    result('off1', 'b', 'off_graph'),
    result('off2', 'b', 'no_graph'),
  ];
  const m = runMetrics(results, tasks);

  it('gives every agent the same N per mode: an invalid task leaves N for all, an unresolved one stays in N as not successful', () => {
    const t = table2(m, 'run-1');
    expect(t.columns.map((c) => c.header)).toEqual(
      expect.arrayContaining(['Overall SR (%, N = 3)', 'Online SR (%, N = 2)', 'Offline SR (%, N = 1)']),
    );
    expect(sr(t, 'a', 'online_sr')).toBeCloseTo(0.5);
    expect(sr(t, 'b', 'online_sr')).toBeCloseTo(0.5); // on2's infra error counts as not successful, N stays 2
    expect(sr(t, 'a', 'offline_sr')).toBeCloseTo(1); // off2 is invalid (no graph for b): out of N for a too
    expect(sr(t, 'b', 'offline_sr')).toBe(0);
    expect(sr(t, 'a', 'online_ail')).toBeCloseTo(2);
    expect(t.notes.join(' ')).toMatch(/1 task\(s\) are invalid .*off2 \(offline, no_graph\)/);
  });

  it('warns under the table while a result is unresolved, naming the resume command; no warning without one', () => {
    expect(unresolvedWarning(m, 'run-1')).toMatch(/1 result\(s\) are unresolved .*b 1.*elderbench run --resume run-1/);
    expect(table2(m, 'run-1').notes[0]).toBe(unresolvedWarning(m, 'run-1'));
    const clean = runMetrics(
      results.map((r) => (r.exit === 'infra_error' ? { ...r, exit: 'finished' } : r)),
      tasks,
    );
    expect(unresolvedWarning(clean, 'run-1')).toBeNull();
  });

  it('breaks SR down by category with one N per group for every agent', () => {
    const t = breakdownTable(m, 'semantic');
    expect(t.rows.map((r) => [r.group, r.n])).toEqual([
      ['Clear and Explicit', 1],
      ['Indirect Speech', 2],
    ]);
    expect(t.notes).toEqual(['Some results are unresolved and count as not successful (see Table 2).']);
  });
});

describe('run report: the graphs an offline run scored against', () => {
  const probe = {
    kind: 'device' as const,
    device: 'vphone-1',
    variants: 12,
    falseAccepts: 0,
    falseRejects: 1,
    unplayable: 0,
    suspected: 0,
    at: '2026-01-01',
  };
  const valid: GraphTrust = { status: 'valid', reason: 'ok', probe };
  const unprobed: GraphTrust = { status: 'unprobed', reason: 'never probed', probe: null };

  it('lists each graph with its standing and says nothing more when all are valid', () => {
    const t = graphsTable([{ taskId: 'off1', version: 3, trust: valid }], ['rule one', 'rule two']);
    expect(t.rows).toEqual([
      { task: 'off1', version: 'v3', status: 'valid', probe: 'device (vphone-1)', variants: 12, fa: 0, fr: 1, unplayable: 0 },
    ]);
    expect(t.notes).toEqual(['Matching rules: rule one; rule two.']);
  });

  it('flags verdicts resting on a graph never probed, and shows a task that had no graph', () => {
    const t = graphsTable(
      [
        { taskId: 'off1', version: 3, trust: valid },
        { taskId: 'off2', version: 1, trust: unprobed },
        { taskId: 'off3', version: null, trust: null },
      ],
      [],
    );
    expect(t.rows.map((r) => [r.task, r.version, r.status, r.probe])).toEqual([
      ['off1', 'v3', 'valid', 'device (vphone-1)'],
      ['off2', 'v1', 'unprobed', '—'],
      ['off3', 'none', 'missing', '—'],
    ]);
    expect(t.notes[0]).toMatch(/1 graph\(s\) not valid, suspect or never probed: .*\(off2\)/);
  });
});
