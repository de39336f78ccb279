import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Action } from '../../../shared/domain/action.js';
import type { Task } from '../../../shared/schemas/task.js';
import { errorMessage } from '../../../shared/error-message.js';
import { AdbServer } from '../../adapters/adb/adb-client.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { DevicePort } from '../../core/device/device-port.js';
import { performAction, toPixelAction } from '../../core/recording/perform-action.js';
import type { ScriptStep } from '../../core/recording/script.js';
import { DemoScriptSchema, isTargetStep, resolveScrolling } from '../../core/recording/script.js';
import { takeSnapshot } from '../../core/side-effects/snapshot.js';
import type { LintDemo, LintFinding, LintPorts, LintStep } from '../../core/tasks/task-lint.js';
import { dynamicLint, staticLint } from '../../core/tasks/task-lint.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import { describeAction } from '../../../shared/domain/describe-action.js';
import { AppNames } from '../../core/tasks/app-names.js';
import { appNamesOf } from '../devices/app-packages.js';
import { readTaskFile } from './tasks-service.js';

/**
 * Runs the task lint (core/tasks/task-lint.ts) on a task file with its demonstration scripts
 * (`tasks lint`), or on workspace tasks with their recorded demonstrations (`graph build`), on a
 * phone reached over ADB. Docs: docs/tasks.md "Lint".
 */
export interface TaskLintResult {
  taskId: string;
  mode: 'online' | 'offline';
  /** Whether the demonstrations were played on the phone (false: its app is not there, or no phone). */
  played: boolean;
  demonstrations: number;
  findings: LintFinding[];
}

/** Where the lint plays: a phone behind an ADB server, or nowhere (the static rules only). */
export type LintDevice = { host: string; port: number; serial: string } | null;

type DemoSource = { name: string; script: ScriptStep[] } | { name: string; actions: Action[] };

function stepsOf(device: DevicePort, screen: { width: number; height: number }, demo: DemoSource, names: AppNames): LintStep[] {
  const resolvePackage = (app: string) => names.packageOf(app);
  const play = (action: Action) => performAction(device, action, toPixelAction(action, screen, resolvePackage), sleep);
  if ('actions' in demo)
    return demo.actions
      .filter((a) => a.type !== 'Finish')
      .map((a) => ({ label: describeAction(a), typed: a.type === 'Type' ? a.text : null, run: () => play(a) }));
  return demo.script
    .filter((s) => s.type !== 'Finish')
    .map((s) => ({
      label: isTargetStep(s) ? `${s.type} "${s.on}"` : describeAction(s),
      typed: s.type === 'Type' ? s.text : null,
      run: async () => play(await resolveScrolling(s, async () => parseUiXml(await device.uiDump()), play, screen)),
    }));
}

function portsFor(device: DevicePort): LintPorts {
  return {
    device,
    snapshot: () => takeSnapshot(device),
    page: async () => {
      const out = (await device.shell('cmd vphone window --content')).trim();
      const m = /^(\S+) (\{.*\})$/s.exec(out);
      if (!m) return null;
      try {
        return { screen: m[1]!, content: JSON.stringify((JSON.parse(m[2]!) as { local?: unknown }).local ?? null) };
      } catch {
        return null;
      }
    },
    look: async () => {
      await device.uiDump();
    },
  };
}

async function lintAll(
  tasks: readonly Task[],
  demosOf: (t: Task) => { demos: DemoSource[]; problems: LintFinding[] },
  where: LintDevice,
  names: AppNames,
  onTask?: (r: TaskLintResult) => void,
) {
  const device = where ? new AdbServer({ host: where.host, port: where.port }).device(where.serial) : null;
  const installed = device
    ? new Set([...(await device.shell('pm list packages')).matchAll(/^package:(\S+)/gm)].map((m) => m[1]!))
    : new Set<string>();
  const screen = device ? (await device.info()).screen : { width: 0, height: 0 };
  const out: TaskLintResult[] = [];
  for (const task of tasks) {
    const { demos, problems } = demosOf(task);
    const findings = [...staticLint(task), ...problems];
    const playable = device !== null && installed.has(task.package);
    if (device && playable) {
      try {
        findings.push(
          ...(await dynamicLint(
            task,
            demos.map((d): LintDemo => ({ name: d.name, steps: stepsOf(device, screen, d, names) })),
            portsFor(device),
          )),
        );
      } catch (e) {
        throw new Error(`${task.id}: ${errorMessage(e)}`, { cause: e });
      }
    } else if (device && task.success_checks.length > 0)
      findings.push({
        level: 'warning',
        rule: 'not-played',
        message: `the phone has no ${task.package}: only the rules that need no phone were applied`,
      });
    const r = { taskId: task.id, mode: task.mode, played: playable, demonstrations: demos.length, findings };
    out.push(r);
    onTask?.(r);
  }
  return out;
}

/**
 * A task file and its demonstration scripts: `<demos>/<task id>/<n>.json` (default: the `demos`
 * folder beside the file, as tasks/sample has it). A script that does not parse is an error of its task.
 */
export async function lintTaskFile(
  file: string,
  o: { demosDir?: string; device: LintDevice; onTask?: (r: TaskLintResult) => void },
): Promise<TaskLintResult[]> {
  const parsed = await readTaskFile(file);
  const dir = o.demosDir ?? join(dirname(file), 'demos');
  return lintAll(
    parsed.tasks,
    (task) => {
      const folder = join(dir, task.id);
      const problems: LintFinding[] = [];
      const demos: DemoSource[] = [];
      if (existsSync(folder))
        for (const f of readdirSync(folder)
          .filter((x) => /^\d+\.json$/.test(x))
          .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))) {
          const path = join(folder, f);
          const parsedScript = (() => {
            try {
              return DemoScriptSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
            } catch (e) {
              return { success: false as const, error: { message: errorMessage(e) } };
            }
          })();
          if (parsedScript.success) demos.push({ name: `demonstration ${f.replace('.json', '')}`, script: parsedScript.data });
          else
            problems.push({
              level: 'error',
              rule: 'demo-fails',
              message: `${path}: not a demonstration script: ${parsedScript.error.message}`,
            });
        }
      if (demos.length === 0 && task.success_checks.length > 0)
        problems.push({
          level: 'warning',
          rule: 'not-played',
          message: `no demonstration in ${folder}: only the starting state was checked`,
        });
      return { demos, problems };
    },
    o.device,
    // A demonstration script launches an app by the name the file gives it, as `record --script` does.
    new AppNames(parsed.tasks),
    o.onTask,
  );
}

/** Workspace tasks with their finished recorded demonstrations (what `graph build` merges). */
export async function lintWorkspaceTasks(
  store: WorkspaceStore,
  taskIds: readonly string[],
  o: { device: LintDevice; onTask?: (r: TaskLintResult) => void },
): Promise<TaskLintResult[]> {
  const tasks = taskIds.flatMap((id) => {
    const t = store.tasks.get(id);
    return t ? [t] : [];
  });
  return lintAll(
    tasks,
    (task) => ({
      demos: store.demonstrations
        .listForTask(task.id)
        .filter((d) => d.status === 'finished')
        .map((d) => ({
          name: `demonstration ${d.id}`,
          actions: store.demonstrations.steps(d.id).flatMap((s) => (s.action ? [s.action] : [])),
        })),
      problems: [],
    }),
    o.device,
    appNamesOf(store),
    o.onTask,
  );
}

/** The lint in lines a terminal shows: errors, then warnings, per task. */
export function formatLint(results: readonly TaskLintResult[]): string[] {
  return results.flatMap((r) => r.findings.map((f) => `${r.taskId}: ${f.level}: ${f.message} [${f.rule}]`));
}
