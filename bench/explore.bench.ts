import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExploreSummary } from '../shared/domain/graph-explore.js';
import type { BenchFigure } from './figure.js';

/**
 * The published figure for offline verdicts: a fresh `elderbench demo` workspace (graphs built from the
 * human demonstrations alone), then `elderbench graph explore --all --json` — every task's app explored on
 * a virtual phone, right and near-miss paths walked offline as `vlm` replies. Prints the verdict figures and
 * the time exploring took. `ELDERBENCH_BENCH_WORKSPACE=DIR` starts from a copy of an existing demo workspace
 * (building one takes minutes on a loaded machine).
 */
const BIN = fileURLToPath(new URL('../bin/elderbench.js', import.meta.url));

function cli(args: string[]): { out: string; seconds: number } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`elderbench ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-500)}`);
  return { out: r.stdout, seconds: (performance.now() - t0) / 1000 };
}

export default async function bench(): Promise<BenchFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'eb-bench-explore-'));
  const ws = join(dir, 'ws');
  try {
    const given = process.env['ELDERBENCH_BENCH_WORKSPACE'];
    let demoSeconds: number | null = null;
    if (given) cpSync(given, ws, { recursive: true });
    else demoSeconds = cli(['--json', '--workspace', ws, 'demo', '--agents', 'none']).seconds;
    const run = cli(['--json', '--workspace', ws, 'graph', 'explore', '--all']);
    const s = JSON.parse(run.out) as ExploreSummary;
    const sameRoute = s.sameRouteFalseRejects;
    return [
      {
        name: 'explore: tasks measured',
        value: s.tasks.length - s.unexplorable.length,
        unit: 'tasks',
        note: `${s.unexplorable.length} not measured`,
      },
      { name: 'explore: explored paths', value: s.paths, unit: 'paths', target: '≥ 2000', note: `${s.right} right, ${s.wrong} wrong` },
      {
        name: 'explore: false accepts',
        value: 100 * s.falseAcceptRate,
        unit: '% of wrong',
        target: '≤ 0.5',
        note: `${s.falseAccepts} of ${s.wrong}`,
      },
      {
        name: 'explore: false rejects (≤ longest demo + 2)',
        value: 100 * s.falseRejectRate,
        unit: '% of right',
        target: '≤ 20',
        note: `${s.falseRejectsWithinBound} of ${s.rightWithinBound}`,
      },
      {
        name: 'explore: false rejects, same route as a demo',
        value: sameRoute,
        unit: 'paths',
        target: '0',
        note: `order, detours, wording; ${s.sameRouteUnshown} refused where the run showed nothing recorded`,
      },
      {
        name: 'explore: paths replayed, ended elsewhere',
        value: s.verifyMismatches,
        unit: 'paths',
        target: '0',
        note: `of ${s.verified} replayed`,
      },
      { name: 'explore: time, all tasks', value: run.seconds, unit: 's', target: '≤ 600', note: `${s.transitions} actions on the phone` },
      ...(demoSeconds === null ? [] : [{ name: 'explore: building the demo workspace', value: demoSeconds, unit: 's' }]),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
