import { BlobStore } from '../../adapters/blobs/blob-store.js';
import { servedContentType } from '../../adapters/blobs/blob-types.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';

/**
 * A stored blob as a surface serves it over HTTP (web mode, and the window through it): its bytes and the
 * Content-Type it may be served with (see servedContentType), or null for an id that is malformed or not stored.
 */
export async function blobForServing(store: WorkspaceStore, id: string): Promise<{ bytes: Buffer; type: string; inline: boolean } | null> {
  const row = BlobStore.isId(id) ? store.blobIndex.get(id) : undefined;
  if (!row || !store.blobs.has(id)) return null;
  const bytes = await store.blobs.get(id);
  return { bytes, ...servedContentType(row.mediaType) };
}
