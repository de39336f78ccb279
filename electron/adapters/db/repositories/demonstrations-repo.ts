import { parseActionPx } from '../../../../shared/domain/action-px.js';
import type { DemonstrationStatus, RecordedStep } from '../../../../shared/domain/recording.js';
import type { TapAlternatives } from '../../../../shared/domain/task-graph.js';
import type { Db } from '../connection.js';
import { fromJson, nowIso, parseStored, parseTimings, toJson } from './json.js';
import type { RawCapture } from './pending-captures-repo.js';
import { ActionSchema, DeviceInfoSchema } from './stored-schemas.js';

export interface Demonstration {
  id: number;
  taskId: string;
  deviceSerial: string;
  deviceInfo: Record<string, unknown>;
  status: DemonstrationStatus;
  note: string;
  startedAt: string;
  finishedAt: string | null;
}

/** A stored step: as recorded, with its row id and an annotator's mark. */
export interface Step extends RecordedStep {
  id: number;
  createdAt: string;
  /** An annotator's mark on a tap: which other options of its group would do as well. */
  alternatives: TapAlternatives | null;
}

interface DemoRow {
  id: number;
  task_id: string;
  device_serial: string;
  device_info: string;
  status: DemonstrationStatus;
  note: string;
  started_at: string;
  finished_at: string | null;
}

interface StepRow {
  id: number;
  demonstration_id: number;
  idx: number;
  screenshot_blob: string | null;
  thumbnail_blob: string | null;
  xml_blob: string | null;
  foreground_package: string | null;
  foreground_activity: string | null;
  action: string | null;
  action_px: string | null;
  timings: string;
  created_at: string;
  alternatives: string | null;
}

/** The stored mark, or null when it is not one we wrote ("any" or a list of labels). */
function parseAlternatives(json: string): TapAlternatives | null {
  const v: unknown = fromJson(json);
  if (v === 'any') return 'any';
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
}

const demoFromRow = (r: DemoRow): Demonstration => ({
  id: r.id,
  taskId: r.task_id,
  deviceSerial: r.device_serial,
  deviceInfo: parseStored(DeviceInfoSchema, r.device_info, { table: 'demonstrations', row: r.id, field: 'device_info' }),
  status: r.status,
  note: r.note,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
});

const stepFromRow = (r: StepRow): Step => ({
  id: r.id,
  demonstrationId: r.demonstration_id,
  idx: r.idx,
  screenshotBlob: r.screenshot_blob,
  thumbnailBlob: r.thumbnail_blob,
  xmlBlob: r.xml_blob,
  foregroundPackage: r.foreground_package,
  foregroundActivity: r.foreground_activity,
  action: r.action === null ? null : parseStored(ActionSchema, r.action, { table: 'steps', row: r.id, field: 'action' }),
  actionPx: r.action_px === null ? null : parseActionPx(fromJson(r.action_px)),
  timings: parseTimings(fromJson(r.timings)),
  createdAt: r.created_at,
  alternatives: r.alternatives === null ? null : parseAlternatives(r.alternatives),
});

/** Demonstrations and their steps. Each `addStep` is its own transaction: a crash loses no committed step. */
export class DemonstrationsRepo {
  private readonly insertStep;
  private readonly deleteStep;
  private readonly insertPending;

  constructor(private readonly db: Db) {
    this.insertStep = db.prepare(
      `INSERT INTO steps (demonstration_id, idx, screenshot_blob, thumbnail_blob, xml_blob, foreground_package,
       foreground_activity, action, action_px, timings, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.deleteStep = db.prepare('DELETE FROM steps WHERE demonstration_id = ? AND idx = ?');
    this.insertPending = db.prepare('INSERT INTO pending_captures (step_id, screenshot, xml, created_at) VALUES (?, ?, ?, ?)');
  }

  create(taskId: string, deviceSerial: string, deviceInfo: Record<string, unknown> = {}): Demonstration {
    const info = this.db
      .prepare(
        `INSERT INTO demonstrations (task_id, device_serial, device_info, status, started_at)
         VALUES (?, ?, ?, 'recording', ?)`,
      )
      .run(taskId, deviceSerial, toJson(deviceInfo), nowIso());
    return this.get(Number(info.lastInsertRowid))!;
  }

  get(id: number): Demonstration | undefined {
    const row = this.db.prepare<[number], DemoRow>('SELECT * FROM demonstrations WHERE id = ?').get(id);
    return row ? demoFromRow(row) : undefined;
  }

  /**
   * Demonstrations left 'recording' by a crash can never continue; mark them interrupted. One still
   * being recorded by a live process (`isLive`: it holds the demonstration's lease) is left alone.
   * Returns how many were marked.
   */
  interruptDangling(isLive: (id: number) => boolean = () => false): number {
    const open = this.db.prepare<[], { id: number }>(`SELECT id FROM demonstrations WHERE status = 'recording'`).all();
    const mark = this.db.prepare(`UPDATE demonstrations SET status = 'interrupted', finished_at = ? WHERE id = ? AND status = 'recording'`);
    let n = 0;
    for (const { id } of open) if (!isLive(id)) n += mark.run(nowIso(), id).changes;
    return n;
  }

  listForTask(taskId: string): Demonstration[] {
    return this.db.prepare<[string], DemoRow>('SELECT * FROM demonstrations WHERE task_id = ? ORDER BY id').all(taskId).map(demoFromRow);
  }

  setStatus(id: number, status: DemonstrationStatus): void {
    const finished = status === 'recording' ? null : nowIso();
    this.db.prepare('UPDATE demonstrations SET status = ?, finished_at = ? WHERE id = ?').run(status, finished, id);
  }

  setNote(id: number, note: string): void {
    this.db.prepare('UPDATE demonstrations SET note = ? WHERE id = ?').run(note, id);
  }

  /**
   * Commits a step; with `capture`, also the observation as the phone gave it (see PendingCapturesRepo),
   * in the same transaction: the step and its pixels are durable together, before any encoding.
   */
  addStep(s: RecordedStep, capture?: RawCapture): number {
    return this.db.transaction(() => {
      const id = this.insertStepRow(s);
      if (capture) this.insertPending.run(id, capture.screenshot, Buffer.from(capture.xml, 'utf8'), nowIso());
      return id;
    })();
  }

  private insertStepRow(s: RecordedStep): number {
    const info = this.insertStep.run(
      s.demonstrationId,
      s.idx,
      s.screenshotBlob,
      s.thumbnailBlob,
      s.xmlBlob,
      s.foregroundPackage,
      s.foregroundActivity,
      s.action === null ? null : toJson(s.action),
      s.actionPx === null ? null : toJson(s.actionPx),
      toJson(s.timings),
      nowIso(),
    );
    return Number(info.lastInsertRowid);
  }

  /** Marks a recorded tap as standing for other options of its group too (null: only as demonstrated). */
  setAlternatives(demonstrationId: number, idx: number, alternatives: TapAlternatives | null): boolean {
    return (
      this.db
        .prepare('UPDATE steps SET alternatives = ? WHERE demonstration_id = ? AND idx = ?')
        .run(alternatives === null ? null : toJson(alternatives), demonstrationId, idx).changes === 1
    );
  }

  /** Removes the step (undo); returns whether there was one. */
  removeStep(demonstrationId: number, idx: number): boolean {
    return this.deleteStep.run(demonstrationId, idx).changes === 1;
  }

  /** How many steps a demonstration has (without reading them). */
  stepCount(demonstrationId: number): number {
    return this.db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM steps WHERE demonstration_id = ?').get(demonstrationId)!.n;
  }

  /** The first finished demonstration of a task: what the replay oracle follows and the human baseline of a report. */
  firstFinished(taskId: string): Demonstration | undefined {
    const row = this.db
      .prepare<[string], DemoRow>("SELECT * FROM demonstrations WHERE task_id = ? AND status = 'finished' ORDER BY id LIMIT 1")
      .get(taskId);
    return row ? demoFromRow(row) : undefined;
  }

  /** One step by its row id (undefined once undone). */
  stepById(id: number): Step | undefined {
    const row = this.db.prepare<[number], StepRow>('SELECT * FROM steps WHERE id = ?').get(id);
    return row ? stepFromRow(row) : undefined;
  }

  steps(demonstrationId: number): Step[] {
    return this.db
      .prepare<[number], StepRow>('SELECT * FROM steps WHERE demonstration_id = ? ORDER BY idx')
      .all(demonstrationId)
      .map(stepFromRow);
  }
}
