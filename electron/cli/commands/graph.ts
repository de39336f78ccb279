import type { Command } from 'commander';
import { Option } from 'commander';
import type { GraphSummary } from '../../../shared/domain/graph.js';
import { buildAndStore, summarize } from '../../services/graphs/graph-builder.js';
import { trustOf } from '../../services/graphs/graph-trust.js';
import { exportGraph, importGraph } from '../../services/graphs/graph-transfer.js';
import { describeAction } from '../../../shared/domain/describe-action.js';
import { openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult, table } from '../output.js';
import { registerGraphExplore } from './graph-explore.js';
import { registerGraphTryPaths } from './graph-try-paths.js';
import { registerGraphProbe } from './graph-probe.js';
import { registerGraphLeaveOneOut } from './graph-loo.js';
import { registerGraphOffGraph } from './graph-offgraph.js';
import { probeTasks } from '../probe-runner.js';
import { startSamplePhones } from '../sample-phone.js';
import { formatLint, lintWorkspaceTasks } from '../../services/workspace/task-lint.js';
import type { TaskLintResult } from '../../services/workspace/task-lint.js';
import { errorMessage } from '../../../shared/error-message.js';

const pct = (v: number | null): string => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);

function summaryTable(list: GraphSummary[]): string {
  const probe = (s: GraphSummary): string =>
    s.trust.probe
      ? `${s.trust.probe.kind}: ${s.trust.probe.variants} variants, ${s.trust.probe.falseAccepts} FA, ${s.trust.probe.falseRejects} FR`
      : '—';
  return table(
    list.map((s) => [
      s.taskId,
      `v${s.version}`,
      String(s.demonstrations),
      String(s.nodes),
      String(s.edges),
      String(s.doneNodes),
      pct(s.selfConsistency),
      pct(s.leaveOneOut),
      s.flaggedNodes.join(' ') || '—',
      probe(s),
      s.trust.status,
    ]),
    ['task', 'version', 'demos', 'nodes', 'edges', 'DONE', 'self-consistency', 'leave-one-out', 'flagged', 'probe', 'standing'],
  );
}

export function registerGraph(program: Command, globals: () => GlobalOptions): void {
  const graph = program.command('graph').description('build, inspect, export and import task graphs');

  graph
    .command('build')
    .description("merge a task's finished demonstrations into a new graph version, validate it and probe it")
    .option('--task <id>', 'one task')
    .option(
      '--all',
      'every task that has finished demonstrations (offline tasks are scored on their graphs; online tasks use theirs for --judge state)',
    )
    .addOption(
      new Option(
        '--probe <where>',
        'probe each new version: on a virtual phone of its own (tasks whose app it lacks get the structural probe), structurally only, or not at all',
      )
        .choices(['virtual', 'structural', 'none'])
        .default('virtual'),
    )
    .addOption(
      new Option(
        '--lint <where>',
        "lint each task's checks against its demonstrations (docs/tasks.md): on a virtual phone of its own, without a phone (the static rules), or not at all",
      )
        .choices(['virtual', 'static', 'none'])
        .default('virtual'),
    )
    .action(async (o: { task?: string; all?: boolean; probe: 'virtual' | 'structural' | 'none'; lint: 'virtual' | 'static' | 'none' }) => {
      const g = globals();
      if (!o.task === !o.all) throw new CliError('give --task ID or --all', 2);
      const backend = openBackend(g, { writes: 'building a graph stores it in the workspace' });
      try {
        const ws = backend.workspace;
        const ids = o.task
          ? [o.task]
          : ws.tasks
              .list()
              .map((t) => t.id)
              .filter((id) => ws.demonstrations.listForTask(id).some((d) => d.status === 'finished'));
        const built: GraphSummary[] = [];
        for (const id of ids) {
          try {
            built.push(await buildAndStore(ws, id));
            if (!g.json) info(`built ${id}`);
          } catch (e) {
            throw new CliError(`${id}: ${errorMessage(e)}`);
          }
        }
        if (o.probe !== 'none' && built.length > 0) {
          await probeTasks(
            ws,
            built.map((b) => b.taskId),
            {
              settleMs: 0,
              device: o.probe === 'virtual' ? { kind: 'virtual' } : { kind: 'none' },
              onTask: (r) => {
                if (!g.json)
                  info(
                    `probed ${r.taskId}: ${r.variants} variants (${r.kind}), ${r.falseAccepts} false accepts, ${r.falseRejects} false rejects`,
                  );
              },
            },
          ).catch((e: Error) => {
            throw new CliError(e.message);
          });
        }
        // The task lint on the same demonstrations: checks that cannot pass by accident (docs/tasks.md).
        const lint = new Map<string, TaskLintResult['findings']>();
        if (o.lint !== 'none' && built.length > 0) {
          const phones = o.lint === 'virtual' ? await startSamplePhones(1) : null;
          try {
            const results = await lintWorkspaceTasks(
              ws,
              built.map((b) => b.taskId),
              { device: phones ? { host: '127.0.0.1', port: phones.port, serial: phones.serials[0]! } : null },
            );
            if (!g.json) for (const line of formatLint(results)) info(`lint: ${line}`);
            for (const r of results) lint.set(r.taskId, r.findings);
          } catch (e) {
            throw new CliError(`lint: ${errorMessage(e)}`);
          } finally {
            await phones?.close();
          }
        }
        // The summaries again, now with each version's probe standing.
        const out = built.map((b) => ({
          ...b,
          trust: trustOf(ws, b.graphId, b.selfConsistency),
          ...(lint.has(b.taskId) ? { lint: lint.get(b.taskId)! } : {}),
        }));
        printResult(g, out, (l) => (l.length ? summaryTable(l) : 'No task has finished demonstrations yet.'));
        // A graph that is not valid fails the build; lint findings are reported (`tasks lint` is the gate for task files).
        if (out.some((s) => s.trust.status === 'not valid')) process.exitCode = 1;
      } finally {
        backend.close();
      }
    });

  registerGraphProbe(graph, globals);
  registerGraphLeaveOneOut(graph, globals);
  registerGraphOffGraph(graph, globals);
  registerGraphExplore(graph, globals);
  registerGraphTryPaths(graph, globals);

  graph
    .command('show')
    .description("a task's latest graph: nodes, edges and validation")
    .argument('<task>')
    .action((taskId: string) => {
      const g = globals();
      const backend = openBackend(g);
      try {
        const row = backend.workspace.graphs.latest(taskId);
        if (!row) throw new CliError(`task ${taskId} has no graph; build one with: elderbench graph build --task ${taskId}`);
        const body = row.body;
        const v = row.validation;
        const demos = new Set(body.nodes.flatMap((n) => n.members.map((m) => m.demonstrationId))).size;
        const summary = summarize(
          row.id,
          row.version,
          row.createdAt,
          body,
          v,
          demos,
          trustOf(backend.workspace, row.id, v.selfConsistency),
        );
        printResult(g, { summary, graph: body, validation: v }, () =>
          [
            summaryTable([summary]),
            '',
            table(
              body.nodes.map((n) => [
                n.id + (n.id === body.startNode ? ' (start)' : ''),
                n.done ? 'DONE' : '',
                n.signature.activity,
                String(n.members.length),
                n.flag ?? '',
              ]),
              ['node', '', 'activity', 'members', 'flag'],
            ),
            '',
            table(
              body.edges.map((e) => [
                e.id,
                `${e.from} → ${e.to}`,
                describeAction(e.action, e.target?.text),
                (e.target?.text ?? '').slice(0, 30),
                e.demonstrations.join(','),
              ]),
              ['edge', 'from → to', 'action', 'target', 'demos'],
            ),
          ].join('\n'),
        );
      } finally {
        backend.close();
      }
    });

  graph
    .command('export')
    .description('write a portable file with the graph, its task and its screenshots')
    .argument('<task>')
    .requiredOption('--out <file>', 'file to write (e.g. task.ebgraph)')
    .option('--version <n>', 'graph version (default: latest)')
    .action(async (taskId: string, o: { out: string; version?: string }) => {
      const g = globals();
      const backend = openBackend(g);
      try {
        const r = await exportGraph(backend.workspace, taskId, o.out, o.version ? Number(o.version) : undefined).catch((e: Error) => {
          throw new CliError(e.message);
        });
        printResult(g, r, (x) => `Wrote ${x.file} (${x.blobs} blobs, ${(x.bytes / 1024).toFixed(0)} KiB)`);
      } finally {
        backend.close();
      }
    });

  graph
    .command('import')
    .description('import a graph file (checked for truncation and tampering first)')
    .argument('<file>')
    .action(async (file: string) => {
      const g = globals();
      const backend = openBackend(g, { writes: 'importing a graph writes it into the workspace' });
      try {
        const r = await importGraph(backend.workspace, file).catch((e: Error) => {
          throw new CliError(e.message);
        });
        printResult(
          g,
          r,
          (x) => `Imported the graph of ${x.taskId} as version ${x.version} (${x.blobs} blobs${x.taskCreated ? ', task added' : ''})`,
        );
      } finally {
        backend.close();
      }
    });
}
