import Database from 'better-sqlite3';

export type Db = Database.Database;

// `file:…?immutable=1` (the read-only fallback below) needs URI filenames. better-sqlite3 reads
// this variable once, when its native addon loads on the first `new Database`, which is after
// this module is evaluated. Plain paths (all we pass otherwise) never start with "file:".
process.env.SQLITE_USE_URI ??= '1';

/**
 * How long a connection waits for another process's write lock before failing. Two CLI
 * commands, a run and the window may all write one workspace; a write holds the lock for
 * milliseconds, so a generous wait never shows up except as "slower", never as an error.
 */
export const BUSY_TIMEOUT_MS = 15_000;

/**
 * Opens the workspace database with the settings every connection must have.
 * WAL + synchronous=NORMAL: a committed transaction survives the app being killed
 * (the WAL is in the OS's hands), which is the crash model we promise; only a power
 * cut may drop the last few commits. The busy timeout is set first, so even switching
 * to WAL waits for a concurrent opener instead of failing with "database is locked".
 */
export function openDatabase(file: string, opts: { verify?: (db: Db) => void } = {}): Db {
  const db = new Database(file);
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  try {
    opts.verify?.(db); // before the WAL switch, which rewrites the file's header
  } catch (e) {
    db.close();
    throw e;
  }
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  return db;
}

/**
 * Opens an existing database for reading only (a workspace on a read-only share or disc,
 * or one this user may not write). A WAL database normally needs to create its `-shm`
 * index beside the file; where the folder is not writable, SQLite's `immutable` mode reads
 * the last checkpointed state instead, without any lock or side file.
 */
export function openReadOnly(file: string): { db: Db; immutable: boolean } {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.prepare('SELECT count(*) FROM sqlite_master').get(); // fails here when -shm cannot be made
    return { db, immutable: false };
  } catch (e) {
    const code = (e as { code?: string }).code ?? '';
    if (!/^SQLITE_(READONLY|CANTOPEN|IOERR)/.test(code)) throw e;
  }
  const uri = `file:${encodeURI(file.replace(/\\/g, '/')).replace(/[?#]/g, encodeURIComponent)}?immutable=1`;
  const db = new Database(uri, { readonly: true, fileMustExist: true });
  db.prepare('SELECT count(*) FROM sqlite_master').get();
  return { db, immutable: true };
}

/**
 * Runs `fn` as one write transaction that takes the write lock up front (BEGIN IMMEDIATE),
 * waiting up to the busy timeout for another writer. A plain (deferred) transaction that
 * reads first and writes later fails at once with "database is locked" when another process
 * committed in between, because SQLite cannot upgrade its now-stale read snapshot.
 */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}
