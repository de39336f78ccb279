import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WorkspaceStore } from '../../../electron/adapters/db/workspace-store.js';
import type { TableModel } from '../../../shared/domain/analysis.js';
import type { TaskInput } from '../../../shared/schemas/task.js';
import { TaskSchema } from '../../../shared/schemas/task.js';
import { runCli } from '../../support/cli.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { testManifest } from '../../support/run-manifest.js';

/** `elderbench analyze …` on a workspace, as the real binary. */
function analyze(ws: string, args: string[]): { code: number; stdout: string; stderr: string } {
  return runCli(['--workspace', ws, ...args]);
}

const SEMANTIC = [
  'Clear and Explicit',
  'Under-specification',
  'Disfluency-Correction',
  'Referential Ambiguity',
  'Indirect Speech',
] as const;
const SCENARIOS = ['System Settings', 'Information Inquiry', 'Social Communication'] as const;
const ELDER = [
  '字太小了，看不清',
  '声音太小了听不见',
  '把这个号码加到黑名单',
  '帮我把微信的字体调大一点',
  '打开设置，然后把铃声换成小鸟叫',
  '我想看看明天天气怎么样',
  '截图这个页面',
  '那个，那个打车的',
];

function task(id: string, instruction: string, i: number, lang: 'zh' | 'en' = 'zh'): TaskInput {
  return {
    id,
    instruction,
    lang,
    app: 'Settings',
    package: 'com.android.settings',
    mode: 'online',
    annotations: {
      syntactic: (['Canonical', 'Narrative', 'Elliptical', 'Compound'] as const)[i % 4]!,
      semantic: SEMANTIC[i % 5]!,
      scenario: SCENARIOS[i % 3]!,
    },
  };
}

/** A workspace with an "elder" set (24 tasks) and an English "baseline" set, written through the repositories. */
function seedWorkspace(dir: string): WorkspaceStore {
  const store = WorkspaceStore.open(dir);
  const elder = Array.from({ length: 24 }, (_, i) => TaskSchema.parse(task(`e${i}`, ELDER[i % ELDER.length]!, i)));
  const base = Array.from({ length: 6 }, (_, i) =>
    TaskSchema.parse(task(`b${i}`, `Open the settings app and turn on dark mode number ${i}`, i * 2, 'en')),
  );
  store.tasks.importSet({ name: 'elder', sourceFile: 'elder.json', sourceHash: 'x' }, elder, false);
  store.tasks.importSet({ name: 'baseline', sourceFile: 'base.json', sourceHash: 'y' }, base, false);
  return store;
}

function putRun(store: WorkspaceStore, runId: string, outcome: (i: number) => boolean, agents = ['autoglm']): void {
  store.runs.create(runId, 'online', testManifest({ mode: 'online', agents, taskIds: ['e0'] }));
  for (const agent of agents) {
    for (let i = 0; i < 24; i++) {
      store.runs.putResult({ runId, taskId: `e${i}`, agent, mode: 'online', success: outcome(i), exitCategory: 'finished', details: {} });
    }
  }
}

describe('elderbench analyze (CLI)', () => {
  const tmp = useTempDirs();

  it('linguistics: Table 5 for a set against a baseline, as JSON, plus tables and charts on disk', () => {
    const ws = tmp();
    seedWorkspace(ws).close();
    const out = tmp();
    const r = analyze(ws, ['--json', 'analyze', 'linguistics', '--set', 'elder', '--baseline-set', 'baseline', '--out-dir', out]);
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as {
      sets: { name: string; instructions: number; meanVerbs: number }[];
      tables: TableModel[];
      files: string[];
    };
    expect(body.sets.map((s) => [s.name, s.instructions])).toEqual([
      ['elder', 24],
      ['baseline', 6],
    ]);
    expect(body.sets[0]!.meanVerbs).toBeGreaterThan(0);
    expect(body.tables[0]!.id).toBe('table5-syntactic-statistics');
    expect(r.stderr).toMatch(/note: lengths are in different units/);
    for (const f of [
      'table5-syntactic-statistics.md',
      'table5-syntactic-statistics.csv',
      'table5-syntactic-statistics.tex',
      'table5-syntactic-statistics.json',
      'figure2-syntactic.svg',
      'figure6-scenario.png',
    ]) {
      expect(existsSync(join(out, f)), f).toBe(true);
    }
    expect(readFileSync(join(out, 'table5-syntactic-statistics.csv'), 'utf8')).toMatch(/^Dataset,#Instr\.,/);
  });

  it('linguistics: prints Markdown by default and CSV on request; a missing set is a one-line error', () => {
    const ws = tmp();
    seedWorkspace(ws).close();
    const md = analyze(ws, ['analyze', 'linguistics', '--set', 'elder']);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toContain('| Dataset | #Instr. |');
    const csv = analyze(ws, ['analyze', 'linguistics', '--set', 'elder', '--format', 'csv']);
    expect(csv.stdout).toContain('Dataset,#Instr.,Length unit');
    const missing = analyze(ws, ['analyze', 'linguistics', '--set', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('task set "nope" has no tasks');
    expect(missing.stderr).toContain('task sets here: baseline, elder');
  });

  it('normalization: pairs two runs and reports McNemar and the bootstrap CI per agent', () => {
    const ws = tmp();
    const store = seedWorkspace(ws);
    putRun(store, 'orig', (i) => i % 4 === 0, ['autoglm', 'qwen']);
    putRun(store, 'rewr', (i) => i % 2 === 0 || i === 3, ['autoglm', 'qwen']);
    store.close();
    const r = analyze(ws, ['--json', 'analyze', 'normalization', '--runs', 'orig,rewr', '--resamples', '2000', '--seed', '9']);
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as {
      studies: {
        agent: string;
        study: {
          overall: {
            successOriginal: number;
            successRewritten: number;
            mcnemar: { b: number; c: number; pValue: number };
            ci: { seed: number; lower: number };
          };
        };
      }[];
    };
    expect(body.studies.map((s) => s.agent)).toEqual(['autoglm', 'qwen']);
    const o = body.studies[0]!.study.overall;
    expect([o.successOriginal, o.successRewritten]).toEqual([6, 13]);
    expect(o.mcnemar).toMatchObject({ b: 0, c: 7 });
    expect(o.mcnemar.pValue).toBeCloseTo(0.015625, 12);
    expect(o.ci.seed).toBe(9);
    expect(o.ci.lower).toBeGreaterThan(0);
    const md = analyze(ws, ['analyze', 'normalization', '--runs', 'orig,rewr', '--agent', 'qwen', '--resamples', '500']);
    expect(md.stdout).toContain('Successful tasks before and after normalization: qwen');
    expect(md.stdout).toMatch(/\| Overall \| 100\.00 \| 24 \| 6 \| 13 \| \+7 \|/);
  });

  it('failures: Table 4 from labels, per agent, with judge agreement', () => {
    const ws = tmp();
    const store = seedWorkspace(ws);
    putRun(store, 'run1', (i) => i >= 12);
    const cats = ['Intent/Capability Boundary', 'Intent/Capability Boundary', 'Planning/State Tracking', 'Login wall'];
    for (let i = 0; i < 12; i++) {
      store.labels.put({
        runId: 'run1',
        taskId: `e${i}`,
        agent: 'autoglm',
        mode: 'online',
        failureCategory: i < 8 ? cats[i % 4]! : null,
        humanVerdict: 'failure',
        notes: '',
      });
    }
    store.labels.put({
      runId: 'run1',
      taskId: 'e12',
      agent: 'autoglm',
      mode: 'online',
      failureCategory: null,
      humanVerdict: 'failure',
      notes: '',
    });
    store.close();
    const r = analyze(ws, ['--json', 'analyze', 'failures', '--runs', 'run1', '--by-agent']);
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as {
      failures: { agent: string | null; labelled: number; unlabelled: number; rows: { category: string; count: number }[] }[];
      judgeAgreement: { n: number; agreed: number };
    };
    expect(body.failures.map((f) => f.agent)).toEqual([null, 'autoglm']);
    // e12 was judged a success but the reviewer says it failed: it counts as an (uncategorised) failure.
    expect(body.failures[0]).toMatchObject({ labelled: 8, unlabelled: 5 });
    expect(body.failures[0]!.rows.map((x) => [x.category, x.count])).toEqual([
      ['Intent/Capability Boundary', 4],
      ['Planning/State Tracking', 2],
      ['Environment Awareness', 0],
      ['Visual/Action Execution', 0],
      ['Login wall', 2],
    ]);
    expect(body.judgeAgreement).toMatchObject({ n: 13, agreed: 12 });
  });

  it('attribution: correlations and FM interactions from a run, with heat maps on disk', () => {
    const ws = tmp();
    const store = seedWorkspace(ws);
    putRun(store, 'run1', (i) => i % 5 !== 4 && i % 3 !== 0);
    store.close();
    const out = tmp();
    const r = analyze(ws, ['--json', 'analyze', 'attribution', '--runs', 'run1', '--epochs', '50', '--top', '3', '--out-dir', out]);
    expect(r.code, r.stderr).toBe(0);
    const body = JSON.parse(r.stdout) as {
      attribution: { n: number; correlations: { feature: string; r: number | null }[]; strongest: unknown[] };
    };
    expect(body.attribution.n).toBe(24);
    const ind = body.attribution.correlations.find((c) => c.feature === 'semantic: Indirect Speech')!;
    expect(ind.r).toBeLessThan(-0.3);
    expect(body.attribution.strongest).toHaveLength(3);
    expect(existsSync(join(out, 'figure7-correlation.png'))).toBe(true);
    expect(existsSync(join(out, 'fm-interactions.svg'))).toBe(true);
  });

  it('explains bad run arguments', () => {
    const ws = tmp();
    seedWorkspace(ws).close();
    const one = analyze(ws, ['analyze', 'normalization', '--runs', 'only-one']);
    expect(one.code).toBe(1);
    expect(one.stderr).toContain('--runs takes ORIGINAL_RUN,REWRITTEN_RUN');
    const missing = analyze(ws, ['--json', 'analyze', 'failures', '--runs', 'ghost']);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ error: expect.stringContaining('no run "ghost"') });
    const usage = analyze(ws, ['analyze', 'linguistics', '--format', 'docx']);
    expect(usage.code).toBe(2);
  });
});
