import type { Command } from 'commander';
import type { ProbeSummary } from '../../../shared/domain/graph.js';
import { summarizeProbe } from '../../core/graph/probe/verdicts.js';
import { leaseOrFail, openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult, table, truncate } from '../output.js';
import { probeTasks } from '../probe-runner.js';

function human(s: ProbeSummary): string {
  const rows = s.tasks.map((t) => [
    t.taskId,
    `v${t.graphVersion}`,
    t.kind,
    String(t.variants),
    String(t.falseAccepts),
    String(t.falseRejects),
    String(t.unplayable),
    String(t.suspected),
  ]);
  const lines = [table(rows, ['task', 'graph', 'probe', 'variants', 'false accepts', 'false rejects', 'unplayable', 'suspected'])];
  lines.push(
    '',
    `${s.variants} variants: ${s.falseAccepts} false accepts, ${s.falseRejects} false rejects, ${s.unplayable} unplayable, ${s.suspected} suspected (structural)`,
  );
  for (const t of s.tasks) {
    for (const d of t.disagreements) {
      lines.push(
        `  ${t.taskId} ${d.verdict}: ${d.description}`,
        `    offline: ${d.offline.accepted ? 'accepted' : 'rejected'} (${truncate(d.offline.reason, 120)})${d.device ? `; phone: ${d.device.pass === null ? 'not played' : d.device.pass ? 'checks pass' : 'checks fail'} (${truncate(d.device.reason, 120)})` : ''}`,
      );
    }
  }
  return lines.join('\n');
}

/**
 * `graph probe`: does each task graph reject wrong paths and accept right ones? Variants of the
 * demonstrations are played on a phone (the task's checks are the ground truth) and walked on the graph.
 * Without --device, a virtual phone of its own plays the tasks whose app it has; the rest get the
 * device-free structural probe. A real device is used only when named with --allow-side-effects:
 * wrong variants send messages, pay and delete for real.
 */
export function registerGraphProbe(graph: Command, globals: () => GlobalOptions): void {
  graph
    .command('probe')
    .description('check graphs against generated right and wrong variants of their demonstrations, played on a phone')
    .option('--task <id>', 'one task')
    .option('--all', 'every task that has a graph')
    .option('--device <serial>', 'play on this device instead of a virtual phone of its own (needs --allow-side-effects)')
    .option('--allow-side-effects', 'allow wrong variants on the named device (they may send, pay or delete)')
    .option('--structural', 'only the device-free structural probe')
    .option('--settle-ms <ms>', 'wait after each action (real phones animate)', '0')
    .action(
      async (o: { task?: string; all?: boolean; device?: string; allowSideEffects?: boolean; structural?: boolean; settleMs: string }) => {
        const g = globals();
        if (!o.task === !o.all) throw new CliError('give --task ID or --all', 2);
        if (o.device && !o.allowSideEffects) {
          throw new CliError(
            `--device ${o.device}: wrong variants may send messages, pay or delete on that phone; add --allow-side-effects if it is a test phone`,
            2,
          );
        }
        const settleMs = Number(o.settleMs);
        if (!Number.isInteger(settleMs) || settleMs < 0) throw new CliError('--settle-ms: a whole number of milliseconds', 2);
        const backend = openBackend(g, { writes: 'probing stores its findings in the workspace' });
        try {
          const ws = backend.workspace;
          const ids = o.task
            ? [o.task]
            : ws.tasks
                .list()
                .map((t) => t.id)
                .filter((id) => ws.graphs.latest(id));
          if (ids.length === 0) throw new CliError('no task has a graph yet; build them with: elderbench graph build --all');
          // A named phone is held for the probe (released when the backend closes): no run or recording drives it meanwhile.
          if (o.device && !o.structural) leaseOrFail(backend, o.device, 'elderbench graph probe');
          const results = await probeTasks(ws, ids, {
            settleMs,
            device: o.structural
              ? { kind: 'none' }
              : o.device
                ? { kind: 'named', device: backend.devices.device(o.device) }
                : { kind: 'virtual' },
            onTask: (r) => {
              if (!g.json)
                info(
                  `probed ${r.taskId}: ${r.variants} variants (${r.kind}), ${r.falseAccepts} false accepts, ${r.falseRejects} false rejects, ${r.unplayable} unplayable`,
                );
            },
          }).catch((e: Error) => {
            throw new CliError(e.message);
          });
          const summary = summarizeProbe(results);
          printResult(g, summary, human);
          if (summary.falseAccepts + summary.falseRejects > 0) process.exitCode = 1;
        } finally {
          backend.close();
        }
      },
    );
}
