import { randomBytes } from 'node:crypto';
import { accessSync, closeSync, constants, existsSync, linkSync, openSync, readSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Db } from './connection.js';
import { openDatabase } from './connection.js';

/** A file named elderbench.db that ElderBench will not open (and will never overwrite). */
export class WorkspaceFileError extends Error {
  override readonly name = 'WorkspaceFileError';
}

const SQLITE_MAGIC = 'SQLite format 3\0';

/**
 * Refuses an `elderbench.db` that is not a workspace database before SQLite touches it:
 * SQLite treats a 0-byte file as a new empty database and would happily turn it into an
 * empty workspace, orphaning the blobs beside it; a file of another kind gets a clear
 * message instead of "file is not a database".
 */
export function checkDatabaseFile(file: string): void {
  const size = statSync(file).size;
  if (size === 0) {
    throw new WorkspaceFileError(
      `${file} is empty (0 bytes), so it is not a workspace database. ElderBench will not recreate it, because the ` +
        'recordings in the blobs/ folder beside it would lose their index. Restore elderbench.db from a backup, or to ' +
        'start afresh choose an empty folder.',
    );
  }
  const head = Buffer.alloc(16);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') !== SQLITE_MAGIC) {
    throw new WorkspaceFileError(
      `${file} is not an ElderBench workspace database (it is not an SQLite file). Move it away, or choose another folder.`,
    );
  }
}

/** A SQLite file with tables of its own and none of ours belongs to another program. */
export function checkOwnSchema(db: Db, file: string): void {
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]
  ).map((r) => r.name);
  if (tables.length > 0 && !tables.includes('_migrations')) {
    const shown = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', …' : '');
    throw new WorkspaceFileError(
      `${file} is an SQLite database of another program (tables: ${shown}), not an ElderBench workspace; ` +
        'ElderBench leaves it untouched. Choose another folder.',
    );
  }
}

/** True when this process may create and change files in the folder and the file (when it exists). */
export function canWrite(folder: string, file: string): boolean {
  try {
    accessSync(folder, constants.W_OK);
    if (existsSync(file)) accessSync(file, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Creates a new workspace database so that `elderbench.db` only ever appears complete:
 * it is built (and migrated by `init`) under a temporary name, then linked into place,
 * which fails rather than overwrites when another process got there first (that one wins
 * and ours is discarded). A crash mid-way leaves a stray temp file, never a 0-byte
 * `elderbench.db` that the check above would refuse.
 */
export function createDatabaseFile(file: string, init: (db: Db) => void): void {
  const tmp = join(dirname(file), `.elderbench.db.${process.pid}.${randomBytes(4).toString('hex')}.creating`);
  try {
    const db = openDatabase(tmp);
    try {
      init(db);
    } finally {
      db.close(); // checkpoints and removes the temp file's -wal/-shm
    }
    try {
      linkSync(tmp, file);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return; // created concurrently: keep theirs
      // File systems without hard links (FAT, some network shares): rename, which may only
      // replace a file created in the last instant by another process.
      if (!existsSync(file)) renameSync(tmp, file);
    }
  } finally {
    for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) {
      try {
        unlinkSync(f);
      } catch {
        // already moved or never made
      }
    }
  }
}
