/** A change was asked of a workspace opened read-only. */
export class ReadOnlyWorkspaceError extends Error {
  override readonly name = 'ReadOnlyWorkspaceError';
  constructor(readonly workspace: string | null) {
    super(
      `the workspace${workspace ? ` ${workspace}` : ''} is read-only for this user (listing, reviewing and exporting work; changes do not). ` +
        'Ask for write access to the folder, or copy it somewhere you can write and open the copy.',
    );
  }
}

/** True for SQLite's own "attempt to write a readonly database" family of errors. */
export function isSqliteReadOnly(e: unknown): boolean {
  return /^SQLITE_READONLY/.test((e as { code?: string } | null)?.code ?? '');
}
