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
import { ProgressLines } from '../progress-lines.js';
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
      // A line at least every 10 s: the demo takes minutes, and a silent terminal looks hung.
      const progress = new ProgressLines(info).start();
      progress.line(`demo: a fresh workspace in ${dir}, ${count} virtual phone(s); this takes a few minutes`);
      progress.now('starting the virtual phones');
      const phones = await startSamplePhones(count);
      const backend = new Backend({ workspace: dir, userDataDir: userDataDir(), adbServer: `127.0.0.1:${phones.port}` });
      const open = `npx elderbench --workspace ${dir} serve`;
      try {
        progress.line(`workspace ${dir}; ${count} virtual phone(s) on 127.0.0.1:${phones.port}`);
        progress.now('importing the sample tasks');
        const imported = await importTaskFile(backend.workspace, { file: join(SAMPLE, 'tasks.json') });
        const { selectTasks } = await import('../../services/runs/task-selection.js');
        const tasks = selectTasks(backend.workspace.tasks.list(), o.tasks);
        progress.line(`1/4 imported ${imported.imported} sample tasks; using ${tasks.length}`);

        let demos = 0;
        const scripted = tasks.filter((t) => existsSync(join(SAMPLE, 'demos', t.id))).length;
        let taskNo = 0;
        for (const t of tasks) {
          const folder = join(SAMPLE, 'demos', t.id);
          const files = existsSync(folder)
            ? readdirSync(folder)
                .filter((f) => f.endsWith('.json'))
                .sort()
            : [];
          if (files.length > 0) taskNo++;
          for (const [i, f] of files.entries()) {
            progress.now(`recording ${t.id}, demonstration ${i + 1} of ${files.length}`);
            const script = DemoScriptSchema.parse(JSON.parse(readFileSync(join(folder, f), 'utf8')));
            const task = backend.workspace.tasks.get(t.id)!;
            const device = backend.devices.device(phones.serials[0]!);
            for (const cmd of task.setup) await device.shell(cmd);
            await recordScript(backend, t.id, phones.serials[0]!, script);
            demos++;
          }
          if (files.length > 0) progress.line(`  recorded ${t.id} (${files.length}) — task ${taskNo} of ${scripted}`);
        }
        progress.line(`2/4 recorded ${demos} demonstrations`);

        // Offline tasks are scored on their graphs; online tasks' graphs serve the state judge (--judge state).
        const withDemos = tasks.filter((t) => backend.workspace.demonstrations.listForTask(t.id).some((d) => d.status === 'finished'));
        for (const [i, t] of withDemos.entries()) {
          progress.now(`building the graph of ${t.id}`);
          await buildAndStore(backend.workspace, t.id);
          if ((i + 1) % 5 === 0 || i === withDemos.length - 1) progress.line(`  built ${i + 1} of ${withDemos.length} graphs`);
        }
        // Each graph is probed on the demo's own phone: right and wrong variants of its demonstrations.
        let probed = 0;
        progress.now(`probing the graph of ${withDemos[0]?.id ?? '—'} on the phone`);
        const probes = await probeTasks(
          backend.workspace,
          withDemos.map((t) => t.id),
          {
            settleMs: 0,
            device: { kind: 'named', device: backend.devices.device(phones.serials[0]!) },
            onTask: (r) => {
              probed++;
              progress.line(`  probed ${r.taskId} (${probed} of ${withDemos.length}): ${r.variants} variants`);
              progress.now(`probing the graph of ${withDemos[probed]?.id ?? '—'} on the phone`);
            },
          },
        );
        const wrong = probes.reduce((a, p) => a + p.falseAccepts + p.falseRejects, 0);
        progress.line(
          `3/4 built and probed ${withDemos.length} task graphs: ${probes.reduce((a, p) => a + p.variants, 0)} variants, ${wrong} disagreements with the phone`,
        );

        if (o.agents.trim() === 'none') {
          const summary = {
            variants: probes.reduce((a, p) => a + p.variants, 0),
            falseAccepts: probes.reduce((a, p) => a + p.falseAccepts, 0),
            falseRejects: probes.reduce((a, p) => a + p.falseRejects, 0),
          };
          progress.stop();
          printResult(
            g,
            { workspace: dir, seconds: (Date.now() - t0) / 1000, graphs: withDemos.length, ...summary, open },
            () => `Workspace: ${dir} (tasks, demonstrations and probed graphs; no run). Open it in a browser:\n${open}`,
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
            if (!p.last || p.done === shown) return;
            shown = p.done;
            progress.now(`running task ${p.done + 1} of ${p.total}`);
            progress.line(
              `  [${p.done}/${p.total}] ${p.last.agent} ${p.last.mode} ${p.last.taskId}: ${p.last.success ? 'success' : p.last.exit}`,
            );
          },
        };
        const { runId } = createRun(deps, {
          mode: 'both',
          agents: o.agents.split(',').map((s) => s.trim()),
          taskIds: tasks.map((t) => t.id),
          devices: phones.serials,
        });
        progress.line(`4/4 run ${runId}`);
        progress.now('running task 1');
        await runToEnd(deps, runId);
        const report = buildRunReport(backend.workspace, runId);
        progress.stop();
        printResult(g, { workspace: dir, runId, seconds: (Date.now() - t0) / 1000, metrics: report.metrics, open }, () =>
          [
            writeTable(report.tables[0]!, 'md'),
            writeTable(
              report.tables.find((x) => x.id === 'run-by-semantic')!,
              'md',
            ),
            `Full report: npx elderbench --workspace ${dir} report ${runId}`,
            `Workspace: ${dir} — open it in a browser with the command below (or the desktop app: npm start -- --workspace ${dir}):`,
            open,
          ].join('\n'),
        );
      } finally {
        progress.stop();
        backend.close();
        await phones.close();
      }
    });
}
