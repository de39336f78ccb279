import { createHash } from 'node:crypto';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { z } from 'zod';
import type { Task } from '../../../shared/schemas/task.js';
import { TaskSchema } from '../../../shared/schemas/task.js';
import { ALLOWED_BLOB_MEDIA_TYPES, isAllowedMediaType } from '../../adapters/blobs/blob-types.js';
import { BlobLimitError } from '../../adapters/blobs/blob-errors.js';
import { checkBlobContent } from '../../adapters/observations/blob-content.js';
import { writeTransaction } from '../../adapters/db/connection.js';
import { parseGraphConfig, parseGraphValidation, parseTaskGraph } from '../../adapters/db/repositories/stored-graph.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import { APP_VERSION } from '../version.js';
import { errorMessage } from '../../../shared/error-message.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export const GRAPH_FILE_FORMAT = 'elderbench.graph/1';

/**
 * Limits on a graph file, so a crafted one (a "gzip bomb": megabytes that inflate to
 * gigabytes) is refused after bounded work and memory. A real graph holds a few hundred
 * screenshots at most: tens of MiB inflated.
 */
export const GRAPH_FILE_LIMITS = { maxFileBytes: 128 * 1024 * 1024, maxInflatedBytes: 256 * 1024 * 1024 };
const MIB = 1024 * 1024;

const sha256 = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');

const GraphFileSchema = z.object({
  format: z.literal(GRAPH_FILE_FORMAT),
  app: z.string(),
  exportedAt: z.string(),
  task: TaskSchema,
  graph: z.object({
    version: z.number().int(),
    config: z.unknown(),
    validation: z.unknown(),
    body: z
      .object({
        taskId: z.string(),
        startNode: z.string(),
        nodes: z.array(
          z
            .object({
              id: z.string(),
              done: z.boolean(),
              representative: z.object({ screenshotBlob: z.string().nullable(), xmlBlob: z.string().nullable() }).passthrough(),
              members: z.array(z.object({ screenshotBlob: z.string().nullable(), xmlBlob: z.string().nullable() }).passthrough()),
            })
            .passthrough(),
        ),
        edges: z.array(z.object({ id: z.string(), from: z.string(), to: z.string() }).passthrough()),
      })
      .passthrough(),
  }),
  blobs: z.array(z.object({ id: z.string().regex(/^[0-9a-f]{64}$/), mediaType: z.string(), data: z.string() })),
  checksum: z.string(),
});

/** Blob ids a graph refers to: every member's screenshot and UI dump. */
function referencedBlobs(g: TaskGraph): string[] {
  const ids = new Set<string>();
  for (const n of g.nodes) {
    for (const m of [n.representative, ...n.members]) {
      if (m.screenshotBlob) ids.add(m.screenshotBlob);
      if (m.xmlBlob) ids.add(m.xmlBlob);
    }
  }
  return [...ids].sort();
}

/** Writes one self-contained, checksummed, gzipped file: the task, the graph version and its blobs. */
export async function exportGraph(
  store: WorkspaceStore,
  taskId: string,
  out: string,
  version?: number,
): Promise<{ file: string; blobs: number; bytes: number }> {
  const task = store.tasks.get(taskId);
  if (!task) throw new Error(`no task "${taskId}"`);
  const row =
    version === undefined
      ? store.graphs.latest(taskId)
      : store.graphs
          .versions(taskId)
          .map((v) => store.graphs.get(v.id)!)
          .find((g) => g.version === version);
  if (!row)
    throw new Error(
      `task ${taskId} has no graph${version === undefined ? '' : ` version ${version}`}; build one with: elderbench graph build --task ${taskId}`,
    );
  const body = row.body;
  const blobs = [];
  for (const id of referencedBlobs(body)) {
    blobs.push({
      id,
      mediaType: store.blobIndex.get(id)?.mediaType ?? 'application/octet-stream',
      data: (await store.blobs.get(id)).toString('base64'),
    });
  }
  const content = {
    format: GRAPH_FILE_FORMAT,
    app: APP_VERSION,
    exportedAt: new Date().toISOString(),
    task,
    graph: { version: row.version, config: row.config, validation: row.validation, body },
    blobs,
  };
  const text = JSON.stringify({ ...content, checksum: sha256(JSON.stringify(content)) });
  const gz = await gzipAsync(Buffer.from(text));
  const tmp = `${out}.${process.pid}.tmp`;
  await writeFile(tmp, gz);
  await rename(tmp, out);
  return { file: out, blobs: blobs.length, bytes: gz.length };
}

export class GraphFileError extends Error {
  override readonly name = 'GraphFileError';
}

/**
 * Reads a graph file and imports it as a new graph version. Everything is checked before
 * anything is written: gzip integrity (truncation), the format, the checksum (tampering),
 * every blob's hash, and that every node, edge and blob the graph refers to is present.
 */
export async function importGraph(
  store: WorkspaceStore,
  file: string,
  limits: typeof GRAPH_FILE_LIMITS = GRAPH_FILE_LIMITS,
): Promise<{ taskId: string; version: number; blobs: number; taskCreated: boolean }> {
  const fail = (why: string): never => {
    throw new GraphFileError(`${file}: ${why}; nothing was imported`);
  };
  let raw: Buffer;
  try {
    const size = (await stat(file)).size;
    if (size > limits.maxFileBytes)
      return fail(`it is ${Math.ceil(size / MIB)} MiB, more than a graph file may be (${limits.maxFileBytes / MIB} MiB)`);
    raw = await readFile(file);
  } catch (e) {
    if (e instanceof GraphFileError) throw e;
    return fail(`cannot read it (${(e as NodeJS.ErrnoException).code ?? errorMessage(e)})`);
  }
  let text: string;
  try {
    // Inflation stops at the cap: memory and time stay bounded whatever the file claims.
    text = (await gunzipAsync(raw, { maxOutputLength: limits.maxInflatedBytes })).toString('utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      return fail(`it inflates to more than ${limits.maxInflatedBytes / MIB} MiB, far more than any graph; it is damaged or crafted`);
    }
    return fail('it is truncated or not an ElderBench graph file (gzip data is incomplete)');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('its content is not valid JSON (the file is damaged)');
  }
  const parsed = GraphFileSchema.safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    return fail(`not an ${GRAPH_FILE_FORMAT} file: field "${i.path.join('.')}": ${i.message}`);
  }
  const { checksum, ...content } = parsed.data;
  if (sha256(JSON.stringify(withoutChecksum(json as Record<string, unknown>))) !== checksum) {
    return fail('its checksum does not match its content (the file was modified after export)');
  }
  const blobs = new Map<string, { mediaType: string; bytes: Buffer }>();
  for (const b of content.blobs) {
    // A checksum only catches accidents (anyone can recompute it): the type is checked on its own.
    if (!isAllowedMediaType(b.mediaType)) {
      return fail(
        `blob ${b.id.slice(0, 12)}… has media type ${JSON.stringify(b.mediaType.slice(0, 60))}, which ElderBench never stores (accepted: ${ALLOWED_BLOB_MEDIA_TYPES.join(', ')})`,
      );
    }
    const bytes = Buffer.from(b.data, 'base64');
    if (sha256(bytes) !== b.id) return fail(`blob ${b.id.slice(0, 12)}… does not match its hash`);
    // Decoded later (an offline run, a report) by code that trusts it: checked within its kind's limit now.
    try {
      await checkBlobContent(bytes, b.mediaType, b.id);
    } catch (e) {
      return fail(
        e instanceof BlobLimitError ? errorMessage(e) : `blob ${b.id} is not the ${b.mediaType} it claims to be (${errorMessage(e)})`,
      );
    }
    blobs.set(b.id, { mediaType: b.mediaType, bytes });
  }
  let body: TaskGraph;
  try {
    body = parseTaskGraph(content.graph.body, 'its graph');
  } catch (e) {
    return fail(errorMessage(e));
  }
  const ids = new Set(body.nodes.map((n) => n.id));
  if (!ids.has(body.startNode)) return fail(`the start node ${body.startNode} is not in the graph`);
  for (const e of body.edges) if (!ids.has(e.from) || !ids.has(e.to)) return fail(`edge ${e.id} refers to a missing node`);
  for (const id of referencedBlobs(body)) if (!blobs.has(id)) return fail(`blob ${id.slice(0, 12)}… used by the graph is missing`);
  if (body.taskId !== content.task.id) return fail(`the graph is for task ${body.taskId} but the file's task is ${content.task.id}`);

  for (const [id, b] of blobs) {
    const r = await store.putBlob(b.bytes, b.mediaType);
    if (r.id !== id) return fail('a blob changed while importing');
  }
  const task: Task = content.task;
  let taskCreated = false;
  const row = writeTransaction(store.db, () => {
    if (!store.tasks.get(task.id)) {
      store.tasks.importSet({ name: 'imported-graphs', sourceFile: file, sourceHash: sha256(raw) }, [task], false);
      taskCreated = true;
    }
    const prev = store.graphs.latest(task.id);
    return store.graphs.addVersion(task.id, {
      parentId: prev?.id ?? null,
      config: parseGraphConfig(content.graph.config),
      body,
      validation: parseGraphValidation(content.graph.validation),
    });
  });
  return { taskId: task.id, version: row.version, blobs: blobs.size, taskCreated };
}

function withoutChecksum(o: Record<string, unknown>): Record<string, unknown> {
  const { checksum: _c, ...rest } = o;
  return rest;
}
