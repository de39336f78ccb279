import type { Command } from 'commander';
import type { LeaveOneOutReport } from '../../../shared/domain/graph.js';
import { leaveOneOutReport } from '../../services/graphs/graph-loo.js';
import { openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, printResult, table, truncate } from '../output.js';

function human(r: LeaveOneOutReport): string {
  const lines = [
    table(
      r.tasks.map((t) => [
        t.taskId,
        String(t.demonstrations),
        String(t.accepted),
        String(t.rejections.filter((x) => x.rejection.kind === 'other-route').length),
        String(t.rejections.filter((x) => x.rejection.kind === 'same-route').length),
      ]),
      ['task', 'demos', 'accepted', 'other route', 'same route judged differently'],
    ),
    '',
    `${r.demonstrations} demonstrations of tasks with two or more: ${r.accepted} accepted by a graph of the others, ` +
      `${r.otherRoute} rejected on a route the others never took, ${r.sameRoute} on the same route judged differently`,
  ];
  for (const t of r.tasks)
    for (const x of t.rejections)
      lines.push(`  ${t.taskId} demonstration ${x.demonstrationId} (${x.rejection.kind}): ${truncate(x.rejection.why, 160)}`);
  return lines.join('\n');
}

/** `graph leave-one-out`: each demonstration walked on a graph built from the others, each rejection classified. */
export function registerGraphLeaveOneOut(graph: Command, globals: () => GlobalOptions): void {
  graph
    .command('leave-one-out')
    .alias('loo')
    .description('walk each demonstration on a graph built from the other demonstrations; classify each rejection')
    .option('--task <id>', 'one task')
    .option('--all', 'every task with a graph and two or more demonstrations')
    .action(async (o: { task?: string; all?: boolean }) => {
      const g = globals();
      if (!o.task === !o.all) throw new CliError('give --task ID or --all', 2);
      const backend = openBackend(g);
      try {
        const ids = o.task ? [o.task] : backend.workspace.tasks.list().map((t) => t.id);
        if (o.task && !backend.workspace.graphs.latest(o.task))
          throw new CliError(`task ${o.task} has no graph; build one with: elderbench graph build --task ${o.task}`);
        const report = await leaveOneOutReport(backend.workspace, ids);
        printResult(g, report, human);
        if (report.sameRoute > 0) process.exitCode = 1;
      } finally {
        backend.close();
      }
    });
}
