import { describe, expect, it } from 'vitest';
import type { Task } from '../../../shared/schemas/task.js';
import type { ResultForMetrics } from './metrics.js';
import { runMetrics } from './metrics.js';
import { exitChart, runCharts, srByAgentChart, srByBreakdownChart } from './run-charts.js';

const task = (id: string, semantic: string): Task =>
  ({ id, app: 'Settings', annotations: { semantic, syntactic: 'Canonical', scenario: 'System Settings' } }) as unknown as Task;

const result = (
  taskId: string,
  agent: string,
  mode: 'online' | 'offline',
  success: boolean,
  exit: ResultForMetrics['exit'],
): ResultForMetrics => ({
  taskId,
  agent,
  mode,
  success,
  exit,
  steps: 2,
  stepMs: [],
  tokens: null,
  judgeTokens: 0,
  judgeMs: 0,
  judgeAgreement: null,
  retries: 0,
});

const tasks = new Map([
  ['a', task('a', 'Indirect Speech')],
  ['b', task('b', 'Clear and Explicit')],
]);
const metrics = runMetrics(
  [
    result('a', 'replay', 'online', true, 'finished'),
    result('b', 'replay', 'offline', true, 'finished'),
    result('a', 'random', 'online', false, 'step_limit'),
    result('b', 'random', 'offline', false, 'off_graph'),
  ],
  tasks,
).agents;

describe('run charts', () => {
  it('plots SR per agent for the modes that ran, and says the same numbers in words', () => {
    const c = srByAgentChart(metrics);
    expect(c.spec.categories).toEqual(['random', 'replay']);
    expect(c.spec.series.map((s) => s.name)).toEqual(['Overall', 'Online', 'Offline']);
    expect(c.spec.series[0]!.values).toEqual([0, 1]);
    expect(c.spec.percent).toBe(true);
    expect(c.description).toContain('replay: overall 100.0%, online 100.0%, offline 100.0%');
    expect(c.description).toContain('random: overall 0.0%');
  });

  it('leaves out a mode no agent ran', () => {
    const offlineOnly = runMetrics([result('b', 'replay', 'offline', true, 'finished')], tasks).agents;
    expect(srByAgentChart(offlineOnly).spec.series.map((s) => s.name)).toEqual(['Overall', 'Offline']);
  });

  it('plots SR per semantic category with one series per agent', () => {
    const c = srByBreakdownChart(metrics, 'semantic');
    expect(c.spec.categories).toEqual(['Clear and Explicit', 'Indirect Speech']);
    expect(c.spec.series).toEqual([
      { name: 'random', values: [0, 0] },
      { name: 'replay', values: [1, 1] },
    ]);
    expect(c.spec.id).toBe('run-sr-by-semantic');
  });

  it('counts exit categories per agent and mode, not as percentages', () => {
    const c = exitChart(metrics);
    expect(c.spec.categories).toEqual(['finished', 'off_graph', 'step_limit']);
    expect(c.spec.series).toEqual([
      { name: 'random online', values: [0, 0, 1] },
      { name: 'random offline', values: [0, 1, 0] },
      { name: 'replay online', values: [1, 0, 0] },
      { name: 'replay offline', values: [1, 0, 0] },
    ]);
    expect(c.spec.percent).toBeUndefined();
    expect(c.description).toContain('random offline: off_graph 1');
  });

  it('gives every chart of a report a distinct id', () => {
    const ids = runCharts(metrics).map((c) => c.spec.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
