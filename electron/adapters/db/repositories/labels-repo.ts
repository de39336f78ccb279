import type { Db } from '../connection.js';
import type { RunKey } from './runs-repo.js';
import { nowIso } from './json.js';

export interface Label extends RunKey {
  failureCategory: string | null;
  humanVerdict: 'success' | 'failure' | null;
  notes: string;
  updatedAt: string;
}

/** Reviewers' labels: one per (run, task, agent, mode, trial); the latest write wins. Review labels the first trial. */
export class LabelsRepo {
  constructor(private readonly db: Db) {}

  put(l: Omit<Label, 'updatedAt'>, updatedAt: string = nowIso()): void {
    this.db
      .prepare(
        `INSERT INTO labels (run_id, task_id, agent, mode, trial, failure_category, human_verdict, notes, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (run_id, task_id, agent, mode, trial) DO UPDATE SET failure_category = excluded.failure_category,
         human_verdict = excluded.human_verdict, notes = excluded.notes, updated_at = excluded.updated_at`,
      )
      .run(l.runId, l.taskId, l.agent, l.mode, l.trial ?? 0, l.failureCategory, l.humanVerdict, l.notes, updatedAt);
  }

  /** The labels of one trial of a run (the first by default). */
  forRun(runId: string, trial = 0): Label[] {
    return this.rows('SELECT * FROM labels WHERE run_id = ? AND trial = ? ORDER BY task_id, agent, mode', runId, trial);
  }

  /** Every trial's labels (the run bundle). */
  allForRun(runId: string): Label[] {
    return this.rows('SELECT * FROM labels WHERE run_id = ? ORDER BY task_id, agent, mode, trial', runId);
  }

  private rows(sql: string, ...args: (string | number)[]): Label[] {
    const rows = this.db.prepare(sql).all(...args) as Record<string, string | number | null>[];
    return rows.map((r) => ({
      runId: r.run_id as string,
      taskId: r.task_id as string,
      agent: r.agent as string,
      mode: r.mode as Label['mode'],
      trial: r.trial as number,
      failureCategory: (r.failure_category as string | null) ?? null,
      humanVerdict: (r.human_verdict as Label['humanVerdict']) ?? null,
      notes: (r.notes as string | null) ?? '',
      updatedAt: r.updated_at as string,
    }));
  }
}
