import { BlobIntegrityError } from '../../adapters/blobs/blob-errors.js';
import { BlobStore } from '../../adapters/blobs/blob-store.js';
import { servedContentType } from '../../adapters/blobs/blob-types.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';

export type ServedBlob =
  | { kind: 'blob'; bytes: Buffer; type: string; inline: boolean }
  /** The id is malformed or not stored. */
  | { kind: 'missing' }
  /** A link or a changed file in a shared workspace: named, never served. */
  | { kind: 'refused'; message: string };

/**
 * A stored blob as a surface serves it over HTTP (web mode, and the window through it): its bytes and the
 * Content-Type it may be served with (see servedContentType), or why there is nothing to serve.
 */
export async function blobForServing(store: WorkspaceStore, id: string): Promise<ServedBlob> {
  const row = BlobStore.isId(id) ? store.blobIndex.get(id) : undefined;
  if (!row || !store.blobs.has(id)) return { kind: 'missing' };
  try {
    const bytes = await store.blobs.get(id);
    return { kind: 'blob', bytes, ...servedContentType(row.mediaType) };
  } catch (e) {
    if (e instanceof BlobIntegrityError) return { kind: 'refused', message: e.message };
    throw e;
  }
}
