import type { RunBundleExportDto } from '../../../../shared/api/services.js';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { BundleBlob, BundleContents, BundleManifest, BundleResult } from '../../../../shared/schemas/run-bundle.js';
import { BUNDLE_FILES, BundleManifestSchema, RUN_BUNDLE_FORMAT } from '../../../../shared/schemas/run-bundle.js';
import type { Task } from '../../../../shared/schemas/task.js';
import { TarGzWriter } from '../../../adapters/archive/tar-gz.js';
import type { WorkspaceStore } from '../../../adapters/db/workspace-store.js';
import { sourceCommit } from '../../../adapters/system/git-commit.js';
import { APP_VERSION } from '../../version.js';
import { bundleReadme } from './bundle-readme.js';
import { Redactor, secretsOf } from './bundle-secrets.js';
import { imageFile, manifestView, resultBlobs, resultView, stepLine } from './bundle-views.js';

/** What an export wrote: the API's shape, so the CLI, the window and the service say the same thing. */
export type BundleExportSummary = RunBundleExportDto;

/** The run's manifest exactly as stored, checked with the bundle's schema (an import reads it back the same way). */
function storedManifest(store: WorkspaceStore, runId: string): BundleManifest['runManifest'] {
  const text = store.runs.manifestText(runId) ?? '{}';
  const r = BundleManifestSchema.shape.runManifest.safeParse(JSON.parse(text));
  if (!r.success)
    throw new Error(
      `run ${runId}: its stored manifest lacks ${r.error.issues[0]!.path.join('.')} (${r.error.issues[0]!.message}); it cannot be exported`,
    );
  return r.data;
}

const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');
const lines = (rows: readonly unknown[]): string => rows.map((r) => `${JSON.stringify(r)}\n`).join('');
const label = (n: number): string => `steps/${String(n).padStart(5, '0')}.jsonl`;

/**
 * Writes a run as a bundle another lab can load (docs/run-bundle.md): its manifest, tasks, every result of every
 * trial with its steps, and each screen the steps saw, once. One result's steps and one image are in memory at a time;
 * the archive is written beside `out` and renamed into place, so a failed export leaves nothing under that name.
 */
export async function exportRunBundle(
  store: WorkspaceStore,
  runId: string,
  out: string,
  o: { env: Record<string, string | undefined> },
): Promise<BundleExportSummary> {
  const run = store.runs.get(runId);
  if (!run) throw new Error(`no run ${runId} in ${store.path}; list runs with: elderbench report --list`);
  // A bundle is what others reproduce and compare against: half a run would publish half a table.
  if (run.status === 'running')
    throw new Error(
      `run ${runId} has not ended (it is running, or its process was cut off): wait for it, or finish it with \`elderbench run --resume ${runId}\`, then export`,
    );
  const results = store.runs.allResults(runId);
  const labels = new Map(store.labels.allForRun(runId).map((l) => [JSON.stringify([l.taskId, l.agent, l.mode, l.trial ?? 0]), l]));
  const specIds = run.manifest.spec?.taskIds ?? [];
  const taskIds = [...new Set([...specIds, ...results.map((r) => r.taskId)])].sort();
  const tasks = taskIds.map((id) => store.tasks.get(id)).filter((t): t is Task => t !== undefined);
  const asRun = specIds
    .map((id) => store.tasks.get(id))
    .filter((t): t is Task => t !== undefined)
    .sort((a, b) => a.id.localeCompare(b.id));
  const tasksAsRun = sha256(JSON.stringify(asRun)) === (run.manifest as { taskSetHash?: unknown }).taskSetHash;

  const redactor = new Redactor(secretsOf(run.manifest, o.env));
  const json = (v: unknown): Buffer => Buffer.from(redactor.text(`${JSON.stringify(v, null, 2)}\n`));
  const exportedAt = new Date().toISOString();
  const commit = sourceCommit();
  const files: BundleContents['files'] = [];
  mkdirSync(dirname(out), { recursive: true });
  const tar = new TarGzWriter(out);
  // `hash`: an image's, known already (its blob id, checked when it was read).
  const add = async (name: string, bytes: Buffer, hash = sha256(bytes)): Promise<void> => {
    files.push({ name, sha256: hash, bytes: bytes.length });
    await tar.addBytes(name, bytes);
  };
  try {
    await add(BUNDLE_FILES.readme, Buffer.from(bundleReadme({ runId, version: APP_VERSION, commit, exportedAt })));
    const manifest: BundleManifest = {
      format: RUN_BUNDLE_FORMAT,
      tool: { name: 'elderbench', version: APP_VERSION, commit, node: process.version },
      exportedAt,
      run: { id: run.id, mode: run.mode, status: run.status, createdAt: run.createdAt, finishedAt: run.finishedAt },
      runManifest: storedManifest(store, runId),
      view: manifestView(run, taskIds, results, tasksAsRun),
    };
    await add(BUNDLE_FILES.manifest, json(manifest));
    await add(BUNDLE_FILES.tasks, json(tasks));

    const blobs: BundleBlob[] = [];
    const written = new Set<string>();
    const resultLines: BundleResult[] = [];
    let stepCount = 0;
    for (const [i, r] of results.entries()) {
      const steps = store.runs.steps(r);
      const blobOfStep = new Map(steps.map((s) => [s.idx, s.observationBlob]));
      const stepsFile = label(i + 1);
      await add(stepsFile, Buffer.from(redactor.text(lines(steps.map((s) => stepLine(s, blobOfStep))))));
      stepCount += steps.length;
      for (const id of resultBlobs(r, steps)) {
        if (written.has(id)) continue;
        written.add(id);
        const mediaType = store.blobIndex.get(id)?.mediaType;
        if (!mediaType)
          throw new Error(`run ${runId}: the screen ${id} of ${r.taskId}/${r.agent} is not in the blob index; the workspace is damaged`);
        // Read checked (a regular file hashing to its name), one at a time: never the whole bundle in memory.
        const bytes = await store.blobs.get(id);
        const file = imageFile(id, mediaType);
        await add(file, bytes, id);
        blobs.push({ id, mediaType, bytes: bytes.length, file });
      }
      const l = labels.get(JSON.stringify([r.taskId, r.agent, r.mode, r.trial ?? 0]));
      resultLines.push({
        taskId: r.taskId,
        agent: r.agent,
        mode: r.mode,
        trial: r.trial ?? 0,
        success: r.success,
        exitCategory: r.exitCategory,
        finishedAt: r.finishedAt,
        details: r.details,
        label: l ? { failureCategory: l.failureCategory, humanVerdict: l.humanVerdict, notes: l.notes, updatedAt: l.updatedAt } : null,
        stepsFile,
        steps: steps.length,
        view: resultView(run, r),
      });
    }
    await add(BUNDLE_FILES.results, Buffer.from(redactor.text(lines(resultLines))));
    await add(BUNDLE_FILES.blobs, Buffer.from(lines(blobs)));
    const contents: BundleContents = {
      format: RUN_BUNDLE_FORMAT,
      files,
      counts: { results: results.length, steps: stepCount, images: blobs.length },
      redactions: redactor.count,
    };
    await tar.addBytes(BUNDLE_FILES.contents, Buffer.from(`${JSON.stringify(contents, null, 2)}\n`));
    await tar.finish();
    const { size } = await stat(out);
    return { runId, file: out, bytes: size, results: results.length, steps: stepCount, images: blobs.length, redactions: redactor.count };
  } catch (e) {
    await tar.abort();
    throw e;
  }
}
