import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { WorkspaceStore } from '../electron/adapters/db/workspace-store.js';
import { TaskSchema } from '../shared/schemas/task.js';
import type { BenchFigure } from './figure.js';
import { median } from './figure.js';

/** Workspace store: open time, per-step commits (each its own transaction, as the recorder does), blob writes. */
export default async function run(): Promise<BenchFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'eb-bench-ws-'));
  try {
    const opens: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      WorkspaceStore.open(dir).close();
      opens.push(performance.now() - t0);
    }

    const ws = WorkspaceStore.open(dir);
    ws.tasks.importSet(
      { name: 'bench', sourceFile: '-', sourceHash: '-' },
      [
        TaskSchema.parse({
          id: 'bench-task',
          instruction: 'x',
          lang: 'en',
          app: 'A',
          package: 'com.example.a',
          mode: 'offline',
          annotations: { syntactic: 'Canonical', semantic: 'Clear and Explicit', scenario: 'Tool Assistance' },
        }),
      ],
      true,
    );
    const demo = ws.demonstrations.create('bench-task', 'vphone-1');
    const N = 10_000;
    const t1 = performance.now();
    for (let i = 0; i < N; i++) {
      ws.demonstrations.addStep({
        demonstrationId: demo.id,
        idx: i,
        screenshotBlob: null,
        thumbnailBlob: null,
        xmlBlob: null,
        foregroundPackage: 'com.example.a',
        foregroundActivity: '.Main',
        action: { type: 'Tap', at: { x: 500, y: 500 } },
        actionPx: { type: 'Tap', at: { x: 540, y: 1200 }, screen: { width: 1080, height: 2400 } },
        timings: { capture_ms: 12.5 },
      });
    }
    const stepSecs = (performance.now() - t1) / 1000;

    const B = 500;
    const size = 100 * 1024;
    const blobs = Array.from({ length: B }, () => randomBytes(size));
    const t2 = performance.now();
    for (const b of blobs) await ws.putBlob(b, 'image/png');
    const blobSecs = (performance.now() - t2) / 1000;
    const t3 = performance.now();
    for (const b of blobs) await ws.putBlob(b, 'image/png');
    const dedupSecs = (performance.now() - t3) / 1000;
    ws.close();

    return [
      { name: 'workspace open (existing, migrated)', value: median(opens), unit: 'ms (median of 10)' },
      { name: 'step insert, one transaction each', value: Math.round(N / stepSecs), unit: 'steps/s', note: `${N} steps` },
      {
        name: 'blob write (100 KiB, fsync + rename)',
        value: Math.round((B * size) / 1024 / 1024 / blobSecs),
        unit: 'MiB/s',
        note: `${Math.round(B / blobSecs)} blobs/s`,
      },
      { name: 'blob write, duplicate (deduplicated)', value: Math.round(B / dedupSecs), unit: 'blobs/s' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
