import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { OffGraphReport } from '../../../shared/domain/off-graph.js';
import { ProposedRoutesFileSchema } from '../../../shared/schemas/proposed-route.js';
import { errorMessage } from '../../../shared/error-message.js';
import { markWrong, startBranch } from '../../services/growth/branch-recorder.js';
import { acceptRoutes, continueWithScript, growFromDemonstration } from '../../services/growth/graph-growth.js';
import { offGraphReport } from '../../services/growth/off-graph-listing.js';
import { openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult, table, truncate } from '../output.js';
import { readScript } from './record.js';

function decisionText(g: OffGraphReport['tasks'][number]['nodes'][number]['groups'][number]): string {
  const d = g.decision;
  if (!d) return 'open';
  if (d.kind === 'wrong') return `known wrong${d.inGraphVersion ? ` (v${d.inGraphVersion})` : ''}`;
  if (d.inGraphVersion) return `branch in v${d.inGraphVersion} (demo ${d.demonstrationId})`;
  return `branch ${d.demonstrationStatus ?? ''} (demo ${d.demonstrationId})`;
}

function human(r: OffGraphReport): string {
  if (r.total === 0) return `Run ${r.runId}: no offline action left the graph.`;
  const rows = r.tasks.flatMap((t) =>
    t.nodes.flatMap((n) =>
      n.groups.map((g) => [
        t.taskId,
        n.node,
        truncate(g.description, 36),
        String(g.occurrences.length),
        truncate(g.agents.join(','), 30),
        g.occurrences.map((o) => `${o.agent}#${o.step}`).join(' '),
        decisionText(g),
      ]),
    ),
  );
  return [
    table(rows, ['task', 'node', 'what the agent did', 'times', 'agents', 'steps (agent#step)', 'decision']),
    '',
    `${r.total} off-graph actions in run ${r.runId}, ${r.decided} settled (a branch in a graph, or known wrong).`,
    `Record a branch: elderbench graph branch ${r.runId} --task T --agent A --step N --device SERIAL --allow-side-effects --script FILE`,
    `Mark one wrong:  elderbench graph branch ${r.runId} --task T --agent A --step N --wrong [--note TEXT]`,
  ].join('\n');
}

/**
 * Graphs that grow where agents go: `graph offgraph` lists a run's off-graph actions; `graph branch`
 * replays the demonstration's way to where the agent left the graph, applies its action and records on
 * from there with a script (a new branch), or marks the action wrong; `graph accept-routes` records
 * routes an explorer proposed, in bulk. Each makes a new graph version; `run rescore` then re-scores.
 */
export function registerGraphOffGraph(graph: Command, globals: () => GlobalOptions): void {
  graph
    .command('offgraph')
    .description("a run's off-graph actions by task and node, grouped by what the agent did, with what an annotator decided")
    .argument('<run>', 'run id (elderbench report --list)')
    .option('--task <id>', 'only this task')
    .action(async (runId: string, o: { task?: string }) => {
      const g = globals();
      const backend = openBackend(g);
      try {
        const r = await offGraphReport(backend.workspace, runId, o.task ? { taskId: o.task } : {}).catch((e: Error) => {
          throw new CliError(e.message);
        });
        printResult(g, r, human);
      } finally {
        backend.close();
      }
    });

  graph
    .command('branch')
    .description(
      "for one off-graph action: replay the demonstration's way there on a phone, apply the action and record on (--script), or mark it wrong (--wrong)",
    )
    .argument('<run>', 'run id')
    .requiredOption('--task <id>', 'the task')
    .requiredOption('--agent <name>', 'the agent')
    .requiredOption('--step <n>', 'the run step that left the graph (graph offgraph lists them)')
    .option('--device <serial>', 'the phone to replay on (with --script)')
    .option('--allow-side-effects', "the agent's action is played for real on the device: confirm it is a test phone")
    .option(
      '--script <file>',
      'what to record from the screen the action led to: canonical actions or {"type":"Tap","on":"label"}, ending with Finish',
    )
    .option('--wrong', 'mark the action wrong at its node (no device needed)')
    .option('--note <text>', 'with --wrong: why', '')
    .action(
      async (
        runId: string,
        o: {
          task: string;
          agent: string;
          step: string;
          device?: string;
          allowSideEffects?: boolean;
          script?: string;
          wrong?: boolean;
          note: string;
        },
      ) => {
        const g = globals();
        if (!o.wrong === !o.script) throw new CliError('give --script FILE (record a branch) or --wrong (mark the action wrong)', 2);
        const step = Number(o.step);
        if (!Number.isInteger(step) || step < 0) throw new CliError(`--step ${o.step}: not a step index`, 2);
        const ref = { runId, taskId: o.task, agent: o.agent, step };
        if (o.script && !o.device) throw new CliError('--script needs --device SERIAL to replay on', 2);
        if (o.script && !o.allowSideEffects)
          throw new CliError(
            `--device ${o.device}: the agent's action is played for real (it may send, pay or delete); add --allow-side-effects if it is a test phone`,
            2,
          );
        const script = o.script ? await readScript(o.script) : null;
        const backend = openBackend(g);
        try {
          if (!script) {
            const r = await markWrong(backend.workspace, backend.recordings, ref, o.note).catch((e: Error) => {
              throw new CliError(e.message);
            });
            printResult(
              g,
              {
                kind: 'wrong',
                decision: r.decision.id,
                taskId: o.task,
                version: r.summary.version,
                trust: r.summary.trust.status,
                attached: r.attached,
              },
              (x) =>
                `Marked step ${step} of ${o.agent} on ${o.task} wrong: graph version ${x.version} (${x.trust})${x.attached ? '' : '; its node is not in the latest version, so the mark waits for a rebuild that has it'}`,
            );
            return;
          }
          const started = await startBranch(backend.workspace, backend.recordings, ref, o.device!).catch((e: Error) => {
            throw new CliError(e.message);
          });
          info(`replayed ${started.replayed} demonstration step(s) and the agent's action on ${o.device}: ${started.arrived.reason}`);
          const demo = await continueWithScript(
            backend.recordings,
            started.demonstration.id,
            backend.devices.device(o.device!),
            script,
          ).catch((e: Error) => {
            throw new CliError(e.message);
          });
          const growth = await growFromDemonstration(backend.workspace, demo.id, backend.devices.device(o.device!)).catch((e: Error) => {
            throw new CliError(`demonstration ${demo.id} is recorded but the graph could not be rebuilt with it: ${errorMessage(e)}`);
          });
          if (growth && 'refused' in growth) throw new CliError(growth.refused);
          const grown = growth?.grown ?? null;
          printResult(
            g,
            {
              kind: 'branch',
              decision: started.decision.id,
              demonstrationId: demo.id,
              steps: demo.steps.length,
              arrived: started.arrived,
              taskId: o.task,
              version: grown?.version ?? null,
              trust: grown?.trust.status ?? null,
            },
            (x) =>
              `Recorded branch demonstration ${x.demonstrationId} (${x.steps} steps); the graph of ${o.task} is now version ${x.version} (${x.trust})`,
          );
        } finally {
          backend.close();
        }
      },
    );

  graph
    .command('accept-routes')
    .description(
      'record proposed routes (graph explore --json, or a list in that shape) as demonstrations, checked on the phone, and rebuild',
    )
    .argument('<file>', 'JSON: a list of routes, or {"routes": [...]}')
    .requiredOption('--device <serial>', 'the phone to play them on')
    .option('--allow-side-effects', 'routes are played for real on the device: confirm it is a test phone')
    .option('--task <id>', 'only the routes of this task')
    .action(async (file: string, o: { device: string; allowSideEffects?: boolean; task?: string }) => {
      const g = globals();
      if (!o.allowSideEffects)
        throw new CliError(`--device ${o.device}: routes are played for real there; add --allow-side-effects if it is a test phone`, 2);
      let raw: unknown;
      try {
        raw = JSON.parse(await readFile(file, 'utf8'));
      } catch (e) {
        throw new CliError(`${file}: ${(e as NodeJS.ErrnoException).code ?? errorMessage(e)}`);
      }
      const parsed = ProposedRoutesFileSchema.safeParse(raw);
      if (!parsed.success)
        throw new CliError(
          `${file}: not a list of proposed routes`,
          1,
          parsed.error.issues.slice(0, 10).map((i) => `${file}: ${i.path.join('.')}: ${i.message}`),
        );
      const routes = parsed.data.filter((r) => !o.task || r.taskId === o.task);
      const backend = openBackend(g);
      try {
        const r = await acceptRoutes(backend.workspace, backend.recordings, o.device, backend.devices.device(o.device), routes).catch(
          (e: Error) => {
            throw new CliError(e.message);
          },
        );
        printResult(g, r, (x) =>
          [
            `Recorded ${x.recorded.length} of ${routes.length} routes as demonstrations.`,
            ...x.versions.map((v) =>
              v.trust === 'not valid'
                ? `  ${v.taskId}: graph version ${v.version} (not valid: ${v.reason}; \`elderbench graph probe --task ${v.taskId}\` names it — accepting routes in bulk is only as safe as the merge)`
                : `  ${v.taskId}: graph version ${v.version} (${v.trust})`,
            ),
            ...x.refused.map((f) => `  refused ${f.routeId} (${f.taskId}): ${f.reason}`),
          ].join('\n'),
        );
        if (nothingRecorded(r)) process.exitCode = 1;
      } finally {
        backend.close();
      }
    });
}

const nothingRecorded = (r: { recorded: unknown[]; refused: unknown[] }): boolean => r.recorded.length === 0 && r.refused.length > 0;
