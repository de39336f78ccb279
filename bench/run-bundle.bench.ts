import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WorkspaceStore } from '../electron/adapters/db/workspace-store.js';
import { writeTransaction } from '../electron/adapters/db/connection.js';
import { TaskSchema } from '../shared/schemas/task.js';
import { validTask } from '../test/support/fixtures.js';
import { testManifest } from '../test/support/run-manifest.js';
import type { BenchFigure } from './figure.js';

/**
 * `npm run bench run-bundle`: exporting a run of 250 tasks × 2 agents with a screenshot per step (issue 26: ≤ 60 s,
 * peak memory ≤ 500 MB). The run is made up (8 steps per result, each screen 100 KB of incompressible bytes, so gzip
 * gains nothing: the worst case), stored the way the executor stores one; the export runs in a process of its own so
 * its peak resident memory is its own.
 */

const TASKS = 250;
const AGENTS = ['model-agent', 'replay'];
const STEPS = 8;
const IMAGE_BYTES = 100 * 1024;
const PROMPT = `You operate an Android phone for an older adult. ${'Read the screen and answer with one action. '.repeat(60)}`;

async function syntheticRun(ws: string): Promise<string> {
  const store = WorkspaceStore.open(ws);
  const runId = 'run-bench-bundle';
  try {
    const tasks = Array.from({ length: TASKS }, (_, i) =>
      TaskSchema.parse(validTask({ id: `bench-task-${String(i).padStart(3, '0')}`, mode: 'offline' })),
    );
    store.tasks.importSet({ name: 'bench', sourceFile: 'bench', sourceHash: 'bench' }, tasks, false);
    store.runs.create(
      runId,
      'offline',
      testManifest(
        { agents: AGENTS, taskIds: tasks.map((t) => t.id) },
        {
          agents: {
            'model-agent': {
              name: 'model-agent',
              model: 'model-a',
              keySource: 'env:BENCH_KEY',
              promptTemplate: PROMPT,
              promptSha256: 'a'.repeat(64),
            } as never,
          },
          taskSetHash: 'b'.repeat(64),
        },
      ),
    );
    for (const t of tasks) {
      for (const agent of AGENTS) {
        const key = { runId, taskId: t.id, agent, mode: 'offline' as const };
        const blobs: string[] = [];
        for (let i = 0; i < STEPS; i++) blobs.push((await store.putBlob(randomBytes(IMAGE_BYTES), 'image/webp')).id);
        writeTransaction(store.db, () => {
          for (let i = 0; i < STEPS; i++)
            store.runs.addStep({
              ...key,
              idx: i,
              observationBlob: blobs[i]!,
              rawOutput: `Thought: step ${i}.\n{"action": "tap", "point": [500, 500]}`,
              action: { type: 'Tap', at: { x: 500, y: 500 } },
              details: {
                node: `n${i}`,
                request: {
                  messages: [
                    { role: 'system', text: PROMPT, images: [] },
                    { role: 'user', text: `${t.instruction} (step ${i})`, images: [Math.max(0, i - 1), i] },
                  ],
                },
              },
              timings: { reasoning_ms: 1800, parsing_ms: 1, device_ms: 0 },
              usage: { prompt_tokens: 1200, completion_tokens: 80, total_tokens: 1280 },
            });
          store.runs.putResult({
            ...key,
            success: true,
            exitCategory: 'finished',
            details: {
              steps: STEPS,
              stats: { stepMs: Array(STEPS).fill(1800), tokens: 10240, promptTokens: 9600, completionTokens: 640, images: 16 },
            },
          });
        });
      }
    }
    store.runs.setStatus(runId, 'finished');
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
