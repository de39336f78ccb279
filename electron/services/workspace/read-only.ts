import { diskFullMessage, isDiskFull, isSqliteReadOnly, ReadOnlyWorkspaceError } from '../../adapters/db/read-only-error.js';

/**
 * What a surface tells the user when the storage refused a write — the disk is full, or the workspace is read-only
 * for them — with what to do about it; null for any other error. SQLite's and the file system's wording counts even
 * inside another error's message.
 */
export function storageRefusal(e: unknown, workspace: string | null): string | null {
  const message = e instanceof Error ? e.message : String(e);
  if (isDiskFull(e) || /database or disk is full|ENOSPC/.test(message)) return diskFullMessage(workspace);
  if (isSqliteReadOnly(e) || /attempt to write a readonly database/.test(message)) return new ReadOnlyWorkspaceError(workspace).message;
  return null;
}
