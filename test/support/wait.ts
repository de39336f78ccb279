import Database from 'better-sqlite3';

/** Polls a condition (no fixed sleeps): resolves as soon as it holds, fails after `timeoutMs`. */
export async function until(check: () => boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A `SELECT count(*) AS n …` on a workspace database another process is writing, through a
 * short read-only connection; 0 while the file or table does not exist yet.
 */
export function countRows(dbFile: string, sql: string): number {
  try {
    const db = new Database(dbFile, { readonly: true, fileMustExist: true });
    try {
      return (db.prepare(sql).get() as { n: number }).n;
    } finally {
      db.close();
    }
  } catch {
    return 0;
  }
}
