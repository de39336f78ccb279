import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import type { Backend } from '../../../electron/services/backend.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import type { MockReply, RecordedRequest } from '../../support/mock-llm-server.js';
import { settingsWorkspace } from '../../support/record-script.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { cliToEnd } from '../../support/cli-process.js';
import { textOf } from '../agents/helpers.js';

/**
 * Partial credit through the CLI, one online task with two success checks (test/fixtures/tasks/partial-credit.json)
 * and one offline task whose goal is its DONE page, with a scripted model playing three agents: one that does the
 * whole task, one that goes half way (online: Display but not the dark theme; offline: reaches the DONE page, then
 * asks the user instead of saying Finish, which ends the task with --user none), and one that gives up at once.
 */

const ONLINE = 'the screen hurts, make it dark'; // on-dark-two
const OFFLINE = 'the display settings'; // off-display

interface Report {
  tables: { id: string; rows: Record<string, unknown>[]; notes: string[] }[];
}

/** The first finished demonstration's actions (the phone recorded them; the same taps work online). */
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
const tap = (a: Action | undefined) => (a?.type === 'Tap' ? { action: 'tap', point: [a.at.x, a.at.y] } : null);

describe('partial credit through the CLI (a scripted OpenAI-compatible model)', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  let server: MockLlmServer | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  it(
    'the share of goal conditions met: 1 for the whole task, ½ online and 1 offline half way (SR 0), 0 for giving up',
    { timeout: 400_000 },
    async () => {
      const { ws, adb, backend } = await settingsWorkspace(tmp, phones);
      // Settings → Display → Dark theme, recorded on this phone for the on-dark task.
      const dark = demonstrated(backend, 'on-dark');
      const offline = graphPath(backend, 'off-display');
      backend.close();
      expect(dark.map((a) => a.type)).toEqual(['Tap', 'Tap', 'Tap']);

      server = await MockLlmServer.start();
      server.route = (req: RecordedRequest): MockReply => {
        const model = req.body.model as string;
        const prompt = JSON.stringify(req.messages);
        const done = (textOf(req.messages.at(-1)!.content).match(/^\d+\. /gm) ?? []).length;
        if (model === 'gives-up') return reply(FINISH);
        if (prompt.includes(ONLINE)) {
          const plan = model === 'whole' ? dark : dark.slice(0, 2);
          return reply(tap(plan[done]) ?? FINISH);
        }
        if (prompt.includes(OFFLINE)) {
          if (done < offline.length) return reply(tap(offline[done]));
          // On the DONE page: the whole agent finishes; the half-way one asks instead (with --user none that ends the task).
          return reply(model === 'whole' ? FINISH : { action: 'ask_user', message: 'Is this the right page?' });
        }
        throw new Error(`unexpected prompt ${prompt.slice(0, 200)}`);
      };
      writeFileSync(
        join(ws, 'agents.json'),
        JSON.stringify({
          agents: ['whole', 'half-way', 'gives-up'].map((m) => ({
            name: m,
            adapter: 'vlm',
            baseUrl: server!.baseUrl,
            model: m,
            retries: 0,
          })),
        }),
      );
      const cli = (args: string[]) => cliToEnd(['--workspace', ws, '--adb', adb, ...args], { ELDERBENCH_USER_DATA: tmp() });
      const imported = await cli(['tasks', 'import', join(REPO_ROOT, 'test/fixtures/tasks/partial-credit.json')]);
      expect(imported.code, imported.stderr).toBe(0);

      const run = await cli([
        '--json',
        'run',
        '--mode',
        'both',
        '--agent',
        'whole,half-way,gives-up',
        '--tasks',
        'on-dark-two,off-display',
      ]);
      expect(run.code, run.stderr).toBe(0);
      const runId = (JSON.parse(run.stdout) as { runId: string }).runId;
      const report = JSON.parse((await cli(['--json', 'report', runId])).stdout) as Report;

      const t2 = Object.fromEntries(report.tables.find((t) => t.id === 'table2-results')!.rows.map((r) => [r.agent as string, r]));
      expect(t2['whole']).toMatchObject({ online_sr: 1, offline_sr: 1 });
      expect(t2['half-way']).toMatchObject({ online_sr: 0, offline_sr: 0 });

      // By hand: online, whole meets 2 of 2 checks, half-way 1 of 2 (Display shown, dark theme off), gives-up 0 of 2;
      // offline, the goal is the DONE page (no content conditions): whole and half-way stand on it, gives-up does not.
      const pc = Object.fromEntries(report.tables.find((t) => t.id === 'run-partial-credit')!.rows.map((r) => [r.agent as string, r]));
      expect(pc['whole']).toMatchObject({ sr: 1, pc: 1, online: 1, offline: 1, measured: '2/2' });
      expect(pc['half-way']).toMatchObject({ sr: 0, pc: 0.75, online: 0.5, offline: 1, measured: '2/2' });
      expect(pc['gives-up']).toMatchObject({ sr: 0, pc: 0, online: 0, offline: 0, measured: '2/2' });

      // Per semantic category (on-dark-two is Indirect Speech, off-display Under-specification).
      const bySem = Object.fromEntries(
        report.tables.find((t) => t.id === 'run-partial-credit-by-semantic')!.rows.map((r) => [r.group as string, r]),
      );
      expect(bySem['Indirect Speech']).toMatchObject({ n: 1, whole_pc: 1, 'half-way_pc': 0.5, 'gives-up_pc': 0 });
      expect(bySem['Under-specification']).toMatchObject({ n: 1, whole_pc: 1, 'half-way_pc': 1, 'gives-up_pc': 0 });

      const md = (await cli(['report', runId])).stdout;
      expect(md).toMatch(/\| half-way \| 0\.00 \| 75\.00 \| 50\.00 \| 100\.00 \| 2\/2 \|/);
    },
  );
});
