import type { GraphConfig, GraphValidation } from '../../../../shared/domain/graph.js';
import type { TaskGraph } from '../../../../shared/domain/task-graph.js';
import type { Db } from '../connection.js';
import { writeTransaction } from '../connection.js';
import { TaskGraphSchema } from '../../../../shared/schemas/task-graph.js';
import { fromJson, nowIso, parseStored, toJson } from './json.js';
import { parseGraphConfig, parseGraphValidation } from './stored-graph.js';

/** One stored version of a task's graph, its JSON columns read into their types. */
export interface GraphVersion {
  id: number;
  taskId: string;
  version: number;
  parentId: number | null;
  config: GraphConfig;
  body: TaskGraph;
  validation: GraphValidation;
  createdAt: string;
}

interface GraphRow {
  id: number;
  task_id: string;
  version: number;
  parent_id: number | null;
  config: string;
  body: string;
  validation: string;
  created_at: string;
}

const fromRow = (r: GraphRow): GraphVersion => ({
  id: r.id,
  taskId: r.task_id,
  version: r.version,
  parentId: r.parent_id,
  config: parseGraphConfig(fromJson(r.config)),
  body: parseStored(TaskGraphSchema, r.body, { table: 'graphs', row: `${r.id} (task ${r.task_id}, version ${r.version})`, field: 'body' }),
  validation: parseGraphValidation(fromJson(r.validation)),
  createdAt: r.created_at,
});

/** Task graphs are append-only: every edit is a new version, so runs can name the version they used. */
export class GraphsRepo {
  constructor(private readonly db: Db) {}

  addVersion(
    taskId: string,
    g: { parentId: number | null; config: GraphConfig; body: TaskGraph; validation: GraphValidation },
  ): GraphVersion {
    return writeTransaction(this.db, () => {
      const next =
        ((this.db.prepare('SELECT max(version) AS v FROM graphs WHERE task_id = ?').get(taskId) as { v: number | null }).v ?? 0) + 1;
      const info = this.db
        .prepare('INSERT INTO graphs (task_id, version, parent_id, config, body, validation, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(taskId, next, g.parentId, toJson(g.config), toJson(g.body), toJson(g.validation), nowIso());
      return this.get(Number(info.lastInsertRowid))!;
    });
  }

  get(id: number): GraphVersion | undefined {
    const row = this.db.prepare<[number], GraphRow>('SELECT * FROM graphs WHERE id = ?').get(id);
    return row ? fromRow(row) : undefined;
  }

  /** A task's graph at a given version (what a run recorded it used). */
  atVersion(taskId: string, version: number): GraphVersion | undefined {
    const row = this.db.prepare<[string, number], GraphRow>('SELECT * FROM graphs WHERE task_id = ? AND version = ?').get(taskId, version);
    return row ? fromRow(row) : undefined;
  }

  latest(taskId: string): GraphVersion | undefined {
    const row = this.db.prepare<[string], GraphRow>('SELECT * FROM graphs WHERE task_id = ? ORDER BY version DESC LIMIT 1').get(taskId);
    return row ? fromRow(row) : undefined;
  }

  versions(taskId: string): { id: number; version: number; createdAt: string }[] {
    return this.db.prepare('SELECT id, version, created_at AS createdAt FROM graphs WHERE task_id = ? ORDER BY version').all(taskId) as {
      id: number;
      version: number;
      createdAt: string;
    }[];
  }
}
