import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { validTask } from './fixtures.js';

const sha256 = (b: Uint8Array | string): string => createHash('sha256').update(b).digest('hex');

export interface BlobSpec {
  bytes: Buffer;
  mediaType: string;
}

/**
 * A graph file as `graph export` writes it (format elderbench.graph/1), built by hand so tests can
 * make exactly the file an attacker or a damaged disk would: one node showing the first blob.
 * The checksum is recomputed, as anyone editing the file can.
 */
export function graphFileContent(blobs: BlobSpec[], taskId = 'graph-task', task: Record<string, unknown> = {}): Record<string, unknown> {
  const ids = blobs.map((b) => sha256(b.bytes));
  const member = { demonstrationId: 1, idx: 0, screenshotBlob: ids[0] ?? null, xmlBlob: ids[1] ?? null };
  const content = {
    format: 'elderbench.graph/1',
    app: 'test',
    exportedAt: '2026-01-01T00:00:00.000Z',
    task: { ...validTask({ id: taskId }), setup: [], success_checks: [], max_steps: 25, timeout_s: 120, tags: [], ...task },
    graph: {
      version: 1,
      config: {},
      validation: {},
      body: { taskId, startNode: 'n0', nodes: [{ id: 'n0', done: true, representative: member, members: [member] }], edges: [] },
    },
    blobs: blobs.map((b, i) => ({ id: ids[i], mediaType: b.mediaType, data: b.bytes.toString('base64') })),
  };
  return { ...content, checksum: sha256(JSON.stringify(content)) };
}

export const graphFileBytes = (blobs: BlobSpec[], taskId?: string, task?: Record<string, unknown>): Buffer =>
  gzipSync(Buffer.from(JSON.stringify(graphFileContent(blobs, taskId, task))));

/**
 * A gzip bomb: `members` concatenated gzip members of 1 MiB of zeros each (gzip allows several
 * members in one file; each compresses to ~1 KiB). 2048 members: a 2 MB file that inflates to 2 GiB.
 */
export function gzipBomb(members: number): Buffer {
  const one = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
  return Buffer.concat(Array.from({ length: members }, () => one));
}
