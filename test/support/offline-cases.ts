import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Action } from '../../shared/domain/action.js';
import { vlmReplyFor } from '../../electron/core/agents/families/vlm-reply.js';
import { evaluateExpect } from '../../electron/core/eval/check-matcher.js';
import { runChecks } from '../../electron/core/eval/rule-judge.js';
import type { ScriptStep } from '../../electron/core/recording/script.js';
import { playScript } from '../../electron/core/recording/script.js';
import { parseUiXml } from '../../electron/core/ui/parse-ui-xml.js';
import { Backend } from '../../electron/services/backend.js';
import { appNamesOf } from '../../electron/services/devices/app-packages.js';
import type { RecordedRequest } from './mock-llm-server.js';
import { MockLlmServer } from './mock-llm-server.js';

/**
 * Paths played two ways, as the offline verdict is judged against the phone: each path's script resolved on a phone
 * from its task's setup (the actions a model would send) and the task's checks asked there (the truth); then the same
 * actions sent by scripted models behind the `vlm` adapter, through `elderbench run`.
 */

/** One path of a task: what the writer expects of it, and its script (labels resolved on the phone's screen). */
export interface OfflineCase {
  task: string;
  name: string;
  expect: 'right' | 'wrong';
  script: ScriptStep[];
}

/** Each path's actions as played from its task's setup, and the task's checks at its end. */
export interface PlayedCases {
  actions: Map<string, Action[]>;
  truth: Map<string, boolean>;
}

/** Plays the scripts (by name) on one phone of `adbServer`, each from its task's setup; a Finish ends each. */
export async function playOnPhone(
  ws: string,
  adbServer: string,
  serial: string,
  scripts: readonly { task: string; name: string; script: ScriptStep[] }[],
): Promise<PlayedCases> {
  const backend = new Backend({ workspace: ws, userDataDir: mkdtempSync(join(tmpdir(), 'eb-user-')), adbServer });
  const actions = new Map<string, Action[]>();
  const truth = new Map<string, boolean>();
  try {
    const device = backend.devices.device(serial);
    // An app launched by its name (天气): the task set's names, as a run resolves them.
    const names = appNamesOf(backend.workspace);
    const resolvePackage = (app: string) => names.packageOf(app);
    for (const c of scripts) {
      const task = backend.workspace.tasks.get(c.task);
      if (!task) throw new Error(`path "${c.name}": no task ${c.task} in the workspace`);
      for (const cmd of task.setup) await device.shell(cmd);
      actions.set(c.name, await playScript(device, [...c.script, { type: 'Finish' }], { resolvePackage, sleep, parse: parseUiXml }));
      truth.set(c.name, (await runChecks({ task, device }, evaluateExpect)).pass);
    }
  } finally {
    backend.close();
  }
  return { actions, truth };
}

/** Scripted agents (right-1, wrong-1, right-2, …): each plays at most one path per task (a task it has none for, it finishes at once). */
export function scriptedAgentsOf(cases: readonly OfflineCase[]): Map<string, OfflineCase[]> {
  const out = new Map<string, OfflineCase[]>();
  for (const c of cases) {
    let n = 1;
    while (out.get(`${c.expect}-${n}`)?.some((x) => x.task === c.task)) n++;
    out.set(`${c.expect}-${n}`, [...(out.get(`${c.expect}-${n}`) ?? []), c]);
  }
  return out;
}

/** A model server answering each agent (the model's name) on each task (its instruction in the prompt) with its path's next action. */
export interface ScriptedModels {
  server: MockLlmServer;
  /** Forgets how far each agent got, for the next run. */
  restart(): void;
}

/** Starts the scripted models for `cases` and writes them to the workspace's agents.json, named as `scriptedAgentsOf` names them. */
export async function startScriptedModels(ws: string, cases: readonly OfflineCase[], played: PlayedCases): Promise<ScriptedModels> {
  const agents = scriptedAgentsOf(cases);
  const tasks = [...new Set(cases.map((c) => c.task))];
  const check = new Backend({ workspace: ws, userDataDir: mkdtempSync(join(tmpdir(), 'eb-user-')) });
  const instructions = new Map(tasks.map((id) => [id, check.workspace.tasks.get(id)!.instruction]));
  check.close();
  const taskOf = (req: RecordedRequest): string => tasks.find((id) => req.text.includes(instructions.get(id)!))!;
  // Each request: which agent, which task, how many replies came before.
  let asked = new Map<string, number>();
  const server = await MockLlmServer.start();
  server.route = (req) => {
    const agent = String(req.body['model']);
    const task = taskOf(req);
    const k = asked.get(`${agent}|${task}`) ?? 0;
    asked.set(`${agent}|${task}`, k + 1);
    const c = agents.get(agent)!.find((x) => x.task === task);
    return { kind: 'reply', content: vlmReplyFor((c ? played.actions.get(c.name)! : [])[k] ?? null)! };
  };
  writeFileSync(
    join(ws, 'agents.json'),
    JSON.stringify({
      agents: [...agents.keys()].map((name) => ({
        name,
        adapter: 'vlm',
        baseUrl: server.baseUrl,
        model: name,
        timeoutMs: 20_000,
        retries: 0,
      })),
    }),
  );
  return { server, restart: () => (asked = new Map()) };
}

/** A run report's results, as `elderbench --json report RUN` prints them. */
export interface ReportResults {
  results: { taskId: string; agent: string; mode: string; success: boolean; exit: string }[];
}

/** Each case's verdict in a report of a run of `scriptedAgentsOf(cases)`, beside the phone's: `{ case, verdict }` pairs to compare. */
export function verdictsBeside(report: ReportResults, cases: readonly OfflineCase[], played: PlayedCases) {
  const out: { case: string; run: boolean | undefined; phone: boolean | undefined }[] = [];
  for (const [agent, mine] of scriptedAgentsOf(cases)) {
    for (const c of mine) {
      const r = report.results.find((x) => x.agent === agent && x.taskId === c.task);
      out.push({ case: `${c.task}: ${c.name}`, run: r?.success, phone: played.truth.get(c.name) });
    }
  }
  return out;
}
