import { isSqliteReadOnly, ReadOnlyWorkspaceError } from '../../adapters/db/read-only-error.js';

/**
 * What a surface tells the user when SQLite refused a write because the workspace is read-only for them (how to get
 * a writable copy), or null for any other error.
 */
export function readOnlyRefusal(e: unknown, workspace: string | null): string | null {
  return isSqliteReadOnly(e) ? new ReadOnlyWorkspaceError(workspace).message : null;
}
