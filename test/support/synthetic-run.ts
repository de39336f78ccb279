import { writeTransaction } from '../../electron/adapters/db/connection.js';
import type { WorkspaceStore } from '../../electron/adapters/db/workspace-store.js';
import type { RunResultDetails } from '../../shared/domain/run-records.js';
import { TaskSchema } from '../../shared/schemas/task.js';
import { validTask } from './fixtures.js';
import { testManifest } from './run-manifest.js';

export const SYNTHETIC_PROMPT = `You operate an Android phone for an older adult. ${'Read the screen and answer with one action. '.repeat(60)}`;

/**
 * A finished run stored the way the executor stores one, without running anything: `tasks` tasks × the agents,
 * `steps` steps each with a screen of its own (the bytes `image(n)` gives, stored as `mediaType`), a model agent's
 * request (the prompt and the last two screens) and usage, for benches and tests of what reads runs (the bundle).
 */
export async function storeSyntheticRun(
  store: WorkspaceStore,
  o: {
    runId: string;
    tasks: number;
    steps: number;
    image(n: number): Promise<Buffer> | Buffer;
    mediaType: string;
    mode?: 'offline' | 'online';
    /** Online: the device each result ran on. */
    device?: RunResultDetails['deviceInfo'];
  },
): Promise<{ taskIds: string[] }> {
  const agents = ['model-agent', 'replay'];
  const mode = o.mode ?? 'offline';
  const tasks = Array.from({ length: o.tasks }, (_, i) =>
    TaskSchema.parse(validTask({ id: `synthetic-${String(i).padStart(3, '0')}`, mode })),
  );
  store.tasks.importSet({ name: 'synthetic', sourceFile: 'synthetic', sourceHash: 'synthetic' }, tasks, false);
  store.runs.create(
    o.runId,
    mode,
    testManifest(
      { mode, agents, taskIds: tasks.map((t) => t.id) },
      {
        agents: {
          'model-agent': {
            name: 'model-agent',
            model: 'model-a',
            keySource: 'env:SYNTHETIC_KEY',
            promptTemplate: SYNTHETIC_PROMPT,
            promptSha256: 'a'.repeat(64),
          } as never,
        },
        taskSetHash: 'b'.repeat(64),
      },
    ),
  );
  let n = 0;
  for (const t of tasks) {
    for (const agent of agents) {
      const key = { runId: o.runId, taskId: t.id, agent, mode };
      const blobs: string[] = [];
      for (let i = 0; i < o.steps; i++) blobs.push((await store.putBlob(await o.image(n++), o.mediaType)).id);
      writeTransaction(store.db, () => {
        for (let i = 0; i < o.steps; i++)
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
                  { role: 'system', text: SYNTHETIC_PROMPT, images: [] },
                  { role: 'user', text: `${t.instruction} (step ${i})`, images: [Math.max(0, i - 1), i] },
                ],
              },
            },
            timings: { reasoning_ms: 1800, parsing_ms: 1, device_ms: 0 },
            usage: { prompt_tokens: 1200, completion_tokens: 80, total_tokens: 1280 },
          });
        store.runs.putResult({
          ...key,
          success: agent === 'replay',
          exitCategory: 'finished',
          details: {
            steps: o.steps,
            stats: {
              stepMs: Array<number>(o.steps).fill(1800),
              tokens: 1280 * o.steps,
              promptTokens: 1200 * o.steps,
              completionTokens: 80 * o.steps,
              images: 2 * o.steps,
            },
            ...(o.device ? { device: o.device.serial, deviceInfo: o.device } : {}),
          },
        });
      });
    }
  }
  store.runs.setStatus(o.runId, 'finished');
  return { taskIds: tasks.map((t) => t.id) };
}
