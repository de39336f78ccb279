import { createHash } from 'node:crypto';
import type { Db } from './connection.js';
import { writeTransaction } from './connection.js';
import type { Migration } from './migrations/index.js';
import { MIGRATIONS } from './migrations/index.js';

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

/**
 * Brings the database to the newest schema, one transaction per migration.
 * Each applied migration's text is hashed into `_migrations`, so a migration edited
 * after it shipped is caught instead of silently diverging between workspaces.
 * Returns the schema version now in force.
 */
export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS, file = 'the workspace database'): number {
  // Each step takes the write lock first and re-reads what is applied under it, so two
  // processes opening the same workspace at once never apply a migration twice.
  writeTransaction(db, () =>
    db.exec(`CREATE TABLE IF NOT EXISTS _migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, hash TEXT NOT NULL, applied_at TEXT NOT NULL)`),
  );
  const insert = db.prepare('INSERT INTO _migrations (version, name, hash, applied_at) VALUES (?, ?, ?, ?)');
  const pending = checkApplied(db, migrations, file);
  for (const m of pending) {
    writeTransaction(db, () => {
      if (readApplied(db).has(m.version)) return;
      db.exec(m.up);
      insert.run(m.version, m.name, sha256(m.up), new Date().toISOString());
    });
  }
  return newestVersion(migrations);
}

/**
 * For a database opened read-only: the same checks as `migrate`, but a migration still to
 * apply is an error (applying it needs write access), never a change.
 */
export function verifySchema(db: Db, migrations: readonly Migration[] = MIGRATIONS, file = 'the workspace database'): number {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_migrations'").get();
  const pending = hasTable ? checkApplied(db, migrations, file) : [...migrations];
  if (pending.length > 0) {
    throw new MigrationError(
      `${file} is read-only and was written by an older ElderBench (schema needs upgrading to version ${newestVersion(migrations)}); ` +
        'copy the workspace folder somewhere you can write, and open the copy.',
    );
  }
  return newestVersion(migrations);
}

const newestVersion = (migrations: readonly Migration[]): number => migrations.reduce((max, m) => Math.max(max, m.version), 0);

function readApplied(db: Db): Map<number, { version: number; name: string; hash: string }> {
  const rows = db.prepare('SELECT version, name, hash FROM _migrations').all() as { version: number; name: string; hash: string }[];
  return new Map(rows.map((r) => [r.version, r]));
}

/** Refuses a newer or edited schema; returns the migrations still to apply, in order. */
function checkApplied(db: Db, migrations: readonly Migration[], file: string): Migration[] {
  const applied = readApplied(db);
  const known = new Set(migrations.map((m) => m.version));
  for (const v of applied.keys()) {
    if (!known.has(v)) {
      throw new MigrationError(`${file} has schema version ${v}, newer than this ElderBench knows; open it with a newer ElderBench.`);
    }
  }
  const pending: Migration[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    const done = applied.get(m.version);
    if (!done) {
      pending.push(m);
      continue;
    }
    if (done.hash !== sha256(m.up)) {
      throw new MigrationError(
        `migration ${m.version} (${m.name}) was changed after ${file} applied it; restore the original migration and add a new one.`,
      );
    }
  }
  return pending;
}
