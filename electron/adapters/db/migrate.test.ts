import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, MigrationError } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';

const fresh = (): Database.Database => {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  return db;
};

const tables = (db: Database.Database): string[] =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);

describe('migrate', () => {
  it('applies every migration once and is idempotent', () => {
    const db = fresh();
    // The schema version is the highest migration's number (numbers may be reserved by work in progress).
    const newest = Math.max(...MIGRATIONS.map((m) => m.version));
    expect(migrate(db)).toBe(newest);
    const before = tables(db);
    expect(migrate(db)).toBe(newest);
    expect(tables(db)).toEqual(before);
    expect((db.prepare('SELECT count(*) AS n FROM _migrations').get() as { n: number }).n).toBe(MIGRATIONS.length);
  });

  it('refuses a migration edited after it was applied', () => {
    const db = fresh();
    migrate(db, [{ version: 1, name: 'a', up: 'CREATE TABLE a (x)' }]);
    expect(() => migrate(db, [{ version: 1, name: 'a', up: 'CREATE TABLE a (x, y)' }])).toThrow(MigrationError);
  });

  it('refuses a database from a newer version of the app', () => {
    const db = fresh();
    migrate(db, [
      { version: 1, name: 'a', up: 'CREATE TABLE a (x)' },
      { version: 2, name: 'b', up: 'CREATE TABLE b (x)' },
    ]);
    expect(() => migrate(db, [{ version: 1, name: 'a', up: 'CREATE TABLE a (x)' }])).toThrow(/newer than this ElderBench/);
  });

  it('rolls a failing migration back whole', () => {
    const db = fresh();
    expect(() => migrate(db, [{ version: 1, name: 'bad', up: 'CREATE TABLE ok1 (x); CREATE TABLE broken (' }])).toThrow();
    expect(tables(db)).not.toContain('ok1');
    expect((db.prepare('SELECT count(*) AS n FROM _migrations').get() as { n: number }).n).toBe(0);
  });
});

describe('migration 0001 (initial)', () => {
  it('creates the workspace tables with foreign keys enforced', () => {
    const db = fresh();
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version === 1),
    );
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'settings',
        'task_sets',
        'tasks',
        'blobs',
        'demonstrations',
        'steps',
        'graphs',
        'runs',
        'run_results',
        'run_steps',
        'labels',
      ]),
    );
    expect(() =>
      db.prepare("INSERT INTO demonstrations (task_id, device_serial, status, started_at) VALUES ('nope', 's', 'recording', 'now')").run(),
    ).toThrow(/FOREIGN KEY/);
  });
});

describe('migration 0002 (step thumbnails)', () => {
  it('adds thumbnail_blob to steps, keeping existing rows', () => {
    const db = fresh();
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version === 1),
    );
    db.prepare("INSERT INTO task_sets VALUES ('s', 'f', 'h', 'now')").run();
    db.prepare("INSERT INTO tasks VALUES ('t', 's', '{}', 'i', 'zh', 'a', 'online', 'x', 'y', 'z', 'now')").run();
    db.prepare("INSERT INTO demonstrations (id, task_id, device_serial, status, started_at) VALUES (1, 't', 's', 'finished', 'now')").run();
    db.prepare("INSERT INTO steps (demonstration_id, idx, created_at) VALUES (1, 0, 'now')").run();
    migrate(db);
    const cols = (db.prepare('PRAGMA table_info(steps)').all() as { name: string }[]).map((c) => c.name);
    expect(cols).toContain('thumbnail_blob');
    expect(db.prepare('SELECT idx, thumbnail_blob FROM steps').get()).toEqual({ idx: 0, thumbnail_blob: null });
  });
});

describe('migration 0022 (run trials)', () => {
  it('keeps every result, step and label as trial 0 and lets later trials of the same item sit beside them', () => {
    const db = fresh();
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 22),
    );
    db.prepare("INSERT INTO runs VALUES ('r', 'offline', 'finished', '{}', 'now', NULL)").run();
    db.prepare(
      "INSERT INTO run_results (run_id, task_id, agent, mode, success, exit_category, finished_at) VALUES ('r', 't', 'a', 'offline', 1, 'finished', 'now')",
    ).run();
    db.prepare("INSERT INTO run_steps (run_id, task_id, agent, mode, idx, action) VALUES ('r', 't', 'a', 'offline', 0, '{}')").run();
    db.prepare(
      "INSERT INTO labels (run_id, task_id, agent, mode, human_verdict, updated_at) VALUES ('r', 't', 'a', 'offline', 'success', 'now')",
    ).run();
    migrate(db);
    for (const table of ['run_results', 'run_steps', 'labels'])
      expect(db.prepare(`SELECT trial FROM ${table}`).all(), table).toEqual([{ trial: 0 }]);
    db.prepare(
      "INSERT INTO run_results (run_id, task_id, agent, mode, trial, success, exit_category, finished_at) VALUES ('r', 't', 'a', 'offline', 1, 0, 'finished', 'now')",
    ).run();
    expect(() =>
      db
        .prepare(
          "INSERT INTO run_results (run_id, task_id, agent, mode, trial, success, exit_category, finished_at) VALUES ('r', 't', 'a', 'offline', 1, 0, 'finished', 'now')",
        )
        .run(),
    ).toThrow(/UNIQUE|PRIMARY KEY/);
    // Deleting the run still takes its results, steps and labels with it.
    db.prepare("DELETE FROM runs WHERE id = 'r'").run();
    for (const table of ['run_results', 'run_steps', 'labels'])
      expect(db.prepare(`SELECT count(*) AS n FROM ${table}`).get(), table).toEqual({ n: 0 });
  });
});
