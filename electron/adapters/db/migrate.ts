import { createHash } from 'node:crypto';
import type { Db } from './connection.js';
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
  db.exec(`CREATE TABLE IF NOT EXISTS _migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, hash TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Map(
    (db.prepare('SELECT version, name, hash FROM _migrations').all() as { version: number; name: string; hash: string }[]).map(
      (r) => [r.version, r],
    ),
  );
  const known = new Set(migrations.map((m) => m.version));
  for (const v of applied.keys()) {
    if (!known.has(v)) {
      throw new MigrationError(
        `${file} has schema version ${v}, newer than this ElderBench knows; open it with a newer ElderBench.`,
      );
    }
  }
  const insert = db.prepare('INSERT INTO _migrations (version, name, hash, applied_at) VALUES (?, ?, ?, ?)');
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    const done = applied.get(m.version);
    if (done) {
      if (done.hash !== sha256(m.up)) {
        throw new MigrationError(
          `migration ${m.version} (${m.name}) was changed after ${file} applied it; restore the original migration and add a new one.`,
        );
      }
      continue;
    }
    db.transaction(() => {
      db.exec(m.up);
      insert.run(m.version, m.name, sha256(m.up), new Date().toISOString());
    })();
  }
  return migrations.reduce((max, m) => Math.max(max, m.version), 0);
}
