import type { Command } from 'commander';
import type { ExploreSummary } from '../../../shared/domain/graph-explore.js';
import { exploreTasks } from '../../services/graphs/explore/explore-runner.js';
import { leaseOrFail, openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult, table, truncate } from '../output.js';

const pct = (n: number, of: number): string => (of === 0 ? '—' : `${((100 * n) / of).toFixed(1)}%`);

function human(s: ExploreSummary): string {
  const rows = s.tasks.map((t) => [
    t.taskId,
    t.graphVersion === null ? '—' : `v${t.graphVersion}`,
    String(t.states),
    String(t.transitions),
    String(t.right),
    String(t.wrong),
    String(t.falseAccepts),
    `${t.falseRejectsWithinBound}/${t.rightWithinBound}`,
    truncate(t.note || '', 60),
  ]);
  const lines = [table(rows, ['task', 'graph', 'states', 'actions', 'right', 'wrong', 'false accepts', 'false rejects (≤ bound)', 'note'])];
  lines.push(
    '',
    `${s.paths} explored paths (${s.right} right, ${s.wrong} near-miss wrong) on ${s.tasks.length} tasks in ${s.seconds.toFixed(0)} s`,
    `false accepts: ${s.falseAccepts} of ${s.wrong} wrong paths (${pct(s.falseAccepts, s.wrong)})`,
    `false rejects: ${s.falseRejectsWithinBound} of ${s.rightWithinBound} right paths within the longest demonstration + 2 steps (${pct(s.falseRejectsWithinBound, s.rightWithinBound)}); ${s.sameRouteFalseRejects} of them the same route as a demonstration (order, detours, wording), ${s.sameRouteUnshown} of those refused where the run showed nothing recorded (a page no demonstration recorded, a list past its recorded screen); ${(100 * s.falseRejectRateWithoutSideEffects).toFixed(1)}% of the right paths that changed nothing a demonstration did not`,
    `ground truth: ${s.states} true states, ${s.transitions} actions on the phone; ${s.verified} paths played again from the setup, ${s.verifyMismatches} ended elsewhere than explored`,
    '',
    table(
      Object.entries(s.byKind).map(([k, c]) => [k, String(c.paths), String(c.falseAccepts), String(c.falseRejects)]),
      ['kind', 'paths', 'false accepts', 'false rejects'],
    ),
  );
  if (s.unshownPages.length > 0) {
    const top = s.unshownPages.slice(0, 8).map((u) => `  ${u.page}: ${u.refused} (${u.sameRoute} the same route) — ${u.tasks.join(', ')}`);
    const more = s.unshownPages.length > 8 ? [`  … and ${s.unshownPages.length - 8} more pages (--json lists them)`] : [];
    lines.push(
      '',
      'Right paths (no side effect) refused where the run could not show the page the phone was on, by that page (a demonstration that reaches it there lets them be judged):',
      ...top,
      ...more,
    );
  }
  if (s.unexplorable.length > 0) lines.push('', 'Not measured:', ...s.unexplorable.map((u) => `  ${u.taskId}: ${u.reason}`));
  for (const t of s.tasks) {
    for (const d of t.disagreements.filter((x) => x.verdict === 'false-accept')) {
      lines.push(`  ${t.taskId} false accept (${d.kind}): ${truncate(d.description, 160)}`, `    phone: ${truncate(d.phone.reason, 120)}`);
    }
  }
  const routes = s.tasks.reduce((a, t) => a + t.unknownRoutes.length, 0);
  if (routes > 0)
    lines.push('', `${routes} right routes the graphs do not know (--json lists them with their actions, for an annotator to record)`);
  return lines.join('\n');
}

/**
 * `graph explore`: ground truth by exploration. Each task's app is explored on a virtual phone of the
 * explorer's own from the task's setup; the task's checks say which paths are right; right paths and
 * near misses are walked offline as a `vlm` agent's replies. A real device is used only when named with
 * --allow-side-effects: exploring taps everything (it sends, pays, deletes).
 */
export function registerGraphExplore(graph: Command, globals: () => GlobalOptions): void {
  graph
    .command('explore [tasks]')
    .description("measure graphs against the phone: explore each task's app, sample right and near-miss paths, walk them offline")
    .option('--all', 'every task that has a graph')
    .option('--depth <n>', 'moves from the start to explore (default: the longest demonstration + 2)')
    .option('--budget <n>', 'actions played per task while searching', '140')
    .option('--phones <n>', 'virtual phones exploring side by side', '1')
    .option('--device <serial>', 'explore on this device instead (needs --allow-side-effects; it must report its true state)')
    .option('--allow-side-effects', 'allow exploring on the named device (it taps everything: sends, pays, deletes)')
    .action(
      async (
        taskArg: string | undefined,
        o: { all?: boolean; depth?: string; budget: string; phones: string; device?: string; allowSideEffects?: boolean },
      ) => {
        const g = globals();
        if (!taskArg === !o.all) throw new CliError('give a task id or --all', 2);
        if (o.device && !o.allowSideEffects) {
          throw new CliError(
            `--device ${o.device}: exploring taps everything on that phone (it sends, pays, deletes); add --allow-side-effects if it is a test phone`,
            2,
          );
        }
        const whole = (v: string | undefined, name: string, min: number): number | undefined => {
          if (v === undefined) return undefined;
          const n = Number(v);
          if (!Number.isInteger(n) || n < min) throw new CliError(`${name}: a whole number ≥ ${min}`, 2);
          return n;
        };
        const depth = whole(o.depth, '--depth', 1);
        const budget = whole(o.budget, '--budget', 0)!;
        const phones = whole(o.phones, '--phones', 1)!;
        const backend = openBackend(g);
        try {
          const ws = backend.workspace;
          const ids = taskArg
            ? taskArg.split(',').filter((id) => id !== '')
            : ws.tasks
                .list()
                .map((t) => t.id)
                .filter((id) => ws.graphs.latest(id));
          if (ids.length === 0) throw new CliError('no task has a graph yet; build them with: elderbench graph build --all');
          if (o.device) leaseOrFail(backend, o.device, 'elderbench graph explore');
          const summary = await exploreTasks(ws, ids, {
            ...(depth !== undefined ? { depth } : {}),
            budget,
            phones: o.device ? { kind: 'named', device: backend.devices.device(o.device) } : { kind: 'virtual', count: phones },
            onTask: (r) => {
              if (!g.json)
                info(
                  `explored ${r.taskId}: ${r.states} states, ${r.right} right and ${r.wrong} wrong paths, ${r.falseAccepts} false accepts, ${r.falseRejects} false rejects${r.explorable ? '' : ` (${r.note})`}`,
                );
            },
          }).catch((e: Error) => {
            throw new CliError(e.message);
          });
          printResult(g, summary, human);
        } finally {
          backend.close();
        }
      },
    );
}
