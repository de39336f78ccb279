import type { Task, TaskSummary } from '../../../../shared/schemas/task.js';
import type { TaskFilter } from '../../../../shared/api/services.js';
import type { Db } from '../connection.js';
import { writeTransaction } from '../connection.js';
import { TaskSchema } from '../../../../shared/schemas/task.js';
import type { NamedApp } from '../../../core/tasks/app-names.js';
import { z } from 'zod';
import { nowIso, parseStored, toJson } from './json.js';

/** A task's other app names, as stored (validated on import by TaskSchema). */
const AppNamesSchema = z.array(z.string());

interface TaskRow {
  id: string;
  task_set: string;
  instruction: string;
  lang: 'zh' | 'en';
  app: string;
  mode: 'online' | 'offline';
  semantic: TaskSummary['semantic'];
  syntactic: TaskSummary['syntactic'];
  scenario: string;
  translation: string | null;
}

export interface TaskSetRow {
  name: string;
  sourceFile: string;
  sourceHash: string;
  importedAt: string;
  taskCount: number;
}

const toSummary = (r: TaskRow): TaskSummary => ({
  id: r.id,
  instruction: r.instruction,
  translation: typeof r.translation === 'string' ? r.translation : null,
  lang: r.lang,
  app: r.app,
  mode: r.mode,
  semantic: r.semantic,
  syntactic: r.syntactic,
  scenario: r.scenario,
  taskSet: r.task_set,
});

export class TasksRepo {
  constructor(private readonly db: Db) {}

  /**
   * Stores a whole task set in one transaction: either every task lands or none does.
   * Tasks whose id exists in another set are refused unless `replace` is set.
   */
  importSet(
    set: { name: string; sourceFile: string; sourceHash: string },
    tasks: readonly Task[],
    replace: boolean,
  ): { imported: number; replaced: number } {
    const existing = this.db.prepare<[string], { task_set: string }>('SELECT task_set FROM tasks WHERE id = ?');
    const upsertSet = this.db.prepare(
      `INSERT INTO task_sets (name, source_file, source_hash, imported_at) VALUES (?, ?, ?, ?)
       ON CONFLICT(name) DO UPDATE SET source_file = excluded.source_file, source_hash = excluded.source_hash,
       imported_at = excluded.imported_at`,
    );
    const upsertTask = this.db.prepare(
      `INSERT INTO tasks (id, task_set, body, instruction, lang, app, mode, semantic, syntactic, scenario, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET task_set = excluded.task_set, body = excluded.body,
       instruction = excluded.instruction, lang = excluded.lang, app = excluded.app, mode = excluded.mode,
       semantic = excluded.semantic, syntactic = excluded.syntactic, scenario = excluded.scenario,
       updated_at = excluded.updated_at`,
    );
    return writeTransaction(this.db, () => {
      let replaced = 0;
      for (const t of tasks) {
        const prior = existing.get(t.id);
        if (prior) {
          if (!replace) {
            throw new DuplicateTaskError(t.id, prior.task_set);
          }
          replaced++;
        }
      }
      const now = nowIso();
      upsertSet.run(set.name, set.sourceFile, set.sourceHash, now);
      for (const t of tasks) {
        upsertTask.run(
          t.id,
          set.name,
          toJson(t),
          t.instruction,
          t.lang,
          t.app,
          t.mode,
          t.annotations.semantic,
          t.annotations.syntactic,
          t.annotations.scenario,
          now,
        );
      }
      return { imported: tasks.length - replaced, replaced };
    });
  }

  list(filter: TaskFilter = {}): TaskSummary[] {
    const where: string[] = [];
    const args: string[] = [];
    const eq = (col: string, v: string | undefined): void => {
      if (v !== undefined) {
        where.push(`${col} = ?`);
        args.push(v);
      }
    };
    eq('mode', filter.mode);
    eq('app', filter.app);
    eq('semantic', filter.semantic);
    eq('syntactic', filter.syntactic);
    eq('task_set', filter.taskSet);
    if (filter.text) {
      where.push(
        `(instr(lower(id), ?) > 0 OR instr(lower(instruction), ?) > 0 OR instr(lower(coalesce(json_extract(body, '$.translation'), '')), ?) > 0)`,
      );
      args.push(filter.text.toLowerCase(), filter.text.toLowerCase(), filter.text.toLowerCase());
    }
    const sql = `SELECT id, task_set, instruction, json_extract(body, '$.translation') AS translation, lang, app, mode, semantic, syntactic, scenario FROM tasks
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id`;
    return (this.db.prepare(sql).all(...args) as TaskRow[]).map(toSummary);
  }

  get(id: string): Task | undefined {
    const row = this.db.prepare<[string], { body: string }>('SELECT body FROM tasks WHERE id = ?').get(id);
    return row ? parseStored(TaskSchema, row.body, { table: 'tasks', row: id, field: 'body' }) : undefined;
  }

  /** Every task's app as the task set names it: its name, other names and package (core/tasks/app-names.ts). */
  apps(): NamedApp[] {
    const rows = this.db
      .prepare<[], { id: string; app: string; package: string; names: string | null }>(
        `SELECT id, app, json_extract(body, '$.package') AS package, json_extract(body, '$.app_names') AS names FROM tasks ORDER BY id`,
      )
      .all();
    return rows.map((r) => ({
      app: r.app,
      package: r.package,
      app_names: r.names === null ? [] : parseStored(AppNamesSchema, r.names, { table: 'tasks', row: r.id, field: 'body.app_names' }),
    }));
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM tasks').get() as { n: number }).n;
  }

  sets(): TaskSetRow[] {
    return this.db
      .prepare(
        `SELECT s.name, s.source_file AS sourceFile, s.source_hash AS sourceHash, s.imported_at AS importedAt,
         (SELECT count(*) FROM tasks t WHERE t.task_set = s.name) AS taskCount
         FROM task_sets s ORDER BY s.name`,
      )
      .all() as TaskSetRow[];
  }
}

export class DuplicateTaskError extends Error {
  override readonly name = 'DuplicateTaskError';
  constructor(
    readonly taskId: string,
    readonly existingSet: string,
  ) {
    super(`task ${taskId} already exists in task set "${existingSet}"; pass --replace to overwrite it`);
  }
}
