import type { Db } from '../connection.js';
import type { RunKey } from './runs-repo.js';
import { nowIso } from './json.js';

export interface Label extends RunKey {
  failureCategory: string | null;
  humanVerdict: 'success' | 'failure' | null;
  notes: string;
  updatedAt: string;
}

/** Reviewers' labels: one per (run, task, agent, mode); the latest write wins. */
export class LabelsRepo {
  constructor(private readonly db: Db) {}

  put(l: Omit<Label, 'updatedAt'>): void {
    this.db
      .prepare(
        `INSERT INTO labels (run_id, task_id, agent, mode, failure_category, human_verdict, notes, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (run_id, task_id, agent, mode) DO UPDATE SET failure_category = excluded.failure_category,
         human_verdict = excluded.human_verdict, notes = excluded.notes, updated_at = excluded.updated_at`,
      )
      .run(l.runId, l.taskId, l.agent, l.mode, l.failureCategory, l.humanVerdict, l.notes, nowIso());
  }

  forRun(runId: string): Label[] {
    const rows = this.db.prepare('SELECT * FROM labels WHERE run_id = ? ORDER BY task_id').all(runId) as Record<string, string | null>[];
    return rows.map((r) => ({
      runId: r.run_id!,
      taskId: r.task_id!,
      agent: r.agent!,
      mode: r.mode as Label['mode'],
      failureCategory: r.failure_category ?? null,
      humanVerdict: (r.human_verdict as Label['humanVerdict']) ?? null,
      notes: r.notes ?? '',
      updatedAt: r.updated_at!,
    }));
  }
}
