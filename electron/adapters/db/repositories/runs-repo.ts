import type { Action } from '../../../../shared/domain/action.js';
import type { RunManifest, StoredRunManifest } from '../../../../shared/domain/run-manifest.js';
import { parseRunManifest } from '../../../../shared/domain/run-manifest.js';
import type { RunResultDetails, RunStepDetails, StepUsage } from '../../../../shared/domain/run-records.js';
import { parseRunResultDetails, parseRunStepDetails, parseStepUsage } from '../../../../shared/domain/run-records.js';
import type { Db } from '../connection.js';
import { fromJson, nowIso, parseStored, parseTimings, toJson } from './json.js';
import { ActionSchema } from './stored-schemas.js';
import { writeTransaction } from '../connection.js';

export type RunMode = 'online' | 'offline';
export type RunStatus = 'running' | 'finished' | 'cancelled' | 'failed';

export interface Run {
  id: string;
  mode: RunMode | 'both';
  status: RunStatus;
  manifest: StoredRunManifest;
  createdAt: string;
  finishedAt: string | null;
}

export interface RunKey {
  runId: string;
  taskId: string;
  agent: string;
  mode: RunMode;
}

export interface RunResult extends RunKey {
  success: boolean;
  exitCategory: string;
  details: RunResultDetails;
  finishedAt: string;
}

export interface RunStep extends RunKey {
  idx: number;
  observationBlob: string | null;
  rawOutput: string;
  action: Action;
  details: RunStepDetails;
  timings: Record<string, number>;
  usage: StepUsage;
}

/** Runs, per-task results and per-step records. Each write is its own transaction (resume relies on it). */
export class RunsRepo {
  private readonly insertStep;

  constructor(private readonly db: Db) {
    this.insertStep = db.prepare(
      `INSERT INTO run_steps (run_id, task_id, agent, mode, idx, observation_blob, raw_output, action, details, timings, usage)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (run_id, task_id, agent, mode, idx) DO UPDATE SET observation_blob = excluded.observation_blob,
       raw_output = excluded.raw_output, action = excluded.action, details = excluded.details,
       timings = excluded.timings, usage = excluded.usage`,
    );
  }

  create(id: string, mode: Run['mode'], manifest: RunManifest): Run {
    this.db
      .prepare(`INSERT INTO runs (id, mode, status, manifest, created_at) VALUES (?, ?, 'running', ?, ?)`)
      .run(id, mode, toJson(manifest), nowIso());
    return this.get(id)!;
  }

  get(id: string): Run | undefined {
    const r = this.db.prepare<[string], Record<string, string | null>>('SELECT * FROM runs WHERE id = ?').get(id);
    if (!r) return undefined;
    return {
      id: r.id!,
      mode: r.mode as Run['mode'],
      status: r.status as RunStatus,
      manifest: parseRunManifest(fromJson(r.manifest!)),
      createdAt: r.created_at!,
      finishedAt: r.finished_at ?? null,
    };
  }

  list(): Run[] {
    const ids = this.db.prepare<[], { id: string }>('SELECT id FROM runs ORDER BY created_at DESC').all();
    return ids.map((r) => this.get(r.id)!);
  }

  setStatus(id: string, status: RunStatus): void {
    this.db.prepare('UPDATE runs SET status = ?, finished_at = ? WHERE id = ?').run(status, status === 'running' ? null : nowIso(), id);
  }

  addStep(s: RunStep): void {
    this.insertStep.run(
      s.runId,
      s.taskId,
      s.agent,
      s.mode,
      s.idx,
      s.observationBlob,
      s.rawOutput,
      toJson(s.action),
      toJson(s.details),
      toJson(s.timings),
      toJson(s.usage),
    );
  }

  steps(k: RunKey): RunStep[] {
    const rows = this.db
      .prepare('SELECT * FROM run_steps WHERE run_id = ? AND task_id = ? AND agent = ? AND mode = ? ORDER BY idx')
      .all(k.runId, k.taskId, k.agent, k.mode) as Record<string, string | number | null>[];
    return rows.map((r) => ({
      ...k,
      idx: r.idx as number,
      observationBlob: r.observation_blob as string | null,
      rawOutput: r.raw_output as string,
      action: parseStored(ActionSchema, r.action as string, {
        table: 'run_steps',
        row: `${k.runId}/${k.taskId}/${k.agent}/${k.mode}#${r.idx}`,
        field: 'action',
      }),
      details: parseRunStepDetails(fromJson(r.details as string)),
      timings: parseTimings(fromJson(r.timings as string)),
      usage: parseStepUsage(fromJson(r.usage as string)),
    }));
  }

  /** Drops the steps of an attempt that did not finish (a crash, or a retry on another device). */
  deleteSteps(k: RunKey): number {
    return this.db
      .prepare('DELETE FROM run_steps WHERE run_id = ? AND task_id = ? AND agent = ? AND mode = ?')
      .run(k.runId, k.taskId, k.agent, k.mode).changes;
  }

  /** Keys of the results already committed for a run (what a resume skips). */
  resultKeys(runId: string): Set<string> {
    const rows = this.db.prepare('SELECT task_id, agent, mode FROM run_results WHERE run_id = ?').all(runId) as {
      task_id: string;
      agent: string;
      mode: string;
    }[];
    return new Set(rows.map((r) => `${r.task_id}|${r.agent}|${r.mode}`));
  }

  /** Records a task's verdict in its own transaction. */
  putResult(r: Omit<RunResult, 'finishedAt'>): void {
    this.db
      .prepare(
        `INSERT INTO run_results (run_id, task_id, agent, mode, success, exit_category, details, finished_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (run_id, task_id, agent, mode) DO UPDATE SET success = excluded.success,
         exit_category = excluded.exit_category, details = excluded.details, finished_at = excluded.finished_at`,
      )
      .run(r.runId, r.taskId, r.agent, r.mode, r.success ? 1 : 0, r.exitCategory, toJson(r.details), nowIso());
  }

  /**
   * Replaces some results of a run, each with its steps, and rewrites the run's manifest, in one
   * transaction: a re-scoring killed half-way leaves every result as it was (`run rescore`).
   */
  replaceResults(
    runId: string,
    items: readonly { result: Omit<RunResult, 'finishedAt'>; steps: readonly RunStep[] }[],
    manifest: StoredRunManifest,
  ): void {
    writeTransaction(this.db, () => {
      for (const { result, steps } of items) {
        this.deleteSteps(result);
        for (const s of steps) this.addStep(s);
        this.putResult(result);
      }
      this.db.prepare('UPDATE runs SET manifest = ? WHERE id = ?').run(toJson(manifest), runId);
    });
  }

  results(runId: string): RunResult[] {
    const rows = this.db.prepare('SELECT * FROM run_results WHERE run_id = ? ORDER BY task_id, agent, mode').all(runId) as Record<
      string,
      string | number
    >[];
    return rows.map((r) => ({
      runId: r.run_id as string,
      taskId: r.task_id as string,
      agent: r.agent as string,
      mode: r.mode as RunMode,
      success: r.success === 1,
      exitCategory: r.exit_category as string,
      details: parseRunResultDetails(fromJson(r.details as string)),
      finishedAt: r.finished_at as string,
    }));
  }
}
