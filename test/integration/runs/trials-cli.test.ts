import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import type { Backend } from '../../../electron/services/backend.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import type { MockReply, RecordedRequest } from '../../support/mock-llm-server.js';
import { settingsWorkspace } from '../../support/record-script.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { cliToEnd } from '../../support/cli-process.js';
import { textOf } from '../agents/helpers.js';

/**
 * `run --trials K` end to end: a scripted OpenAI-compatible model that succeeds on a seeded share of attempts (it
 * reads the `seed` each request carries and plays the demonstrated path, or gives up at once), and the report's
 * pass@1 / pass@3 / pass^3 against values computed here by hand.
 */

// The two offline tasks of test/fixtures/tasks/settings-runs.json, told apart by their instruction in the prompt.
const INSTRUCTION = { 'off-display': 'the display settings', 'off-sound': 'where do I change the sound' } as const;
type TaskId = keyof typeof INSTRUCTION;
const SEED = 100;

/** Which trials (seed − SEED) each model plays to the DONE page; every other attempt finishes at once (a failure). */
const SUCCEEDS: Record<string, Record<TaskId, number[]>> = {
  'model-a': { 'off-display': [0, 2], 'off-sound': [0, 1, 2] },
  'model-b': { 'off-display': [1], 'off-sound': [] },
};

interface PassCell {
  agent: string;
  tasks: number;
  trials: number;
  pass1: number;
  pass1_lo: number;
  pass1_hi: number;
  passk: number;
  passk_lo: number;
  passk_hi: number;
  passhatk: number;
  passhatk_lo: number;
  passhatk_hi: number;
}
interface Report {
  tables: { id: string; title: string; rows: Record<string, unknown>[]; notes: string[] }[];
}

/** The first demonstration's path from the start node to DONE, as actions. */
function demonstratedPath(backend: Backend, taskId: string): Action[] {
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

describe('repeated trials through the CLI (a scripted OpenAI-compatible model)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  let server: MockLlmServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it(
    'run --trials 3 --seed 100: each trial sends its seed; pass@1, pass@3 and pass^3 equal the hand-computed values',
    { timeout: 300_000 },
    async () => {
      const { ws, backend } = await settingsWorkspace(tmp, phones);
      const paths = { 'off-display': demonstratedPath(backend, 'off-display'), 'off-sound': demonstratedPath(backend, 'off-sound') };
      backend.close();
      for (const p of Object.values(paths)) expect(p.every((a) => a.type === 'Tap')).toBe(true);

      server = await MockLlmServer.start();
      server.route = (req: RecordedRequest): MockReply => {
        const prompt = JSON.stringify(req.messages);
        const task = (Object.keys(INSTRUCTION) as TaskId[]).find((t) => prompt.includes(INSTRUCTION[t]))!;
        const trial = (req.body.seed as number) - SEED;
        if (!SUCCEEDS[req.body.model as string]![task].includes(trial)) return reply(FINISH);
        // Steps taken so far: the numbered history lines of the last message.
        const done = (textOf(req.messages.at(-1)!.content).match(/^\d+\. /gm) ?? []).length;
        const a = paths[task][done];
        return a?.type === 'Tap' ? reply({ action: 'tap', point: [a.at.x, a.at.y] }) : reply(FINISH);
      };
      writeFileSync(
        join(ws, 'agents.json'),
        JSON.stringify({
          agents: [
            { name: 'mock-a', adapter: 'vlm', baseUrl: server.baseUrl, model: 'model-a', retries: 0 },
            { name: 'mock-b', adapter: 'vlm', baseUrl: server.baseUrl, model: 'model-b', retries: 0 },
          ],
        }),
      );
      const cli = (args: string[]) => cliToEnd(['--workspace', ws, ...args], { ELDERBENCH_USER_DATA: tmp() });

      const bad = await cli(['run', '--mode', 'offline', '--agent', 'mock-a', '--tasks', 'off-*', '--trials', '0']);
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toMatch(/--trials is 1 to 20/);

      const run = await cli([
        '--json',
        'run',
        '--mode',
        'offline',
        '--agent',
        'mock-a,mock-b',
        '--tasks',
        'off-*',
        '--trials',
        '3',
        '--seed',
        String(SEED),
      ]);
      expect(run.code, run.stderr).toBe(0);
      const runId = (JSON.parse(run.stdout) as { runId: string }).runId;

      // Every attempt's requests carry its trial's seed: 2 agents × 2 tasks × 3 trials, each trial its own seed.
      const attempts = new Set(server.requests.map((r) => `${r.body.model as string} ${r.body.seed as number}`));
      expect([...attempts].sort()).toEqual(['model-a 100', 'model-a 101', 'model-a 102', 'model-b 100', 'model-b 101', 'model-b 102']);

      const report = JSON.parse((await cli(['--json', 'report', runId])).stdout) as Report;
      const rows = Object.fromEntries(
        report.tables.find((t) => t.id === 'run-trials')!.rows.map((r) => [r.agent as string, r as unknown as PassCell]),
      );
      // By hand, per task with c of n = 3 trials successful: pass@1 = c/3, pass@3 = [c > 0], pass^3 = [c = 3].
      // mock-a: display c = 2, sound c = 3. mock-b: display c = 1, sound c = 0. Each averaged over the 2 tasks; with two
      // tasks, the bootstrap's 2.5% and 97.5% points are the smaller and the larger task's value.
      const close = (v: number) => expect.closeTo(v, 10);
      expect(rows['mock-a']).toMatchObject({ tasks: 2, trials: 3, pass1: close(5 / 6), passk: close(1), passhatk: close(1 / 2) });
      expect(rows['mock-a']).toMatchObject({ pass1_lo: close(2 / 3), pass1_hi: close(1), passhatk_lo: close(0), passhatk_hi: close(1) });
      expect(rows['mock-b']).toMatchObject({ tasks: 2, trials: 3, pass1: close(1 / 6), passk: close(1 / 2), passhatk: close(0) });
      expect(rows['mock-b']).toMatchObject({ pass1_lo: close(0), pass1_hi: close(1 / 3), passk_lo: close(0), passk_hi: close(1) });

      // Table 2 is the first trial's (mock-a won both tasks in trial 0, mock-b neither), and says so.
      const t2 = report.tables.find((t) => t.id === 'table2-results')!;
      expect(Object.fromEntries(t2.rows.map((r) => [r.agent, r.offline_sr]))).toEqual({ 'mock-a': 1, 'mock-b': 0 });
      expect(t2.notes.join(' ')).toMatch(/3 trials of every task: this table is the first trial's/);

      // Comparisons pair one result per item and say that a run of trials is compared by its first.
      const compare = await cli(['--json', 'report', '--compare', `${runId},${runId}`]);
      expect(compare.code, compare.stderr).toBe(0);
      expect(compare.stdout).toContain('first of 3 trials');

      // Markdown carries the same table for a reader.
      const md = (await cli(['report', runId])).stdout;
      expect(md).toContain('Repeated trials: pass@1, pass@3 and pass^3');
    },
  );
});
