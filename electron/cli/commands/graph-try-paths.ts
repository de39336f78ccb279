import type { Command } from 'commander';
import type { TryPathsSummary } from '../../../shared/domain/path-trial.js';
import { PathSetFileError, readPathSetFile } from '../../services/graphs/path-set-file.js';
import { tryPaths } from '../../services/graphs/try-paths.js';
import { leaseOrFail, openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult, table, truncate } from '../output.js';

const VERDICT: Record<string, string> = {
  agree: 'agrees',
  'false-accept': 'FALSE ACCEPT',
  'false-reject': 'false reject',
  unplayable: 'not played',
};

function human(s: TryPathsSummary): string {
  const rows = s.results.map((r) => [
    String(r.index),
    r.taskId,
    truncate(r.name, 48),
    r.expect ?? '—',
    r.phone === null ? '—' : r.phone.pass ? 'right' : 'wrong',
    r.offline === null ? '—' : r.offline.accepted ? 'accepted' : 'refused',
    VERDICT[r.verdict] ?? r.verdict,
    truncate(
      r.note ??
        [...r.sideEffects.map((e) => `side effect: ${e}`), r.verdict === 'agree' ? '' : (r.offline?.reason ?? '')]
          .filter(Boolean)
          .join('; '),
      70,
    ),
  ]);
  const lines = [table(rows, ['#', 'task', 'path', 'expected', 'phone', 'offline', 'verdict', 'why'])];
  lines.push(
    '',
    `${s.paths} paths from ${s.file} in ${s.seconds.toFixed(0)} s: ${s.right} right and ${s.wrong} wrong on the phone, ${s.unplayable} not played`,
    `false accepts: ${s.falseAccepts} of ${s.wrong} wrong paths; false rejects: ${s.falseRejects} of ${s.right} right paths`,
  );
  if (s.sideEffectPaths > 0)
    lines.push(
      `${s.sideEffectPaths} path(s) changed something unasked (a side effect, as an online run's watch reports it); ${s.falseRejectsWithSideEffects} of the false rejects are such careless paths the task's checks pass`,
    );
  if (s.falseRejectsUnshown > 0)
    lines.push(
      `${s.falseRejectsUnshown} of the false rejects without a side effect acted where the offline run showed nothing recorded (a page no demonstration recorded, a list scrolled past its recorded screen): an agent offline is shown "not recorded" there`,
    );
  const refusedRight = s.falseRejects - s.falseRejectsWithSideEffects;
  if (refusedRight > 0)
    lines.push(
      `to grow the graphs where these ${refusedRight} right path(s) went: elderbench graph accept-routes <this command's --json output> --device SERIAL --allow-side-effects (each is played again on that phone and recorded only where the task's checks pass)`,
    );
  if (s.phoneDisagrees > 0)
    lines.push(
      `${s.phoneDisagrees} path(s) where the phone's checks disagree with what was expected: either the checks miss something (a side effect they do not read) or the expectation was wrong — look at each`,
    );
  return lines.join('\n');
}

/**
 * `graph try-paths FILE`: a path set written by hand (a held-out set, kept apart from the graphs it measures), each
 * path played on a virtual phone from its task's setup for the truth and walked offline as a `vlm` agent's replies.
 */
export function registerGraphTryPaths(graph: Command, globals: () => GlobalOptions): void {
  graph
    .command('try-paths <file>')
    .description('play a path set written by hand on a phone (the truth) and walk each path offline: false accepts and false rejects')
    .option('--phones <n>', 'virtual phones playing side by side', '1')
    .option('--device <serial>', 'play on this device instead (needs --allow-side-effects: the paths send, pay, delete)')
    .option('--allow-side-effects', 'allow playing on the named device')
    .action(async (file: string, o: { phones: string; device?: string; allowSideEffects?: boolean }) => {
      const g = globals();
      if (o.device && !o.allowSideEffects)
        throw new CliError(
          `--device ${o.device}: the paths do what they say on that phone (send, pay, delete); add --allow-side-effects if it is a test phone`,
          2,
        );
      const phones = Number(o.phones);
      if (!Number.isInteger(phones) || phones < 1) throw new CliError('--phones: a whole number ≥ 1', 2);
      const cases = await readPathSetFile(file).catch((e: unknown) => {
        if (e instanceof PathSetFileError) throw new CliError(e.message, 1, e.details);
        throw e;
      });
      const backend = openBackend(g);
      try {
        if (o.device) leaseOrFail(backend, o.device, 'elderbench graph try-paths');
        const summary = await tryPaths(backend.workspace, file, cases, {
          phones: o.device ? { kind: 'named', device: backend.devices.device(o.device) } : { kind: 'virtual', count: phones },
          onPath: (r) => {
            if (!g.json) info(`path ${r.index} (${r.taskId}): ${VERDICT[r.verdict]}${r.note ? ` — ${r.note}` : ''}`);
          },
        }).catch((e: Error) => {
          throw new CliError(e.message);
        });
        printResult(g, summary, human);
        if (summary.falseAccepts > 0 || summary.unplayable > 0) process.exitCode = 1;
      } finally {
        backend.close();
      }
    });
}
