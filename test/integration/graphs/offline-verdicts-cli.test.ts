import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { GraphSummary, ProbeSummary } from '../../../shared/domain/graph.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { generateVariants } from '../../../electron/core/graph/probe/variants.js';
import { contentCandidates } from '../../../electron/core/graph/content.js';
import { computeSignature, pageKey } from '../../../electron/core/graph/signature.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../shared/domain/task-graph.js';
import { Backend } from '../../../electron/services/backend.js';
import { readDemonstrations } from '../../../electron/services/graphs/graph-builder.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import type { RecordedRequest } from '../../support/mock-llm-server.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { cliToEnd } from '../../support/cli-process.js';
import { copyOfSharedDemo } from '../../support/shared-demo.js';

/**
 * The offline verdict end to end, as a lab uses it: a `demo` workspace, its graphs probed on a
 * virtual phone, and a scripted model that plays right and wrong paths through `elderbench run`.
 */

interface Report {
  results: { taskId: string; agent: string; success: boolean; exit: string }[];
  tables: { id: string; rows: Record<string, unknown>[]; notes: string[] }[];
}

/** The canonical action as the generic VLM format's JSON reply. */
function vlmReply(a: Action | null): string {
  const j = (o: unknown): string => `Thought: next step.\n${JSON.stringify(o)}`;
  if (a === null) return j({ action: 'finish', status: 'success', message: 'done' });
  switch (a.type) {
    case 'Tap':
      return j({ action: 'tap', point: [a.at.x, a.at.y] });
    case 'LongPress':
      return j({ action: 'long_press', point: [a.at.x, a.at.y] });
    case 'Swipe':
      return j({ action: 'swipe', from: [a.from.x, a.from.y], to: [a.to.x, a.to.y] });
    case 'Type':
      return j({ action: 'type', text: a.text, submit: false });
    case 'Enter':
      return j({ action: 'enter' });
    case 'Back':
      return j({ action: 'back' });
    case 'Home':
      return j({ action: 'home' });
    case 'LaunchApp':
      return j({ action: 'launch_app', app: a.app });
    default:
      throw new Error(`no VLM reply for ${a.type}`);
  }
}

describe('offline verdicts through the CLI', () => {
  const tmp = useTempDirs();
  let ws = '';
  let copyDir = '';
  let server: MockLlmServer | null = null;
  const userData = (): Record<string, string> => ({ ELDERBENCH_USER_DATA: tmp() });

  /** The real binary in a child process (async: the mock model server lives in this process). */
  const cli = (args: string[]) => cliToEnd(['--workspace', ws, ...args], userData());

  beforeAll(async () => {
    // A copy of the shared demo workspace (every sample task recorded, built and probed; built once per test
    // run), and the replay agent's offline run on it, which the report below describes.
    // (Its own folder, not tmp(): those are removed after each test, this one after the last.)
    copyDir = mkdtempSync(join(tmpdir(), 'eb-verdicts-'));
    ws = (await copyOfSharedDemo(copyDir)).workspace;
    const run = await cli(['--json', 'run', '--mode', 'offline', '--agent', 'replay', '--tasks', 'mode=offline']);
    expect(run.code, run.stderr).toBe(0);
  }, 3_000_000);

  afterAll(async () => {
    await server?.close();
    if (copyDir) rmSync(copyDir, { recursive: true, force: true });
  });

  it('every offline graph was probed on a virtual phone: ≥ 300 variants, no false accept, no false reject; graph probe --task again agrees', async () => {
    const backend = new Backend({ workspace: ws, userDataDir: tmp() });
    let graphs: GraphSummary[];
    try {
      const offline = new Set(backend.workspace.tasks.list({ mode: 'offline' }).map((t) => t.id));
      graphs = (await backend.handlers.graphs.list({})).filter((g) => offline.has(g.taskId));
    } finally {
      backend.close();
    }
    expect(graphs.length).toBeGreaterThanOrEqual(30);
    for (const g of graphs)
      expect(g.trust.probe, g.taskId).toMatchObject({ kind: 'device', falseAccepts: 0, falseRejects: 0, unplayable: 0 });
    expect(graphs.reduce((n, g) => n + (g.trust.probe?.variants ?? 0), 0)).toBeGreaterThanOrEqual(300);

    // The command itself, on one graph: a virtual phone of its own, the same verdicts.
    const r = await cli(['--json', 'graph', 'probe', '--task', 'wallet-transfer-son']);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as ProbeSummary;
    expect(s.variants).toBeGreaterThan(0);
    expect(s).toMatchObject({ falseAccepts: 0, falseRejects: 0, unplayable: 0 });
    expect(s.tasks[0]).toMatchObject({
      taskId: 'wallet-transfer-son',
      kind: 'device',
      falseAccepts: 0,
      falseRejects: 0,
      disagreements: [],
    });
  }, 600_000);

  it("the structural probe (no device) finds nothing to settle on these graphs, and the run report records each graph's standing", async () => {
    const r = await cli(['--json', 'graph', 'probe', '--task', 'wallet-transfer-son', '--structural']);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout) as ProbeSummary;
    expect(s.tasks[0]).toMatchObject({ kind: 'structural', suspected: 0 });

    const report = JSON.parse((await cli(['--json', 'report'])).stdout) as Report;
    const graphs = report.tables.find((t) => t.id === 'run-graphs')!;
    expect(graphs.rows.length).toBeGreaterThanOrEqual(30);
    for (const row of graphs.rows) expect(row).toMatchObject({ status: 'valid', fa: 0 });
    expect(graphs.notes.join(' ')).toMatch(/Matching rules: a tap or long press matches within 50 px/);
  }, 300_000);

  it('a scripted model through the vlm adapter: the demonstration succeeds offline; the amount left empty or the corrected-away day fails', async () => {
    // The paths, from the workspace's own demonstrations and the probe's variants of them.
    const backend = new Backend({ workspace: ws, userDataDir: tmp() });
    const paths = new Map<string, Map<string, Action[]>>(); // model → task → actions
    try {
      for (const taskId of ['wallet-transfer-son', 'travel-hangzhou-dis']) {
        const graph = backend.workspace.graphs.latest(taskId)!.body as TaskGraph;
        const read = await readDemonstrations(backend.workspace, taskId);
        const demos = read.map((d) => ({
          id: d.id,
          screen: d.steps[0]!.screen,
          steps: d.steps.map((s) => {
            const page = pageKey(computeSignature(s.ui, s.foreground, DEFAULT_SIGNATURE_CONFIG));
            return { action: s.row.action, ui: s.ui, content: contentCandidates(s.ui, DEFAULT_SIGNATURE_CONFIG, page), page };
          }),
        }));
        const variants = generateVariants(graph, demos);
        const first = demos[0]!.id;
        const pick = (kind: string, match: RegExp): Action[] => {
          const v = variants.find((x) => x.demonstrationId === first && x.kind === kind && match.test(x.description));
          if (!v)
            throw new Error(`${taskId}: no ${kind} variant matching ${match}; have: ${variants.map((x) => x.description).join(' | ')}`);
          return v.actions;
        };
        const set = (model: string, actions: Action[]): void => {
          paths.set(model, (paths.get(model) ?? new Map()).set(taskId, actions));
        };
        set('right', variants.find((x) => x.id === `${first}:demonstration`)!.actions);
        set('wrong', taskId === 'wallet-transfer-son' ? pick('skip-content', /"300" not typed/) : pick('sibling', /tapped "后天/));
      }
    } finally {
      backend.close();
    }

    // Each request: which model, which task (by its instruction), how many actions came before.
    const instructionOf: Record<string, string> = {
      'wallet-transfer-son': '给儿子转五百，不对，三百',
      'travel-hangzhou-dis': '订后天去杭州的票，不对，大后天',
    };
    const taskOf = (req: RecordedRequest): string => Object.keys(instructionOf).find((id) => req.text.includes(instructionOf[id]!))!;
    const asked = new Map<string, number>();
    server = await MockLlmServer.start();
    server.route = (req) => {
      const model = String(req.body['model']);
      const task = taskOf(req);
      const k = asked.get(`${model}|${task}`) ?? 0;
      asked.set(`${model}|${task}`, k + 1);
      return { kind: 'reply', content: vlmReply(paths.get(model)!.get(task)![k] ?? null) };
    };
    writeFileSync(
      join(ws, 'agents.json'),
      JSON.stringify({
        agents: ['right', 'wrong'].map((m) => ({
          name: `scripted-${m}`,
          adapter: 'vlm',
          baseUrl: server!.baseUrl,
          model: m,
          timeoutMs: 10_000,
          retries: 0,
        })),
      }),
    );

    const run = await cli([
      '--json',
      'run',
      '--mode',
      'offline',
      '--agent',
      'scripted-right,scripted-wrong',
      '--tasks',
      'wallet-transfer-son,travel-hangzhou-dis',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const runId = (JSON.parse(run.stdout) as { runId: string }).runId;
    const report = JSON.parse((await cli(['--json', 'report', runId])).stdout) as Report;
    const verdict = Object.fromEntries(report.results.map((r) => [`${r.agent} ${r.taskId}`, r.success]));
    expect(verdict).toEqual({
      'scripted-right wallet-transfer-son': true,
      'scripted-right travel-hangzhou-dis': true,
      'scripted-wrong wallet-transfer-son': false,
      'scripted-wrong travel-hangzhou-dis': false,
    });
    // Rejected where they went wrong. Confirming without an amount does nothing, as the app refuses it: the path
    // finishes on the form, which is not DONE. Booking from the other day matches no edge.
    const exits = Object.fromEntries(report.results.filter((x) => x.agent === 'scripted-wrong').map((r) => [r.taskId, r.exit]));
    expect(exits).toEqual({ 'wallet-transfer-son': 'finished', 'travel-hangzhou-dis': 'off_graph' });
    // Every accepted step says which rule accepted it.
    const check = new Backend({ workspace: ws, userDataDir: tmp() });
    try {
      const steps = check.workspace.runs.steps({ runId, taskId: 'wallet-transfer-son', agent: 'scripted-right', mode: 'offline' });
      const rules = steps.map((s) => (s.details as { match?: { rule?: string } }).match?.rule).filter(Boolean);
      expect(rules.length).toBeGreaterThan(0);
      expect(rules.every((r) => typeof r === 'string')).toBe(true);
    } finally {
      check.close();
    }
  }, 300_000);
});
