import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import { sha256 } from '../../../electron/core/agents/manifest.js';
import { USER_SIMULATOR_PROMPT } from '../../../electron/core/user/simulated-user.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { Backend } from '../../../electron/services/backend.js';
import { trajectory } from '../../../electron/services/review/review-service.js';
import { flattenUi } from '../../../shared/domain/ui-tree.js';
import { REPO_ROOT } from '../../support/fixtures.js';
import type { MockReply, RecordedRequest } from '../../support/mock-llm-server.js';
import { MockLlmServer } from '../../support/mock-llm-server.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { textOf } from '../agents/helpers.js';
import { cliToEnd } from '../../support/cli-process.js';

/**
 * "给她打个电话" — who is she? A scripted OpenAI-compatible model (the generic VLM format) asks
 * "她是谁?" and acts on the answer. Through the real CLI: with nobody answering (--user none) the
 * question ends the task; with the task's scripted answer, or a simulated user (a second scripted
 * endpoint, an agents.json entry that needs the user's approval), it calls the right person.
 */
const TASK = 'phone-call-her';
const ASK = 'Thought: 不知道“她”是谁，先问清楚。\n{"action": "ask_user", "message": "她是谁?"}';

const reply = (content: string): MockReply => ({ kind: 'reply', content });
const lastUserText = (req: RecordedRequest): string => textOf([...req.messages].reverse().find((m) => m.role === 'user')?.content);

/** Where the buttons are on this phone (0–1000 grid), read from its own UI dumps. */
async function targets(port: number): Promise<Record<'contacts' | 'liufang' | 'call', [number, number]>> {
  const d = new AdbServer({ host: '127.0.0.1', port }).device('vphone-1');
  const task = (
    JSON.parse((await import('node:fs')).readFileSync(join(REPO_ROOT, 'tasks/sample/tasks.json'), 'utf8')) as {
      tasks: { id: string; setup: string[] }[];
    }
  ).tasks.find((t) => t.id === TASK)!;
  for (const cmd of task.setup) await d.shell(cmd);
  await d.shell('monkey -p com.android.dialer 1');
  const find = async (text: string): Promise<[number, number]> => {
    const n = flattenUi(parseUiXml(await d.uiDump())).find((x) => x.text === text || x.contentDesc === text);
    if (!n?.bounds) throw new Error(`no "${text}" on screen`);
    const b = n.bounds;
    return [Math.round(((b.left + b.right) / 2 / 1080) * 1000), Math.round(((b.top + b.bottom) / 2 / 2400) * 1000)];
  };
  const contacts = await find('通讯录');
  await d.tap({ x: Math.round((contacts[0] * 1080) / 1000), y: Math.round((contacts[1] * 2400) / 1000) });
  const liufang = await find('刘芳');
  await d.tap({ x: Math.round((liufang[0] * 1080) / 1000), y: Math.round((liufang[1] * 2400) / 1000) });
  const call = await find('呼叫');
  await d.shell('cmd vphone reset');
  return { contacts, liufang, call };
}

describe('asking the older adult back, through the CLI', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  const servers: MockLlmServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  function cli(
    ws: string,
    userData: string,
    args: string[],
    env: Record<string, string> = {},
  ): Promise<{ code: number | string; stdout: string; stderr: string }> {
    return cliToEnd(['--workspace', ws, ...args], { ELDERBENCH_USER_DATA: userData, ...env });
  }

  it(
    'asks "她是谁?": fails with --user none, succeeds with scripted and simulated answers; the conversation is in the steps and Review',
    { timeout: 300_000 },
    async () => {
      const phone = await phones({ locale: 'zh' });
      const at = await targets(phone.port);
      const agent = await MockLlmServer.start();
      const sim = await MockLlmServer.start();
      servers.push(agent, sim);
      // The agent: ask first; once the answer names 刘芳, open the dialer, Contacts, 刘芳, Call, finish.
      agent.route = (req) => {
        const text = lastUserText(req);
        if (!/The user answered: .*刘芳/.test(text)) return reply(ASK);
        const done = (text.match(/^\d+\. /gm) ?? []).length - 1; // actions since the question
        const plan = [
          'Thought: 打开电话。\n{"action": "launch_app", "app": "com.android.dialer"}',
          `Thought: 通讯录。\n{"action": "tap", "point": [${at.contacts.join(', ')}]}`,
          `Thought: 她是刘芳。\n{"action": "tap", "point": [${at.liufang.join(', ')}]}`,
          `Thought: 呼叫。\n{"action": "tap", "point": [${at.call.join(', ')}]}`,
          'Thought: 已经打给刘芳了。\n{"action": "finish", "status": "success", "message": "正在给刘芳打电话"}',
        ];
        return reply(plan[Math.min(done, plan.length - 1)]!);
      };
      sim.route = () => reply('我闺女刘芳呀。');

      const ws = tmp();
      const userData = tmp();
      const adb = ['--adb', `127.0.0.1:${phone.port}`];
      const imported = await cli(ws, userData, ['tasks', 'import', join(REPO_ROOT, 'tasks/sample/tasks.json')]);
      expect(imported.code, imported.stderr).toBe(0);
      writeFileSync(
        join(ws, 'agents.json'),
        JSON.stringify({
          agents: [
            { name: 'mock-vlm', adapter: 'vlm', baseUrl: agent.baseUrl, model: 'asker', retries: 0 },
            { name: 'sim-user', adapter: 'vlm', baseUrl: sim.baseUrl, model: 'sim', apiKeyEnv: 'SIM_USER_KEY', retries: 0 },
          ],
        }),
      );
      const run = async (user: string[], env: Record<string, string> = {}) => {
        const r = await cli(
          ws,
          userData,
          [...adb, '--json', 'run', '--mode', 'online', '--agent', 'mock-vlm', '--tasks', TASK, ...user],
          env,
        );
        return { ...r, runId: r.code === 0 ? (JSON.parse(r.stdout) as { runId: string }).runId : null };
      };

      const none = await run(['--user', 'none']);
      expect(none.code, none.stderr).toBe(0);
      const scripted = await run(['--user', 'scripted']);
      expect(scripted.code, scripted.stderr).toBe(0);

      // A workspace entry that sends a key somewhere needs the user's approval first; nothing is sent before.
      const refused = await run(['--user', 'simulated', '--user-agent', 'sim-user'], { SIM_USER_KEY: 'sk-sim-secret' });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('elderbench agent trust sim-user');
      expect(sim.requests).toHaveLength(0);
      const trust = await cli(ws, userData, ['agent', 'trust', 'sim-user']);
      expect(trust.code, trust.stderr).toBe(0);
      const simulated = await run(['--user', 'simulated', '--user-agent', 'sim-user'], { SIM_USER_KEY: 'sk-sim-secret' });
      expect(simulated.code, simulated.stderr).toBe(0);

      const check = new Backend({ workspace: ws, userDataDir: userData });
      try {
        const result = (runId: string | null) => check.workspace.runs.results(runId!)[0]!;
        expect(result(none.runId)).toMatchObject({ success: false, exitCategory: 'ask_user' });
        expect(result(scripted.runId)).toMatchObject({ success: true, exitCategory: 'finished' });
        expect(result(simulated.runId)).toMatchObject({ success: true, exitCategory: 'finished' });

        // The conversation is in the run's steps: the question, the answer, who gave it; no device action.
        const steps = check.workspace.runs.steps({ runId: scripted.runId!, taskId: TASK, agent: 'mock-vlm', mode: 'online' });
        expect(steps[0]!.action).toEqual({ type: 'AskUser', message: '她是谁?' });
        expect(steps[0]!.details.user).toMatchObject({ question: '她是谁?', answer: '我闺女刘芳啊', source: 'scripted', usage: null });
        expect(steps[0]!.timings.device_ms).toBe(0);
        expect(steps).toHaveLength(6);
        // The answer reached the model in its family's format (the generic VLM's numbered history).
        expect(
          agent.requests.some((r) =>
            lastUserText(r).includes('1. {"action": "ask_user", "message": "她是谁?"}\n   The user answered: "我闺女刘芳啊"'),
          ),
        ).toBe(true);

        // ...and on the Review screen's trajectory.
        const t = trajectory(check.workspace, { runId: scripted.runId!, taskId: TASK, agent: 'mock-vlm', mode: 'online' });
        expect(t.steps.filter((s) => s.details.user).map((s) => s.details.user)).toEqual([
          expect.objectContaining({ question: '她是谁?', answer: '我闺女刘芳啊' }),
        ]);

        // The simulator saw who she is and what she knows, never the UI steps, setup or checks; its tokens are its own.
        expect(sim.requests).toHaveLength(1);
        expect(sim.requests[0]!.headers.authorization).toBe('Bearer sk-sim-secret');
        const seen = JSON.stringify(sim.requests[0]!.messages);
        for (const s of ['给她打个电话', '闺女刘芳', '她是谁?', '72岁']) expect(seen).toContain(s);
        for (const s of ['通讯录中找到', 'cmd vphone', 'inCall', '呼叫']) expect(seen).not.toContain(s);
        const simResult = result(simulated.runId);
        expect(simResult.details.user).toMatchObject({ mode: 'simulated', asks: 1, answered: 1, tokens: 1280 });
        const simSteps = check.workspace.runs.steps({ runId: simulated.runId!, taskId: TASK, agent: 'mock-vlm', mode: 'online' });
        expect(simSteps[0]!.details.user).toMatchObject({ answer: '我闺女刘芳呀。', source: 'simulated' });
        expect(simSteps[0]!.usage).toMatchObject({ prompt_tokens: 1200 }); // the agent's own call, beside the user's
        const manifest = check.workspace.runs.get(simulated.runId!)!.manifest as {
          user: { mode: string; promptSha256: string; endpointHost: string; keySource: string };
        };
        expect(manifest.user).toMatchObject({
          mode: 'simulated',
          promptSha256: sha256(USER_SIMULATOR_PROMPT),
          keySource: 'env:SIM_USER_KEY',
        });
        expect(JSON.stringify(manifest)).not.toContain('sk-sim-secret');
      } finally {
        check.close();
      }

      // The report's asking table, and SR with answers vs without on the same task (exact McNemar).
      const report = JSON.parse((await cli(ws, userData, ['--json', 'report', scripted.runId!])).stdout) as {
        tables: { id: string; rows: Record<string, unknown>[] }[];
      };
      expect(report.tables.find((x) => x.id === 'run-asking')!.rows[0]).toMatchObject({
        agent: 'mock-vlm',
        askRate: 1,
        turnsPerTask: 2,
        srAsked: 1,
      });
      const cmp = await cli(ws, userData, ['--json', 'report', '--compare', `${none.runId},${scripted.runId}`]);
      expect(cmp.code, cmp.stderr).toBe(0);
      const c = JSON.parse(cmp.stdout) as {
        agents: {
          agent: string;
          pairs: number;
          srA: number;
          srB: number;
          delta: number;
          mcnemar: { b: number; c: number; pValue: number };
        }[];
      };
      expect(c.agents).toEqual([
        expect.objectContaining({
          agent: 'mock-vlm',
          pairs: 1,
          srA: 0,
          srB: 1,
          delta: 1,
          mcnemar: { b: 0, c: 1, discordant: 1, pValue: 1 },
        }),
      ]);
      const md = await cli(ws, userData, ['report', '--compare', `${none.runId},${scripted.runId}`]);
      expect(md.stdout).toContain('user none');
      expect(md.stdout).toContain('user scripted');
    },
  );
});
