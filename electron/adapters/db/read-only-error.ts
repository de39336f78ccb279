import { statfsSync } from 'node:fs';

/**
 * Why a workspace was opened read-only: this user may not write the folder, or the disk that
 * holds it is full. Either way listing, reviewing and exporting work and changes are refused.
 */
export type ReadOnlyReason = 'permission' | 'disk-full';

/** A change was asked of a workspace opened read-only. */
export class ReadOnlyWorkspaceError extends Error {
  override readonly name = 'ReadOnlyWorkspaceError';
  constructor(
    readonly workspace: string | null,
    readonly reason: ReadOnlyReason = 'permission',
  ) {
    super(
      reason === 'disk-full'
        ? `the disk holding the workspace${workspace ? ` ${workspace}` : ''} is full (listing, reviewing and exporting work; changes do not). ` +
            'Free some space on it and run the command again.'
        : `the workspace${workspace ? ` ${workspace}` : ''} is read-only for this user (listing, reviewing and exporting work; changes do not). ` +
            'Ask for write access to the folder, or copy it somewhere you can write and open the copy.',
    );
  }
}

/** True for SQLite's own "attempt to write a readonly database" family of errors. */
export function isSqliteReadOnly(e: unknown): boolean {
  return /^SQLITE_READONLY/.test((e as { code?: string } | null)?.code ?? '');
}

/** A write that failed because the disk is full: ENOSPC from the file system, SQLITE_FULL from SQLite. */
export function isDiskFull(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code ?? '';
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}

/**
 * Below this much free space a workspace opens read-only: SQLite needs room for its write-ahead
 * log and index even to open for writing, and a run's first screenshot would not fit anyway.
 */
export const MIN_FREE_BYTES = 1024 * 1024;

/** Free bytes for this user on the disk holding `path`; null where the platform cannot tell. */
export function freeBytes(path: string): number | null {
  try {
    const s = statfsSync(path);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

/** The one-line message for a write that ran out of disk while it worked. */
export function diskFullMessage(workspace: string | null): string {
  return (
    `the disk holding the workspace${workspace ? ` ${workspace}` : ''} is full, so the last change could not be saved ` +
    '(everything committed before it is intact). Free some space and run the command again (a run continues with --resume).'
  );
}
