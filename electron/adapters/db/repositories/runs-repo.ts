import type { Action } from '../../../../shared/domain/action.js';
import type { RunManifest, StoredRunManifest } from '../../../../shared/domain/run-manifest.js';
import { parseRunManifest } from '../../../../shared/domain/run-manifest.js';
import type { RunResultDetails, RunStepDetails, StepUsage } from '../../../../shared/domain/run-records.js';
import { parseRunResultDetails, parseRunStepDetails, parseStepUsage } from '../../../../shared/domain/run-records.js';
import type { Db } from '../connection.js';
import { nowIso, parseStored, parseStoredWith, parseTimings, toJson } from './json.js';
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
  /** Which repetition of the item (`run --trials K`): 0 is the first and, without trials, the only one. */
  trial?: number;
}

const trialOf = (k: { trial?: number }): number => k.trial ?? 0;

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

/** The tables' rows as SQLite returns them (mode and status are held to their values by CHECK constraints). */
interface RunRow {
  id: string;
  mode: Run['mode'];
  status: RunStatus;
  manifest: string;
  created_at: string;
  finished_at: string | null;
}
interface RunStepRow {
  idx: number;
  observation_blob: string | null;
  raw_output: string;
  action: string;
  details: string;
  timings: string;
  usage: string;
}
interface RunResultRow {
  run_id: string;
  task_id: string;
  agent: string;
  mode: RunMode;
  trial: number;
  success: number;
  exit_category: string;
  details: string;
  finished_at: string;
}

/** Runs, per-task results and per-step records. Each write is its own transaction (resume relies on it). */
export class RunsRepo {
  private readonly insertStep;

  constructor(private readonly db: Db) {
    this.insertStep = db.prepare(
      `INSERT INTO run_steps (run_id, task_id, agent, mode, trial, idx, observation_blob, raw_output, action, details, timings, usage)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (run_id, task_id, agent, mode, trial, idx) DO UPDATE SET observation_blob = excluded.observation_blob,
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

  /**
   * A run loaded from a bundle (`import-run`), its row as the exporting workspace had it, and where it came from.
   * The caller holds the transaction that also writes its results and steps.
   */
  restore(
    run: Omit<Run, 'manifest'> & { manifest: unknown },
    from: { contentsSha256: string; sourceFile: string; exportedBy: string },
  ): void {
    this.db
      .prepare('INSERT INTO runs (id, mode, status, manifest, created_at, finished_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(run.id, run.mode, run.status, toJson(run.manifest), run.createdAt, run.finishedAt);
    this.db
      .prepare('INSERT INTO run_imports (run_id, contents_sha256, source_file, exported_by, imported_at) VALUES (?, ?, ?, ?, ?)')
      .run(run.id, from.contentsSha256, from.sourceFile, from.exportedBy, nowIso());
  }

  /** Where an imported run came from (null: it was run in this workspace). */
  importedFrom(id: string): { contentsSha256: string; sourceFile: string; exportedBy: string; importedAt: string } | null {
    const r = this.db
      .prepare<[string], { contents_sha256: string; source_file: string; exported_by: string; imported_at: string }>(
        'SELECT * FROM run_imports WHERE run_id = ?',
      )
      .get(id);
    return r
      ? { contentsSha256: r.contents_sha256, sourceFile: r.source_file, exportedBy: r.exported_by, importedAt: r.imported_at }
      : null;
  }

  get(id: string): Run | undefined {
    const r = this.db.prepare<[string], RunRow>('SELECT * FROM runs WHERE id = ?').get(id);
    if (!r) return undefined;
    return {
      id: r.id,
      mode: r.mode,
      status: r.status,
      manifest: parseStoredWith(parseRunManifest, r.manifest, { table: 'runs', row: r.id, field: 'manifest' }),
      createdAt: r.created_at,
      finishedAt: r.finished_at,
    };
  }

  /** A run's manifest as stored, unparsed: the run bundle carries it verbatim (and checks it with its own schema). */
  manifestText(id: string): string | undefined {
    return this.db.prepare<[string], { manifest: string }>('SELECT manifest FROM runs WHERE id = ?').get(id)?.manifest;
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
      trialOf(s),
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
      .prepare<[string, string, string, RunMode, number], RunStepRow>(
        'SELECT * FROM run_steps WHERE run_id = ? AND task_id = ? AND agent = ? AND mode = ? AND trial = ? ORDER BY idx',
      )
      .all(k.runId, k.taskId, k.agent, k.mode, trialOf(k));
    const trial = trialOf(k);
    return rows.map((r) => {
      const at = (field: string) => ({
        table: 'run_steps',
        row: `${k.runId}/${k.taskId}/${k.agent}/${k.mode}${trial ? `/trial ${trial}` : ''}#${r.idx}`,
        field,
      });
      return {
        ...k,
        idx: r.idx,
        observationBlob: r.observation_blob,
        rawOutput: r.raw_output,
        action: parseStored(ActionSchema, r.action, at('action')),
        details: parseStoredWith(parseRunStepDetails, r.details, at('details')),
        timings: parseStoredWith(parseTimings, r.timings, at('timings')),
        usage: parseStoredWith(parseStepUsage, r.usage, at('usage')),
      };
    });
  }

  /** Drops the steps of an attempt that did not finish (a crash, or a retry on another device). */
  deleteSteps(k: RunKey): number {
    return this.db
      .prepare('DELETE FROM run_steps WHERE run_id = ? AND task_id = ? AND agent = ? AND mode = ? AND trial = ?')
      .run(k.runId, k.taskId, k.agent, k.mode, trialOf(k)).changes;
  }

  /** Keys of the first trial's results already committed for a run (what a label may name). */
  resultKeys(runId: string): Set<string> {
    const rows = this.db
      .prepare<[string], { task_id: string; agent: string; mode: string }>(
        'SELECT task_id, agent, mode FROM run_results WHERE run_id = ? AND trial = 0',
      )
      .all(runId);
    return new Set(rows.map((r) => `${r.task_id}|${r.agent}|${r.mode}`));
  }

  /** Records a task's verdict in its own transaction (`finishedAt`: now, or as a bundle recorded it). */
  putResult(r: Omit<RunResult, 'finishedAt'>, finishedAt: string = nowIso()): void {
    this.db
      .prepare(
        `INSERT INTO run_results (run_id, task_id, agent, mode, trial, success, exit_category, details, finished_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (run_id, task_id, agent, mode, trial) DO UPDATE SET success = excluded.success,
         exit_category = excluded.exit_category, details = excluded.details, finished_at = excluded.finished_at`,
      )
      .run(r.runId, r.taskId, r.agent, r.mode, trialOf(r), r.success ? 1 : 0, r.exitCategory, toJson(r.details), finishedAt);
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

  /**
   * A run's results of one trial, the first by default: every table, analysis and screen that compares agents
   * (Table 2, McNemar, the normalization study, Review) reads the first trial unless it says otherwise.
   */
  results(runId: string, trial = 0): RunResult[] {
    return this.db
      .prepare<[string, number], RunResultRow>('SELECT * FROM run_results WHERE run_id = ? AND trial = ? ORDER BY task_id, agent, mode')
      .all(runId, trial)
      .map(toResult);
  }

  /** Every trial's results (pass@k, the run bundle), ordered by task, agent, mode and trial. */
  allResults(runId: string): RunResult[] {
    return this.db
      .prepare<[string], RunResultRow>('SELECT * FROM run_results WHERE run_id = ? ORDER BY task_id, agent, mode, trial')
      .all(runId)
      .map(toResult);
  }
}

function toResult(r: RunResultRow): RunResult {
  return {
    runId: r.run_id,
    taskId: r.task_id,
    agent: r.agent,
    mode: r.mode,
    trial: r.trial,
    success: r.success === 1,
    exitCategory: r.exit_category,
    details: parseStoredWith(parseRunResultDetails, r.details, {
      table: 'run_results',
      row: `${r.run_id}/${r.task_id}/${r.agent}/${r.mode}${r.trial ? `/trial ${r.trial}` : ''}`,
      field: 'details',
    }),
    finishedAt: r.finished_at,
  };
}
