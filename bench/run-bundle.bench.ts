import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WorkspaceStore } from '../electron/adapters/db/workspace-store.js';
import { storeSyntheticRun } from '../test/support/synthetic-run.js';
import type { BenchFigure } from './figure.js';

/**
 * `npm run bench run-bundle`: exporting a run of 250 tasks × 2 agents with a screenshot per step (issue 26: ≤ 60 s,
 * peak memory ≤ 500 MB). The run is made up (8 steps per result, each screen 100 KB of incompressible bytes, so gzip
 * gains nothing: the worst case), stored the way the executor stores one; the export runs in a process of its own so
 * its peak resident memory is its own.
 */

const TASKS = 250;
const STEPS = 8;
const IMAGE_BYTES = 100 * 1024;

async function syntheticRun(ws: string): Promise<string> {
  const store = WorkspaceStore.open(ws);
  const runId = 'run-bench-bundle';
  try {
    await storeSyntheticRun(store, { runId, tasks: TASKS, steps: STEPS, image: () => randomBytes(IMAGE_BYTES), mediaType: 'image/webp' });
    return runId;
  } finally {
    store.close();
  }
}

export default async function run(): Promise<BenchFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'eb-bench-bundle-'));
  try {
    const ws = join(dir, 'ws');
    const runId = await syntheticRun(ws);
    const out = join(dir, 'run.tar.gz');
    const child = fileURLToPath(new URL('./run-bundle-export-child.ts', import.meta.url));
    const r = spawnSync(process.execPath, ['--import', 'tsx', child, ws, runId, out], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`the export failed: ${r.stderr.slice(-2000)}`);
    const m = JSON.parse(r.stdout.trim().split('\n').pop()!) as {
      seconds: number;
      cpuSeconds: number;
      peakMb: number;
      images: number;
      results: number;
    };
    const note = `${m.results} results, ${m.images} screens of ${IMAGE_BYTES / 1024} KB, bundle ${(statSync(out).size / 1024 / 1024).toFixed(0)} MiB`;
    return [
      { name: 'export 250 tasks × 2 agents, wall time', value: m.seconds, unit: 's', target: '≤ 60 s', note },
      {
        name: 'export 250 tasks × 2 agents, CPU time',
        value: m.cpuSeconds,
        unit: 's',
        note: 'user + system of the exporting process: the wall time less the wait for a loaded machine',
      },
      { name: 'export 250 tasks × 2 agents, peak memory (RSS)', value: m.peakMb, unit: 'MB', target: '≤ 500 MB' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
