import type { Command } from 'commander';
import { Option } from 'commander';
import type { TaskSummary } from '../../../shared/schemas/task.js';
import { SEMANTIC_CATEGORIES, SYNTACTIC_CATEGORIES } from '../../../shared/schemas/task.js';
import type { SetupFinding } from '../../services/workspace/tasks-service.js';
import { importTaskFile, readTaskFile, taskFileRefusal } from '../../services/workspace/tasks-service.js';
import { formatLint, lintTaskFile } from '../../services/workspace/task-lint.js';
import { writeTaskSample } from '../../services/workspace/task-sample.js';
import { startSamplePhones } from '../sample-phone.js';
import { errorMessage } from '../../../shared/error-message.js';
import { openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult, table, truncate } from '../output.js';

/** A task file that was refused (its problems, or a clash with tasks already imported) as the CLI's error; else null. */
function taskFileFailure(e: unknown, file: string): CliError | null {
  const refused = taskFileRefusal(e, file);
  return refused ? new CliError(refused.message, 1, refused.details) : null;
}

export function registerTasks(program: Command, globals: () => GlobalOptions): void {
  const tasks = program.command('tasks').description('list, validate and import task sets');

  tasks
    .command('list')
    .description('list the tasks in the workspace')
    .addOption(new Option('--mode <mode>', 'online or offline').choices(['online', 'offline']))
    .option('--app <app>', 'only tasks of this app')
    .addOption(new Option('--semantic <category>').choices(SEMANTIC_CATEGORIES))
    .addOption(new Option('--syntactic <category>').choices(SYNTACTIC_CATEGORIES))
    .option('--set <name>', 'only tasks of this task set')
    .option('--text <text>', 'id or instruction contains this text')
    .action(
      (o: {
        mode?: 'online' | 'offline';
        app?: string;
        semantic?: TaskSummary['semantic'];
        syntactic?: TaskSummary['syntactic'];
        set?: string;
        text?: string;
      }) => {
        const g = globals();
        const backend = openBackend(g);
        try {
          const list = backend.workspace.tasks.list({
            mode: o.mode,
            app: o.app,
            semantic: o.semantic,
            syntactic: o.syntactic,
            taskSet: o.set,
            text: o.text,
          });
          printResult(g, list, (l) =>
            l.length === 0
              ? 'No tasks. Import a task set with: elderbench tasks import FILE'
              : `${table(
                  l.map((t) => [t.id, t.mode, t.app, t.semantic, t.syntactic, truncate(t.instruction, 40)]),
                  ['id', 'mode', 'app', 'semantic', 'syntactic', 'instruction'],
                )}\n${l.length} task${l.length === 1 ? '' : 's'}`,
          );
        } finally {
          backend.close();
        }
      },
    );

  tasks
    .command('validate')
    .description('check task files without importing them (.json task set, .jsonl or .csv)')
    .argument('<files...>')
    .action(async (files: string[]) => {
      const g = globals();
      const results: { file: string; tasks: number; warnings: string[]; unsafeSetup: SetupFinding[] }[] = [];
      for (const file of files) {
        try {
          const parsed = await readTaskFile(file);
          results.push({ file, tasks: parsed.tasks.length, warnings: parsed.warnings, unsafeSetup: parsed.setupFindings });
        } catch (e) {
          throw taskFileFailure(e, file) ?? e;
        }
      }
      printResult(g, results, (rs) =>
        rs.map((r) => [`${r.file}: ${r.tasks} tasks OK`, ...r.warnings.map((w) => `  warning: ${w}`)].join('\n')).join('\n'),
      );
    });

  tasks
    .command('lint')
    .description(
      "checks that cannot pass by accident: plays each task's demonstrations on a virtual phone (scripts in <file's folder>/demos/<id>/<n>.json)",
    )
    .argument('<file>', 'a task-set file (.json, .jsonl or .csv)')
    .option('--demos <dir>', 'where the demonstration scripts are (default: the demos folder beside the file)')
    .addOption(new Option('--locale <locale>', 'the virtual phone the scripts target').choices(['zh', 'en']).default('zh'))
    .option('--static', 'only the rules that need no phone (positional selectors, footprints)')
    .action(async (file: string, o: { demos?: string; locale: 'zh' | 'en'; static?: boolean }) => {
      const g = globals();
      const phones = o.static ? null : await startSamplePhones(1, o.locale);
      let results;
      try {
        results = await lintTaskFile(file, {
          ...(o.demos ? { demosDir: o.demos } : {}),
          device: phones ? { host: '127.0.0.1', port: phones.port, serial: phones.serials[0]! } : null,
          onTask: (r) => {
            if (!g.json && r.findings.some((f) => f.level === 'error'))
              info(`${r.taskId}: ${r.findings.filter((f) => f.level === 'error').length} error(s)`);
          },
        });
      } catch (e) {
        throw taskFileFailure(e, file) ?? new CliError(errorMessage(e));
      } finally {
        await phones?.close();
      }
      const errors = results.reduce((a, r) => a + r.findings.filter((f) => f.level === 'error').length, 0);
      const warnings = results.reduce((a, r) => a + r.findings.filter((f) => f.level === 'warning').length, 0);
      printResult(g, { file, errors, warnings, tasks: results }, () =>
        [
          ...formatLint(results),
          `${file}: ${results.length} tasks, ${results.filter((r) => r.played).length} played on the phone; ${errors} error(s), ${warnings} warning(s)`,
        ].join('\n'),
      );
      if (errors > 0) process.exitCode = 1;
    });

  tasks
    .command('sample')
    .description('draw a subset that keeps the semantic-category shares (paper Table 9), seeded; writes a task-set file')
    .requiredOption('--size <n>', 'how many tasks')
    .requiredOption('--out <file>', 'the task-set file to write')
    .option('--set <name>', 'draw from this task set (default: every task)')
    .option('--seed <n>', 'random seed (the same seed gives the same subset)', '1')
    .action(async (o: { size: string; out: string; set?: string; seed: string }) => {
      const g = globals();
      const size = Number(o.size);
      const seed = Number(o.seed);
      if (!Number.isInteger(size) || size < 1) throw new CliError(`--size must be a positive whole number, got ${o.size}`, 2);
      if (!Number.isInteger(seed)) throw new CliError(`--seed must be a whole number, got ${o.seed}`, 2);
      const backend = openBackend(g);
      try {
        let written;
        try {
          written = writeTaskSample(backend.workspace, { size, seed, out: o.out, ...(o.set ? { set: o.set } : {}) });
        } catch (e) {
          throw new CliError(errorMessage(e));
        }
        printResult(
          g,
          written,
          (r) =>
            `${table(
              r.allocation.map((a) => [a.stratum, String(a.population), `${(a.share * 100).toFixed(2)}%`, String(a.sampled)]),
              ['semantic category', 'population', 'share', 'sampled'],
            )}\nWrote ${size} tasks to ${r.file} (set "${r.name}")`,
        );
      } finally {
        backend.close();
      }
    });

  tasks
    .command('import')
    .description('validate a task file and import all of it into the workspace (all or nothing)')
    .argument('<file>')
    .option('--set <name>', "task-set name (default: the file's own name, or its base name)")
    .option('--replace', 'overwrite tasks that already exist with the same id')
    .action(async (file: string, o: { set?: string; replace?: boolean }) => {
      const g = globals();
      const backend = openBackend(g, { writes: 'importing tasks writes them into the workspace' });
      try {
        const report = await importTaskFile(backend.workspace, { file, taskSet: o.set, replace: o.replace });
        for (const w of report.warnings) info(`warning: ${w}`);
        printResult(
          g,
          report,
          (r) => `Imported ${r.imported} new and ${r.replaced} replaced tasks into set "${r.taskSet}" (${backend.workspace.path})`,
        );
      } catch (e) {
        throw taskFileFailure(e, file) ?? e;
      } finally {
        backend.close();
      }
    });
}
