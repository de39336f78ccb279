import { describe, expect, it } from 'vitest';
import { TaskSchema } from '../../../shared/schemas/task.js';
import type { Task } from '../../../shared/schemas/task.js';
import { mulberry32 } from '../random/rng.js';
import { EXIT_CATEGORIES, EXIT_CLASSES, classifyError, exitClass } from './exit-classes.js';
import type { ResultForMetrics } from './metrics.js';
import { runMetrics } from './metrics.js';
import { behaviourTable, breakdownTable, table2 } from './run-report.js';
import type { Mode, PlannedItem } from './scoring.js';
import { planItems, scoreRun } from './scoring.js';
import { AgentInfrastructureError } from '../agents/agent.js';
import { ModelRefusedError, ModelRequestError } from '../agents/model-port.js';
import { DeviceError } from '../device/device-port.js';

const SEM = ['Clear and Explicit', 'Indirect Speech', 'Under-specification'] as const;

function task(id: string, mode: Mode, i: number): Task {
  return TaskSchema.parse({
    id,
    instruction: `instruction ${id}`,
    lang: 'zh',
    app: i % 2 ? 'Settings' : 'WeChat',
    package: 'com.example.app',
    mode,
    annotations: { syntactic: 'Canonical', semantic: SEM[i % 3], scenario: 'System Settings' },
  });
}

function result(taskId: string, agent: string, mode: Mode, exit: string, success = false): ResultForMetrics {
  return {
    taskId,
    agent,
    mode,
    exit,
    success,
    steps: 3,
    stepMs: [1000, 2000],
    tokens: 100,
    judgeTokens: 0,
    judgeMs: 0,
    judgeAgreement: null,
    retries: 0,
  };
}

describe('exit classes', () => {
  it('puts every exit category in exactly one class, and an unknown one is never scored', () => {
    for (const e of EXIT_CATEGORIES) expect(['agent', 'infrastructure', 'invalid']).toContain(EXIT_CLASSES[e].cls);
    expect(exitClass('model_refused')).toBe('agent');
    expect(exitClass('gave_up')).toBe('agent');
    expect(exitClass('infra_error')).toBe('infrastructure');
    expect(exitClass('judge_error')).toBe('infrastructure');
    expect(exitClass('no_graph')).toBe('invalid');
    expect(exitClass('setup_failed')).toBe('invalid');
    expect(exitClass('invalid_task')).toBe('invalid');
    expect(exitClass('something-new')).toBe('infrastructure');
  });

  it("classifies errors: a refusal is the agent's, device and model-server failures are infrastructure, a bug is neither", () => {
    expect(classifyError(new ModelRefusedError('HTTP 400', 400))).toBe('model_refused');
    expect(classifyError(new ModelRequestError('HTTP 503', 'http', 4, 503))).toBe('infra_error');
    expect(classifyError(new AgentInfrastructureError('timeout', 'timeout'))).toBe('infra_error');
    expect(classifyError(new DeviceError('gone', 's', 'disconnected'))).toBe('infra_error');
    expect(classifyError(new TypeError('x is undefined'))).toBeNull();
  });
});

describe('fixed N', () => {
  const tasks = new Map(['a', 'b', 'c', 'd'].map((id, i) => [id, task(id, 'offline', i)]));
  const plan = planItems('offline', ['refused', 'unreachable'], [...tasks.values()]);

  it('a model refused on hard tasks does not get a higher SR; an unresolved one counts as not successful, with a warning', () => {
    const results = [
      result('a', 'refused', 'offline', 'finished', true),
      result('b', 'refused', 'offline', 'finished', true),
      result('c', 'refused', 'offline', 'model_refused'),
      result('d', 'refused', 'offline', 'model_refused'),
      result('a', 'unreachable', 'offline', 'finished', true),
      result('b', 'unreachable', 'offline', 'finished', true),
      result('c', 'unreachable', 'offline', 'infra_error'), // d: never ended (interrupted)
    ];
    const m = runMetrics(results, tasks, plan);
    const [refused, unreachable] = m.agents;
    expect(refused!.offline).toMatchObject({ tasks: 4, scored: 4, unresolved: 0, successes: 2, sr: 0.5 });
    expect(unreachable!.offline).toMatchObject({ tasks: 4, scored: 2, unresolved: 2, successes: 2, sr: 0.5, infraErrors: 1 });
    expect(unreachable!.offline.exits).toEqual({ finished: 2, infra_error: 1, interrupted: 1 });
    const t2 = table2(m, 'run-x');
    expect(t2.columns.find((c) => c.key === 'offline_sr')!.header).toContain('N = 4');
    expect(t2.notes[0]).toMatch(/^Warning: 2 result\(s\) are unresolved .*unreachable 2.*`elderbench run --resume run-x`/);
    expect(t2.rows.map((r) => r.unresolved)).toEqual([0, 2]);

    // The other view, labelled as such: each agent over its own scored tasks.
    const ex = runMetrics(results, tasks, plan, { excludeUnresolved: true });
    expect(ex.agents[1]!.offline.sr).toBe(1);
    expect(table2(ex, 'run-x').title).toMatch(/EXCLUDED/);
  });

  it('an invalid task leaves N for every agent, whichever agent saw it', () => {
    const results = [
      result('a', 'refused', 'offline', 'no_graph'),
      result('a', 'unreachable', 'offline', 'finished', true),
      result('b', 'refused', 'offline', 'finished', true),
      result('b', 'unreachable', 'offline', 'finished', true),
      result('c', 'refused', 'offline', 'step_limit'),
      result('c', 'unreachable', 'offline', 'off_graph'),
      result('d', 'refused', 'offline', 'gave_up'),
      result('d', 'unreachable', 'offline', 'parse_error'),
    ];
    const m = runMetrics(results, tasks, plan);
    expect(m.agents.map((a) => [a.offline.tasks, a.offline.invalid, a.offline.sr])).toEqual([
      [3, 1, 1 / 3],
      [3, 1, 1 / 3],
    ]);
    expect(m.invalidTasks).toEqual([{ taskId: 'a', mode: 'offline', exit: 'no_graph' }]);
    expect(table2(m, 'r').notes.join(' ')).toMatch(/1 task\(s\) are invalid for this run .* a \(offline, no_graph\)/);
    expect(behaviourTable(m).rows.map((r) => [r.tasks, r.scored, r.unresolved, r.invalid])).toEqual([
      [3, 3, 0, 1],
      [3, 3, 0, 1],
    ]);
  });

  it('property: over random exit mixes, every agent has the same N per mode, N = valid tasks, and scored + unresolved = N', () => {
    const rng = mulberry32(20261201);
    const exits = [...EXIT_CATEGORIES, 'missing', 'missing'];
    for (let trial = 0; trial < 300; trial++) {
      const nTasks = 1 + rng.int(12);
      const ts = Array.from({ length: nTasks }, (_, i) => task(`t${i}`, rng.next() < 0.5 ? 'online' : 'offline', i));
      const agents = Array.from({ length: 2 + rng.int(3) }, (_, i) => `agent${i}`);
      const runMode = (['online', 'offline', 'both'] as const)[rng.int(3)]!;
      const p: PlannedItem[] = planItems(runMode, agents, ts);
      const results: ResultForMetrics[] = [];
      for (const item of p) {
        const exit = exits[rng.int(exits.length)]!;
        if (exit === 'missing') continue;
        // Invalid exits are task-level in reality; here any agent may report one, the worst case for N.
        results.push(result(item.taskId, item.agent, item.mode, exit, exit === 'finished' && rng.next() < 0.5));
      }
      const m = runMetrics(results, new Map(ts.map((t) => [t.id, t])), p);
      const scoring = scoreRun(results, p);
      for (const mode of ['online', 'offline', 'overall'] as const) {
        const ns = m.agents.map((a) => a[mode].tasks);
        expect(new Set(ns).size, `trial ${trial} ${mode}`).toBe(1);
        const pairs = new Set(p.filter((x) => mode === 'overall' || x.mode === mode).map((x) => `${x.mode}|${x.taskId}`));
        const valid = [...pairs].filter((k) => !scoring.invalid.has(k)).length;
        expect(ns[0]).toBe(valid);
        for (const a of m.agents) {
          expect(a[mode].scored + a[mode].unresolved).toBe(a[mode].tasks);
          expect(a[mode].sr).toBe(a[mode].tasks ? a[mode].successes / a[mode].tasks : null);
        }
      }
      for (const b of ['semantic', 'app'] as const) {
        const t = breakdownTable(m, b);
        for (const row of t.rows) {
          const per = m.agents.map((a) => a.by[b][row.group as string]?.tasks ?? 0);
          expect(new Set(per).size).toBe(1);
        }
      }
    }
  });

  it('without a stored plan, plans every agent seen on every (task, mode) seen, so a missing result cannot shrink N', () => {
    const results = [
      result('a', 'x', 'online', 'finished', true),
      result('b', 'x', 'online', 'finished', true),
      result('a', 'y', 'online', 'finished', true),
    ];
    const m = runMetrics(results, tasks);
    expect(m.agents.map((a) => [a.agent, a.online.tasks, a.online.sr])).toEqual([
      ['x', 2, 1],
      ['y', 2, 0.5],
    ]);
  });
});
