import { readFile, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { BUNDLE_FILES } from '../../../../shared/schemas/run-bundle.js';
import type { Task } from '../../../../shared/schemas/task.js';
import { isAllowedMediaType } from '../../../adapters/blobs/blob-types.js';
import { writeTransaction } from '../../../adapters/db/connection.js';
import type { WorkspaceStore } from '../../../adapters/db/workspace-store.js';
import { checkBlobContent } from '../../../adapters/observations/blob-content.js';
import { errorMessage } from '../../../../shared/error-message.js';
import type { ReadBundle } from './bundle-read.js';
import { BUNDLE_LIMITS, readBundle, RunBundleError } from './bundle-read.js';

export interface BundleImportSummary {
  runId: string;
  workspace: string;
  results: number;
  steps: number;
  images: number;
  /** Tasks the bundle brought (new here), and those the workspace already held with the same definition. */
  tasksAdded: number;
  tasksKnown: number;
  exportedBy: string;
}

/**
 * Loads a run bundle into this workspace: every file checked first (readBundle), then what it says checked against
 * the workspace (the run id is free, a task held here is the same task), then the images stored and the run, its
 * results, steps and labels written in one transaction. A refused bundle leaves the workspace as it was.
 */
export async function importRunBundle(store: WorkspaceStore, file: string, limits = BUNDLE_LIMITS): Promise<BundleImportSummary> {
  const path = resolve(file);
  const b = await readBundle(path, limits);
  try {
    const refuse = (entry: string | null, field: string | null, why: string): never => {
      throw new RunBundleError(path, entry, field, why);
    };
    const runId = b.manifest.run.id;
    if (store.runs.get(runId))
      refuse(
        BUNDLE_FILES.manifest,
        'run.id',
        `run ${runId} already exists in ${store.path}. An imported run keeps its id (Table 2 and every published figure name it), ` +
          'so it is refused rather than renamed: import it into another workspace (--workspace), or compare the two with report --compare',
      );
    const tasks = checkTasks(store, b, refuse);
    checkReferences(b, refuse);
    await checkImages(b, refuse);

    // The images first (content-addressed files: one already there is the same bytes), then every row at once.
    for (const blob of b.blobs) await store.blobs.put(await readFile(b.staged.get(blob.id)!));
    const exportedBy = `elderbench ${b.manifest.tool.version}${b.manifest.tool.commit ? ` (${b.manifest.tool.commit.slice(0, 12)})` : ''}`;
    let steps = 0;
    writeTransaction(store.db, () => {
      for (const blob of b.blobs) store.blobIndex.record(blob.id, blob.bytes, blob.mediaType);
      if (tasks.added.length)
        store.tasks.importSet({ name: `run ${runId}`, sourceFile: path, sourceHash: b.contentsSha256 }, tasks.added, false);
      const { id, mode, status, createdAt, finishedAt } = b.manifest.run;
      store.runs.restore(
        { id, mode, status, createdAt, finishedAt, manifest: b.manifest.runManifest },
        { contentsSha256: b.contentsSha256, sourceFile: path, exportedBy },
      );
      for (const r of b.results) {
        const key = { runId, taskId: r.taskId, agent: r.agent, mode: r.mode, trial: r.trial };
        for (const s of b.steps.get(r.stepsFile)!) {
          store.runs.addStep({
            ...key,
            idx: s.idx,
            observationBlob: s.observationBlob,
            rawOutput: s.rawOutput,
            action: s.action,
            details: s.details,
            timings: s.timings,
            usage: s.usage as never,
          });
          steps++;
        }
        store.runs.putResult({ ...key, success: r.success, exitCategory: r.exitCategory, details: r.details }, r.finishedAt);
        if (r.label) store.labels.put({ ...key, ...r.label }, r.label.updatedAt);
      }
    });
    return {
      runId,
      workspace: store.path,
      results: b.results.length,
      steps,
      images: b.blobs.length,
      tasksAdded: tasks.added.length,
      tasksKnown: tasks.known,
      exportedBy,
    };
  } finally {
    await rm(b.stagingDir, { recursive: true, force: true });
  }
}

type Refuse = (entry: string | null, field: string | null, why: string) => never;

/** Tasks the bundle brings: new ones are added; one this workspace holds must be the same task, or the report would differ. */
function checkTasks(store: WorkspaceStore, b: ReadBundle, refuse: Refuse): { added: Task[]; known: number } {
  const added: Task[] = [];
  let known = 0;
  for (const [i, t] of b.tasks.entries()) {
    const here = store.tasks.get(t.id);
    if (!here) added.push(t);
    else if (JSON.stringify(here) === JSON.stringify(t)) known++;
    else
      refuse(
        BUNDLE_FILES.tasks,
        `${i} (${t.id})`,
        `task ${t.id} exists in ${store.path} with a different definition; the run's results belong to the bundle's. ` +
          'Import into a workspace without that task, or one holding the same task set',
      );
  }
  const inBundle = new Set(b.tasks.map((t) => t.id));
  for (const [i, r] of b.results.entries())
    if (!inBundle.has(r.taskId) && !store.tasks.get(r.taskId))
      refuse(
        BUNDLE_FILES.results,
        `line ${i + 1}: taskId`,
        `task ${r.taskId} is neither in the bundle's tasks.json nor in this workspace; import its task set first (elderbench tasks import)`,
      );
  return { added, known };
}

/** Every result names a steps file of the bundle, every step and result a screen the bundle holds; no key twice. */
function checkReferences(b: ReadBundle, refuse: Refuse): void {
  const keys = new Set<string>();
  const blobs = new Map(b.blobs.map((x) => [x.id, x]));
  const files = new Set<string>();
  for (const [i, r] of b.results.entries()) {
    const at = (field: string) => `line ${i + 1}: ${field}`;
    const key = JSON.stringify([r.taskId, r.agent, r.mode, r.trial]);
    if (keys.has(key))
      refuse(BUNDLE_FILES.results, at('taskId'), `a second result for ${r.taskId} / ${r.agent} / ${r.mode} / trial ${r.trial}`);
    keys.add(key);
    if (files.has(r.stepsFile)) refuse(BUNDLE_FILES.results, at('stepsFile'), `${r.stepsFile} is already another result's`);
    files.add(r.stepsFile);
    const steps = b.steps.get(r.stepsFile) ?? refuse(BUNDLE_FILES.results, at('stepsFile'), `${r.stepsFile} is not in the archive`);
    if (steps.length !== r.steps) refuse(r.stepsFile, null, `${steps.length} steps, but results.jsonl line ${i + 1} says ${r.steps}`);
    const idx = new Set<number>();
    for (const [j, s] of steps.entries()) {
      if (idx.has(s.idx)) refuse(`${r.stepsFile} line ${j + 1}`, 'idx', `step ${s.idx} appears twice`);
      idx.add(s.idx);
      if (s.observationBlob && !blobs.has(s.observationBlob))
        refuse(`${r.stepsFile} line ${j + 1}`, 'observationBlob', `the screen ${s.observationBlob.slice(0, 12)}… is not in blobs.jsonl`);
    }
    const final = r.details.finalBlob;
    if (typeof final === 'string' && !blobs.has(final))
      refuse(BUNDLE_FILES.results, at('details.finalBlob'), `the screen ${final.slice(0, 12)}… is not in blobs.jsonl`);
  }
  for (const name of b.steps.keys()) if (!files.has(name)) refuse(name, null, 'no result in results.jsonl names this steps file');
}

/** Each image: listed once, of a type ElderBench stores, held by the archive, and decodable within its kind's limits. */
async function checkImages(b: ReadBundle, refuse: Refuse): Promise<void> {
  const ids = new Set<string>();
  for (const [i, blob] of b.blobs.entries()) {
    const at = `line ${i + 1}`;
    if (ids.has(blob.id)) refuse(BUNDLE_FILES.blobs, `${at}: id`, `${blob.id.slice(0, 12)}… is listed twice`);
    ids.add(blob.id);
    if (!isAllowedMediaType(blob.mediaType))
      refuse(BUNDLE_FILES.blobs, `${at}: mediaType`, `${JSON.stringify(blob.mediaType.slice(0, 60))} is not a type ElderBench stores`);
    const staged = b.staged.get(blob.id) ?? refuse(BUNDLE_FILES.blobs, `${at}: file`, `${blob.file} is not in the archive`);
    const bytes = await readFile(staged);
    if (bytes.length !== blob.bytes)
      refuse(BUNDLE_FILES.blobs, `${at}: bytes`, `${blob.file} holds ${bytes.length} bytes, not ${blob.bytes}`);
    // Decoded later (Review, the HTML report) by code that trusts it: checked within its kind's limit now.
    await checkBlobContent(bytes, blob.mediaType, blob.id).catch((e: unknown) =>
      refuse(blob.file, null, `not the ${blob.mediaType} blobs.jsonl says it is (${errorMessage(e)})`),
    );
  }
  for (const id of b.staged.keys())
    if (!ids.has(id)) refuse(BUNDLE_FILES.blobs, null, `the archive's image ${id.slice(0, 12)}… is not listed`);
}
