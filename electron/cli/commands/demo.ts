import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { writeTable } from '../../core/analysis/report/table-writers.js';
import { DemoScriptSchema } from '../../core/recording/script.js';
import { Backend } from '../../services/backend.js';
import { buildAndStore } from '../../services/graphs/graph-builder.js';
import { recordScript } from '../../services/recording/record-script.js';
import { buildRunReport } from '../../services/runs/run-report-builder.js';
import { createRun, runToEnd } from '../../services/runs/run-lifecycle.js';
import { importTaskFile } from '../../services/workspace/tasks-service.js';
import { userDataDir } from '../../adapters/system/user-paths.js';
import { startSamplePhones } from '../sample-phone.js';
import { probeTasks } from '../probe-runner.js';
import { PACKAGE_ROOT } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult } from '../output.js';

const SAMPLE = join(PACKAGE_ROOT, 'tasks', 'sample');

/**
 * The whole pipeline on a fresh workspace, with nothing to install: virtual phones, the
 * sample task set, its scripted demonstrations recorded like a person's, task graphs, then
 * the replay (oracle) and heuristic (baseline) agents offline and online, and the report.
 */
export function registerDemo(program: Command, globals: () => GlobalOptions): void {
  program
    .command('demo')
    .description('run the whole benchmark on virtual phones: sample tasks, demonstrations, graphs, runs, report')
    .option('--phones <n>', 'virtual phones for the online tasks', '2')
    .option('--agents <names>', 'agents to evaluate (none: stop after the graphs are built and probed)', 'replay,heuristic')
    .option('--tasks <filter>', 'only these sample tasks (ids with *, or field=value)')
    .action(async (o: { phones: string; agents: string; tasks?: string }) => {
      const g = globals();
      const dir = g.workspace ?? mkdtempSync(join(tmpdir(), 'elderbench-demo-'));
      if (existsSync(join(dir, 'elderbench.db')))
        throw new CliError(
          `${dir} already holds a workspace; the demo starts from a fresh one (omit --workspace, or give an empty folder)`,
        );
      const count = Number(o.phones);
      if (!Number.isInteger(count) || count < 1 || count > 8) throw new CliError('--phones: 1 to 8', 2);
      const t0 = Date.now();
      const phones = await startSamplePhones(count);
      const backend = new Backend({ workspace: dir, userDataDir: userDataDir(), adbServer: `127.0.0.1:${phones.port}` });
      try {
        info(`workspace ${dir}; ${count} virtual phone(s) on 127.0.0.1:${phones.port}`);
        const imported = await importTaskFile(backend.workspace, { file: join(SAMPLE, 'tasks.json') });
        const { selectTasks } = await import('../../services/runs/task-selection.js');
        const tasks = selectTasks(backend.workspace.tasks.list(), o.tasks);
        info(`1/4 imported ${imported.imported} sample tasks; using ${tasks.length}`);

        let demos = 0;
        for (const t of tasks) {
          const folder = join(SAMPLE, 'demos', t.id);
          const files = existsSync(folder)
            ? readdirSync(folder)
                .filter((f) => f.endsWith('.json'))
                .sort()
            : [];
          for (const f of files) {
            const script = DemoScriptSchema.parse(JSON.parse(readFileSync(join(folder, f), 'utf8')));
            const task = backend.workspace.tasks.get(t.id)!;
            const device = backend.devices.device(phones.serials[0]!);
            for (const cmd of task.setup) await device.shell(cmd);
            await recordScript(backend, t.id, phones.serials[0]!, script);
            demos++;
          }
        }
        info(`2/4 recorded ${demos} demonstrations`);

        // Offline tasks are scored on their graphs; online tasks' graphs serve the state judge (--judge state).
        const withDemos = tasks.filter((t) => backend.workspace.demonstrations.listForTask(t.id).some((d) => d.status === 'finished'));
        for (const t of withDemos) await buildAndStore(backend.workspace, t.id);
        // Each graph is probed on the demo's own phone: right and wrong variants of its demonstrations.
        const probes = await probeTasks(
          backend.workspace,
          withDemos.map((t) => t.id),
          { settleMs: 0, device: { kind: 'named', device: backend.devices.device(phones.serials[0]!) } },
        );
        const wrong = probes.reduce((a, p) => a + p.falseAccepts + p.falseRejects, 0);
        info(
          `3/4 built and probed ${withDemos.length} task graphs: ${probes.reduce((a, p) => a + p.variants, 0)} variants, ${wrong} disagreements with the phone`,
        );

        if (o.agents.trim() === 'none') {
          const summary = {
            variants: probes.reduce((a, p) => a + p.variants, 0),
            falseAccepts: probes.reduce((a, p) => a + p.falseAccepts, 0),
            falseRejects: probes.reduce((a, p) => a + p.falseRejects, 0),
          };
          printResult(
            g,
            { workspace: dir, seconds: (Date.now() - t0) / 1000, graphs: withDemos.length, ...summary },
            () => `Workspace: ${dir} (tasks, demonstrations and probed graphs; no run)`,
          );
          return;
        }
        let shown = -1;
        const deps = {
          store: () => backend.workspace,
          devices: backend.devices,
          log: info,
          onProgress: (p: {
            done: number;
            total: number;
            last: { taskId: string; agent: string; mode: string; exit: string; success: boolean } | null;
          }) => {
            if (!p.last || p.done === shown || g.json) return;
            shown = p.done;
            info(`  [${p.done}/${p.total}] ${p.last.agent} ${p.last.mode} ${p.last.taskId}: ${p.last.success ? 'success' : p.last.exit}`);
          },
        };
        const { runId } = createRun(deps, {
          mode: 'both',
          agents: o.agents.split(',').map((s) => s.trim()),
          taskIds: tasks.map((t) => t.id),
          devices: phones.serials,
        });
        info(`4/4 run ${runId}`);
        await runToEnd(deps, runId);
        const report = buildRunReport(backend.workspace, runId);
        printResult(g, { workspace: dir, runId, seconds: (Date.now() - t0) / 1000, metrics: report.metrics }, () =>
          [
            writeTable(report.tables[0]!, 'md'),
            writeTable(
              report.tables.find((x) => x.id === 'run-by-semantic')!,
              'md',
            ),
            `Workspace: ${dir}  (open it with: npm start -- --workspace ${dir}, or elderbench serve --workspace ${dir})`,
            `Full report: elderbench --workspace ${dir} report ${runId}`,
          ].join('\n'),
        );
      } finally {
        backend.close();
        await phones.close();
      }
    });
}
