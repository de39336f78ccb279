import type { Command } from 'commander';
import type { RescoreSummary } from '../../../shared/domain/off-graph.js';
import { rescoreRun } from '../../services/runs/run-rescore.js';
import { openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult, table } from '../output.js';

const verdict = (v: { success: boolean; exit: string }): string => (v.success ? 'success' : v.exit);

function human(s: RescoreSummary): string {
  const lines: string[] = [];
  if (s.rescored.length === 0) lines.push(`Run ${s.runId}: no offline result has a newer graph version to be re-scored on.`);
  else
    lines.push(
      table(
        s.rescored.map((r) => [
          r.taskId,
          r.agent,
          `v${r.fromVersion ?? '?'} → v${r.toVersion}`,
          verdict(r.before),
          verdict(r.after),
          r.before.success !== r.after.success ? 'flipped' : '',
          r.how,
          String(r.modelCalls),
        ]),
        ['task', 'agent', 'graph', 'before', 'after', '', 'how', 'model calls'],
      ),
    );
  lines.push('', `${s.rescored.length} re-scored, ${s.flipped} flipped, ${s.unchanged} on the newest version already (untouched).`);
  for (const k of s.skipped) lines.push(`  skipped ${k.taskId} ${k.agent}: ${k.reason}`);
  lines.push(`The report says which graph version scored each result: elderbench report ${s.runId}`);
  return lines.join('\n');
}

/**
 * `run rescore RUN`: the run's offline results whose task's graph grew since (a branch recorded, an action
 * marked wrong) are walked again on the newest version, the old verdict kept as history. Stored model
 * replies are reused while the agent sees what it saw; the model is called only where it goes on.
 */
export function registerRunRescore(run: Command, globals: () => GlobalOptions): void {
  run
    .command('rescore')
    .description("re-score a run's offline results on the newest version of each task's graph (the old verdicts stay as history)")
    .argument('<run>', 'run id (elderbench report --list)')
    .option('--task <ids>', 'only these tasks, comma-separated')
    .action(async (runId: string, o: { task?: string }) => {
      const g = globals();
      const backend = openBackend(g);
      try {
        const taskIds = o.task
          ?.split(',')
          .map((x) => x.trim())
          .filter(Boolean);
        const s = await rescoreRun(
          { store: () => backend.workspace, devices: backend.devices, log: info },
          runId,
          taskIds ? { taskIds } : {},
        ).catch((e: Error) => {
          throw new CliError(e.message);
        });
        printResult(g, s, human);
        // Unresolved and invalid results are expected to stay; an error kept an old verdict that should have moved.
        if (s.skipped.some((k) => k.kind === 'error')) process.exitCode = 1;
      } finally {
        backend.close();
      }
    });
}
