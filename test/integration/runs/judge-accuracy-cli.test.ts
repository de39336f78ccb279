import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { Backend } from '../../../electron/services/backend.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import type { MockReply, RecordedRequest } from '../../support/mock-llm-server.js';
import { settingsWorkspace } from '../../support/record-script.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { cliToEnd } from '../../support/cli-process.js';
import { textOf } from '../agents/helpers.js';

/**
 * The judges measured through the CLI: a scripted model does two online and two offline settings tasks (or gives up
 * at once), reviewers label every result (the Review service, as the screen does), and `report` gives each judge's
 * confusion matrix, precision, recall, F1 and Cohen's κ against them — with the values computed here by hand — and
 * warns about an F1 below 0.9 and about fewer than 30 labels.
 */

const INSTRUCTION: Record<string, string> = {
  'off-display': 'the display settings',
  'off-sound': 'where do I change the sound',
  'on-display': 'open display settings',
  'on-sound': 'the sound page',
};

interface Report {
  tables: { id: string; rows: Record<string, unknown>[]; notes: string[] }[];
  judgeWarnings: string[];
}

function demonstrated(backend: Backend, taskId: string): Action[] {
  const d = backend.workspace.demonstrations.listForTask(taskId).find((x) => x.status === 'finished')!;
  return backend.workspace.demonstrations.steps(d.id).flatMap((s) => (s.action && s.action.type !== 'Finish' ? [s.action] : []));
}

function graphPath(backend: Backend, taskId: string): Action[] {
  const graph = backend.workspace.graphs.latest(taskId)!.body as TaskGraph;
  const demo = graph.edges.find((e) => e.from === graph.startNode)!.demonstrations[0]!;
  const path: TaskGraph['edges'] = [];
  for (
    let at = graph.startNode, e;
    (e = graph.edges.find((x) => x.from === at && x.demonstrations.includes(demo) && !path.includes(x)));
    at = e.to
  )
    path.push(e);
  return path.map((e) => e.action);
}

const reply = (o: unknown): MockReply => ({ kind: 'reply', content: `Thought: next.\n${JSON.stringify(o)}` });
const FINISH = { action: 'finish', status: 'success', message: 'done' };

describe('judge accuracy through the CLI', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  let server: MockLlmServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it(
    "each judge's confusion, P/R/F1 and κ against reviewer labels, with warnings below F1 0.9 and under 30 labels",
    { timeout: 400_000 },
    async () => {
      const { ws, adb, backend } = await settingsWorkspace(tmp, phones);
      const plans: Record<string, Action[]> = {
        'off-display': graphPath(backend, 'off-display'),
        'off-sound': graphPath(backend, 'off-sound'),
        'on-display': demonstrated(backend, 'on-display'),
        'on-sound': demonstrated(backend, 'on-sound'),
      };
      backend.close();

      server = await MockLlmServer.start();
      server.route = (req: RecordedRequest): MockReply => {
        if (req.body.model === 'gives-up') return reply(FINISH);
        const prompt = JSON.stringify(req.messages);
        const task = Object.keys(INSTRUCTION).find((t) => prompt.includes(INSTRUCTION[t]!))!;
        const done = (textOf(req.messages.at(-1)!.content).match(/^\d+\. /gm) ?? []).length;
        const a = plans[task]![done];
        return reply(a?.type === 'Tap' ? { action: 'tap', point: [a.at.x, a.at.y] } : FINISH);
      };
      writeFileSync(
        join(ws, 'agents.json'),
        JSON.stringify({
          agents: ['whole', 'gives-up'].map((m) => ({ name: m, adapter: 'vlm', baseUrl: server!.baseUrl, model: m, retries: 0 })),
        }),
      );
      const cli = (args: string[]) => cliToEnd(['--workspace', ws, '--adb', adb, ...args], { ELDERBENCH_USER_DATA: tmp() });
      const run = await cli([
        '--json',
        'run',
        '--mode',
        'both',
        '--agent',
        'whole,gives-up',
        '--tasks',
        'off-display,off-sound,on-display,on-sound',
      ]);
      expect(run.code, run.stderr).toBe(0);
      const runId = (JSON.parse(run.stdout) as { runId: string }).runId;
      const report = async () => {
        const r = await cli(['--json', 'report', runId]);
        expect(r.code, r.stderr).toBe(0);
        const parsed = JSON.parse(r.stdout) as Report;
        return { acc: parsed.tables.find((t) => t.id === 'run-judge-accuracy')!, warnings: parsed.judgeWarnings };
      };

      // Before any review: both judges ran, nothing measured, no warning.
      const before = await report();
      expect(before.acc.rows.filter((r) => r.category === 'all')).toEqual([
        expect.objectContaining({ judge: 'rule', n: 0, f1: null }),
        expect.objectContaining({ judge: 'task graph', n: 0, f1: null }),
      ]);
      expect(before.acc.notes.join(' ')).toMatch(/Not measured yet \(no reviewer verdicts\): rule, task graph/);
      expect(before.warnings).toEqual([]);

      // The judges: whole succeeded on all four tasks, gives-up on none. The reviewers agree except on one online
      // result: they judge whole's on-sound a failure (say the page was wrong for what the older adult meant).
      const label = new Backend({ workspace: ws, userDataDir: tmp() });
      try {
        for (const taskId of Object.keys(INSTRUCTION))
          for (const agent of ['whole', 'gives-up']) {
            const mode = taskId.startsWith('on-') ? 'online' : 'offline';
            const humanVerdict = agent === 'whole' && taskId !== 'on-sound' ? 'success' : 'failure';
            await label.handlers.review.label({ runId, taskId, agent, mode, failureCategory: null, humanVerdict, notes: '' });
          }
      } finally {
        label.close();
      }

      const after = await report();
      const all = Object.fromEntries(after.acc.rows.filter((r) => r.category === 'all').map((r) => [r.judge as string, r]));
      // By hand. Task graph (offline): TP 2, FP 0, FN 0, TN 2 → P = R = F1 = 1, κ = 1.
      expect(all['task graph']).toMatchObject({ n: 4, tp: 2, fp: 0, fn: 0, tn: 2, precision: 1, recall: 1, f1: 1, kappa: 1 });
      // Rule (online): TP 1, FP 1, FN 0, TN 2 → P = 1/2, R = 1, F1 = 2/3; p_o = 3/4, p_e = (2/4)(1/4) + (2/4)(3/4) = 1/2,
      // κ = (3/4 − 1/2) / (1 − 1/2) = 1/2.
      expect(all['rule']).toMatchObject({ n: 4, tp: 1, fp: 1, fn: 0, tn: 2, precision: 0.5, recall: 1 });
      expect(all['rule']!.f1).toBeCloseTo(2 / 3, 12);
      expect(all['rule']!.kappa).toBeCloseTo(0.5, 12);
      // Per semantic category: on-sound is Under-specification, on-display Clear and Explicit.
      const ruleRows = Object.fromEntries(after.acc.rows.filter((r) => r.judge === 'rule').map((r) => [r.category as string, r]));
      expect(ruleRows['Under-specification']).toMatchObject({ n: 2, tp: 0, fp: 1, tn: 1 });
      expect(ruleRows['Clear and Explicit']).toMatchObject({ n: 2, tp: 1, fp: 0, tn: 1, f1: 1 });

      expect(after.warnings).toEqual([
        expect.stringMatching(/the rule judge's F1 against the reviewers is 0\.667, below 0\.9/),
        expect.stringMatching(/the rule judge's accuracy rests on 4 label\(s\), fewer than 30/),
        expect.stringMatching(/the task graph judge's accuracy rests on 4 label\(s\), fewer than 30/),
      ]);
      // The markdown report prints the warnings on stderr and the table on stdout.
      const md = await cli(['report', runId]);
      expect(md.stderr).toMatch(/rule judge's F1 against the reviewers is 0\.667/);
      expect(md.stdout).toMatch(/\| rule \| all \| 4 \| 1 \| 1 \| 0 \| 2 \| 0\.500 \| 1\.000 \| 0\.667 \| 0\.500 \|/);
    },
  );
});
