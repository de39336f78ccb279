import type { ReadStream } from 'node:fs';
import { createReadStream } from 'node:fs';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { WorkspaceStore } from '../../../adapters/db/workspace-store.js';

/** A bundle's file name as `runs.exportBundle` writes it: a run id and `.tar.gz`, nothing that could name another folder. */
const BUNDLE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}\.tar\.gz$/;

export type ServedExport = { kind: 'file'; name: string; size: number; open(): ReadStream } | { kind: 'missing' };

/**
 * A run bundle written into the workspace's `exports/` folder, for web mode to hand to the browser as a download
 * (the page cannot read the backend's disk). Only a plain file of that folder with a bundle's name; a link, a
 * folder or any other name is missing.
 */
export async function exportForServing(store: WorkspaceStore, name: string): Promise<ServedExport> {
  if (!BUNDLE_NAME.test(name) || name.includes('..')) return { kind: 'missing' };
  const path = join(store.path, 'exports', name);
  const st = await lstat(path).catch(() => null);
  if (!st?.isFile()) return { kind: 'missing' };
  return { kind: 'file', name, size: st.size, open: () => createReadStream(path) };
}
