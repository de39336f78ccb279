import type { Command } from 'commander';
import { Option } from 'commander';
import cliProgress from 'cli-progress';
import { tableText } from '../../services/analysis/report-output.js';
import type { TableFormat } from '../../services/analysis/report-output.js';
import type { RunProgress } from '../../services/runs/run-executor.js';
import { VARIANTS } from '../../../shared/schemas/run-spec.js';
import type { SideEffectPolicy, UserMode, VariantName } from '../../../shared/schemas/run-spec.js';
import { compareRunsSr } from '../../services/runs/run-compare.js';
import { buildRunReport } from '../../services/runs/run-report-builder.js';
import { runStatus } from '../../services/runs/run-summary.js';
import { createRun, runToEnd, setupNeedingConfirmation } from '../../services/runs/run-lifecycle.js';
import { describeLeftOut, selectTasks, tasksForMode } from '../../services/runs/task-selection.js';
import { stfRunOptions } from './stf-devices.js';
import { openBackend } from '../context.js';
import { htmlReportCommand } from './report-html.js';
import { registerRunRescore } from './run-rescore.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult, table, writeData } from '../output.js';
import { errorMessage } from '../../../shared/error-message.js';
import type { BusyDevicePolicy } from '../../services/runs/run-device-leases.js';
import { BUSY_DEVICE_POLICIES } from '../../services/runs/run-device-leases.js';

const list = (s: string | undefined): string[] =>
  s
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];

/** A count or seed given on the command line: a whole number, or a usage error naming the option (the spec checks its range). */
function wholeNumber(option: string, value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new CliError(`${option} takes a whole number, got "${value}"`, 2);
  return Number(value);
}

/** A run spec refused by its schema names the option, not the zod path. */
function specError(e: unknown): string {
  const issues = (e as { issues?: { message: string }[] }).issues;
  return issues?.length ? issues.map((i) => i.message).join('; ') : errorMessage(e);
}

function progressReporter(json: boolean): { update(p: RunProgress): void; stop(): void } {
  // A bar on a terminal; plain lines in logs and CI (cli-progress's noTTYOutput would repeat the bar).
  if (process.stderr.isTTY && !json) {
    const bar = new cliProgress.SingleBar(
      { format: ' {bar} {value}/{total} tasks | {status}', stream: process.stderr, hideCursor: true },
      cliProgress.Presets.shades_classic,
    );
    let started = false;
    return {
      update: (p) => {
        if (!started) bar.start(p.total, p.done, { status: '' });
        started = true;
        bar.update(p.done, {
          status:
            p.running.map((r) => `${r.taskId}${r.device ? `@${r.device}` : ''}`).join(' ') ||
            (p.last ? `${p.last.taskId}: ${p.last.exit}` : ''),
        });
      },
      stop: () => bar.stop(),
    };
  }
  let lastDone = -1;
  return {
    update: (p) => {
      if (p.done === lastDone || !p.last) return;
      lastDone = p.done;
      info(
        `[${p.done}/${p.total}] ${p.last.taskId} ${p.last.agent} ${p.last.mode}: ${p.last.success ? 'success' : 'failure'} (${p.last.exit})`,
      );
    },
    stop: () => undefined,
  };
}

export function registerRun(program: Command, globals: () => GlobalOptions): void {
  const run = program
    .command('run')
    .description('evaluate agents on tasks: offline against task graphs, online on live devices (judged)')
    .addOption(
      new Option('--mode <mode>', 'offline, online, or both (each task in its own mode)')
        .choices(['offline', 'online', 'both'])
        .default('both'),
    )
    .option('--agent <names>', 'agent names, comma-separated (see elderbench agent list; "replay" follows each task\'s demonstration)')
    .option(
      '--tasks <filter>',
      'ids with * wildcards, or field=value terms (mode, app, set, semantic, syntactic, scenario, lang), comma-separated',
    )
    .option('--devices <serials>', 'devices for online tasks (default: all attached, on every --adb server)')
    .option('--stf <url>', 'claim the online devices from this DeviceFarmer STF farm (token from $STF_TOKEN) and release them afterwards')
    .option('--stf-count <n>', 'how many STF devices to claim', '1')
    .option('--stf-filter <field=value,…>', 'only STF devices with these fields, e.g. sdk=34')
    .addOption(
      new Option(
        '--judge <judge>',
        "online success judge: the task's checks (rule), a model (vlm), the graph's goal conditions (state), or a pair reporting agreement",
      )
        .choices(['rule', 'vlm', 'both', 'state', 'rule+state'])
        .default('rule'),
    )
    .option('--judge-agent <name>', 'agent entry whose model judges (vlm, both)')
    .addOption(
      new Option('--instruction <which>', 'give agents the original or the normalized instruction')
        .choices(['original', 'normalized'])
        .default('original'),
    )
    .option(
      '--include-online',
      'with --mode offline: also score online tasks that have a graph offline (against their graph); without it they are left out',
    )
    .option('--max-steps <n>', "step limit (default: each task's own, 25)")
    .addOption(
      new Option('--off-graph <policy>', 'offline: on an unmatched action, fail or stay and count an error')
        .choices(['fail', 'stay'])
        .default('fail'),
    )
    .addOption(
      new Option(
        '--user <who>',
        "who answers an agent's AskUser: none (the question ends the task), scripted (the task's answers), simulated (a model plays the older adult)",
      )
        .choices(['none', 'scripted', 'simulated'])
        .default('none'),
    )
    .option('--user-agent <name>', 'with --user simulated: the agent entry whose model plays the user')
    .addOption(
      new Option('--variant <setting>', 'robustness re-run (online): apply this device setting before each task, restored after').choices([
        ...VARIANTS,
      ]),
    )
    .addOption(
      new Option(
        '--side-effects <how>',
        'online: watch the phone for what agents change unasked — a snapshot after every step where cheap, else bisected on replay (auto), always per step, always by replay, or off',
      )
        .choices(['auto', 'step', 'bisect', 'off'])
        .default('auto'),
    )
    .option(
      '--fail-on-side-effects',
      "online: count a success that deleted, sent, paid, called, installed or changed anything unasked as a failure (the paper's SR does not)",
    )
    .option(
      '--trials <k>',
      'repeat every task × agent K times (1–20) for pass@k and pass^k; tables that compare agents use the first trial',
      '1',
    )
    .option('--seed <n>', "the first trial's sampling seed where an agent takes one (model agents send it; trial t uses seed + t)")
    .option(
      '--allow-setup',
      "run the tasks' setup commands outside the known-safe set on real phones too (review them first: tasks validate)",
    )
    .addOption(
      new Option('--busy-devices <policy>', 'a device another run or recording holds: wait for it, skip it, or refuse to start')
        .choices([...BUSY_DEVICE_POLICIES])
        .default('wait'),
    )
    .option(
      '--resume <run>',
      'continue a run: re-attempts unresolved infrastructure failures and interrupted tasks (history kept); resolved tasks are skipped',
    )
    .action(
      async (o: {
        mode: 'offline' | 'online' | 'both';
        agent?: string;
        tasks?: string;
        devices?: string;
        judge: 'rule' | 'vlm' | 'both' | 'state' | 'rule+state';
        judgeAgent?: string;
        instruction: 'original' | 'normalized';
        maxSteps?: string;
        offGraph: 'fail' | 'stay';
        includeOnline?: boolean;
        resume?: string;
        stf?: string;
        stfCount: string;
        stfFilter?: string;
        user: UserMode;
        userAgent?: string;
        variant?: VariantName;
        trials: string;
        seed?: string;
        allowSetup?: boolean;
        busyDevices: BusyDevicePolicy;
        sideEffects: SideEffectPolicy;
        failOnSideEffects?: boolean;
      }) => {
        const g = globals();
        const backend = openBackend(g, { writes: o.resume ? 'resuming a run records its results' : 'a run records its results' });
        const progress = progressReporter(Boolean(g.json));
        let cancelled = false;
        const onSignal = (): void => {
          cancelled = true;
          info('stopping after the tasks in progress (run again with --resume to continue)');
        };
        process.once('SIGINT', onSignal);
        process.once('SIGTERM', onSignal);
        try {
          const deps = {
            store: () => backend.workspace,
            devices: backend.devices,
            log: info,
            onProgress: (p: RunProgress) => progress.update(p),
            busyDevices: o.busyDevices,
          };
          let runId = o.resume;
          if (!runId) {
            const agents = list(o.agent);
            if (agents.length === 0) throw new CliError('give --agent NAME[,NAME…] (see elderbench agent list)', 2);
            let tasks;
            try {
              tasks = selectTasks(backend.workspace.tasks.list(), o.tasks);
            } catch (e) {
              throw new CliError(errorMessage(e), 2);
            }
            if (o.includeOnline && o.mode !== 'offline') throw new CliError('--include-online goes with --mode offline', 2);
            const chosen = tasksForMode(backend.workspace, tasks, o.mode, { includeOnline: Boolean(o.includeOnline) });
            tasks = chosen.tasks;
            if (chosen.leftOut.length > 0) info(describeLeftOut(chosen.leftOut));
            if (tasks.length === 0) throw new CliError(`no ${o.mode === 'both' ? '' : `${o.mode} `}tasks match ${o.tasks ?? '(all)'}`);
            const stf = stfRunOptions(o);
            if (stf && o.devices) throw new CliError('give either --devices or --stf, not both', 2);
            const specInput = {
              mode: o.mode,
              agents,
              taskIds: tasks.map((t) => t.id),
              devices: list(o.devices),
              judge: o.judge,
              judgeAgent: o.judgeAgent,
              instruction: o.instruction,
              offGraph: o.offGraph,
              ...(o.maxSteps ? { maxSteps: Number(o.maxSteps) } : {}),
              user: o.user,
              ...(o.userAgent ? { userAgent: o.userAgent } : {}),
              ...(o.variant ? { variant: o.variant } : {}),
              sideEffects: o.sideEffects,
              failOnSideEffects: o.failOnSideEffects === true,
              setupConfirmed: o.allowSetup === true,
              trials: wholeNumber('--trials', o.trials),
              ...(o.seed !== undefined ? { seed: wholeNumber('--seed', o.seed) } : {}),
            };
            // Refused before the run exists when setup commands outside the known-safe set would meet a real phone.
            const unconfirmed = await setupNeedingConfirmation(deps, specInput).catch((e: unknown) => {
              throw new CliError(specError(e));
            });
            if (unconfirmed)
              throw new CliError(
                unconfirmed.message,
                1,
                unconfirmed.findings.map((f) => `${f.taskId}: ${f.command}`),
              );
            try {
              runId = createRun(deps, specInput, {
                ...(stf ? { stf } : {}),
                ...(chosen.leftOut.length > 0 ? { leftOut: chosen.leftOut } : {}),
              }).runId;
            } catch (e) {
              throw new CliError(specError(e));
            }
            info(`run ${runId}: ${agents.join(', ')} on ${tasks.length} tasks${Number(o.trials) > 1 ? `, ${o.trials} trials each` : ''}`);
          } else {
            info(`resuming ${runId}`);
          }
          await runToEnd(deps, runId, () => cancelled, { setupConfirmed: o.allowSetup === true }).catch((e: Error) => {
            throw new CliError(`${e.message} (the run is saved; continue with --resume ${runId})`);
          });
          progress.stop();
          const report = buildRunReport(backend.workspace, runId);
          const leftOut = backend.workspace.runs.get(runId)?.manifest.leftOut ?? [];
          const harm = report.tables.find((t) => t.id === 'run-side-effects');
          printResult(g, { runId, status: report.status, metrics: report.metrics, leftOut }, () =>
            [
              `Run ${runId} (${report.status})`,
              '',
              tableText(report.tables[0]!, 'md'),
              ...(harm
                ? [`${harm.rows.length} side effect(s): agents changed things unasked — listed, with their steps, in the report.`]
                : []),
              `Full report: elderbench report ${runId}`,
            ].join('\n'),
          );
        } finally {
          process.removeListener('SIGINT', onSignal);
          process.removeListener('SIGTERM', onSignal);
          progress.stop();
          backend.close();
        }
      },
    );
  registerRunRescore(run, globals);

  program
    .command('report')
    .description("a run's results: Table 2, how tasks ended, and success by category, scenario and app")
    .argument('[run]', 'run id (default: the latest run)')
    .addOption(
      new Option('--format <format>', 'output format (md, also spelled markdown; html: a folder to open in a browser, see --out)')
        .choices(['md', 'markdown', 'csv', 'json', 'latex', 'html'])
        .default('md'),
    )
    .option('--out <dir>', 'with --format html: the folder to write (index.html, screenshots, charts)')
    .option('--list', 'list the runs in the workspace')
    .option(
      '--exclude-unresolved',
      "the other view: SR over each agent's own scored tasks, leaving unresolved results out (labelled; not comparable across agents)",
    )
    .option(
      '--compare <runs>',
      'RUN_A,RUN_B: per-agent SR of the same tasks in both runs, B − A, with the exact McNemar test (e.g. --user none vs scripted, default vs --variant)',
    )
    .action(
      async (
        runArg: string | undefined,
        o: { format: TableFormat; out?: string; list?: boolean; excludeUnresolved?: boolean; compare?: string },
      ) => {
        const g = globals();
        if ((o.format as string) === 'markdown') o.format = 'md';
        const backend = openBackend(g);
        try {
          if (o.compare !== undefined) {
            const ids = list(o.compare);
            if (ids.length !== 2) throw new CliError('--compare takes two run ids: RUN_A,RUN_B', 2);
            let c;
            try {
              c = compareRunsSr(backend.workspace, ids[0]!, ids[1]!);
            } catch (e) {
              throw new CliError(errorMessage(e));
            }
            if (g.json || o.format === 'json')
              process.stdout.write(
                `${JSON.stringify({ runA: c.runA, runB: c.runB, agents: c.agents, table: c.table, ...(c.modes ? { modes: c.modes } : {}) }, null, 2)}\n`,
              );
            else {
              const format = (o.format as string) === 'html' ? 'md' : o.format;
              writeData(tableText(c.table, format));
              // An offline run against an online one: how far the two modes' verdicts agree.
              if (c.modes) writeData(`\n${tableText(c.modes.table, format)}`);
            }
            return;
          }
          const runs = backend.workspace.runs.list();
          if (o.list) {
            printResult(
              g,
              runs.map((r) => ({
                id: r.id,
                mode: r.mode,
                status: runStatus(r, backend.workspace.leases.holder('run', r.id)),
                createdAt: r.createdAt,
              })),
              (rs) =>
                rs.length
                  ? table(
                      rs.map((r) => [r.id, r.mode, r.status, r.createdAt]),
                      ['run', 'mode', 'status', 'created'],
                    )
                  : 'No runs yet.',
            );
            return;
          }
          const runId = runArg ?? runs[0]?.id;
          if (!runId) throw new CliError('no runs in this workspace yet; start one with elderbench run');
          if ((o.format as string) === 'html') return await htmlReportCommand(g, backend.workspace, runId, o.out);
          let report;
          try {
            report = buildRunReport(backend.workspace, runId, { excludeUnresolved: o.excludeUnresolved === true });
          } catch (e) {
            throw new CliError(errorMessage(e));
          }
          if (g.json || o.format === 'json') {
            process.stdout.write(
              `${JSON.stringify(
                {
                  runId: report.runId,
                  status: report.status,
                  excludeUnresolved: report.excludeUnresolved,
                  unresolvedWarning: report.unresolvedWarning,
                  invalidTasks: report.invalidTasks,
                  cost: report.cost,
                  judgeWarnings: report.judgeWarnings,
                  results: report.results,
                  tables: report.tables,
                },
                null,
                2,
              )}\n`,
            );
            return;
          }
          if (report.unresolvedWarning) info(report.unresolvedWarning);
          for (const w of report.judgeWarnings) info(w);
          writeData(report.tables.map((t) => tableText(t, o.format)).join('\n'));
        } finally {
          backend.close();
        }
      },
    );
}
