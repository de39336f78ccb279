import { z } from 'zod';
import { ActionSchema } from '../../../../shared/domain/action.js';
import { TargetElementSchema } from '../../../../shared/domain/action-px.js';
import type { GrowthDecision, GrowthKind } from '../../../../shared/domain/off-graph.js';
import type { Db } from '../connection.js';
import { nowIso, parseStored, readEach, toJson } from './json.js';

interface DecisionRow {
  id: number;
  kind: GrowthKind;
  task_id: string;
  run_id: string | null;
  agent: string | null;
  step_idx: number | null;
  anchor_demo: number | null;
  anchor_idx: number | null;
  action: string | null;
  target: string | null;
  screen: string | null;
  demonstration_id: number | null;
  note: string;
  created_at: string;
}

const ScreenSchema = z.object({ width: z.number().positive(), height: z.number().positive() });

/** A nullable JSON column read with its schema; a value it refuses names the table, row and field. */
const column = <S extends z.ZodType>(schema: S, json: string | null, row: number, field: string): z.output<S> | null =>
  json === null ? null : parseStored(schema, json, { table: 'off_graph_decisions', row, field });

const fromRow = (r: DecisionRow): GrowthDecision => ({
  id: r.id,
  kind: r.kind,
  taskId: r.task_id,
  source: r.run_id !== null && r.agent !== null && r.step_idx !== null ? { runId: r.run_id, agent: r.agent, step: r.step_idx } : null,
  anchor: r.anchor_demo !== null && r.anchor_idx !== null ? { demonstrationId: r.anchor_demo, idx: r.anchor_idx } : null,
  action: column(ActionSchema, r.action, r.id, 'action'),
  target: column(TargetElementSchema, r.target, r.id, 'target'),
  screen: column(ScreenSchema, r.screen, r.id, 'screen'),
  demonstrationId: r.demonstration_id,
  note: r.note,
  createdAt: r.created_at,
});

/** What a new decision says; the id and time are assigned here. */
export type NewDecision = Omit<GrowthDecision, 'id' | 'createdAt'>;

/**
 * Annotators' decisions about agents' off-graph actions and accepted exploration routes. Append-only
 * but for the branch's demonstration, which is linked when its recording starts.
 */
export class OffGraphRepo {
  constructor(private readonly db: Db) {}

  add(d: NewDecision): GrowthDecision {
    const info = this.db
      .prepare(
        `INSERT INTO off_graph_decisions (kind, task_id, run_id, agent, step_idx, anchor_demo, anchor_idx, action, target, screen,
         demonstration_id, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        d.kind,
        d.taskId,
        d.source?.runId ?? null,
        d.source?.agent ?? null,
        d.source?.step ?? null,
        d.anchor?.demonstrationId ?? null,
        d.anchor?.idx ?? null,
        d.action ? toJson(d.action) : null,
        d.target ? toJson(d.target) : null,
        d.screen ? toJson(d.screen) : null,
        d.demonstrationId,
        d.note,
        nowIso(),
      );
    return this.get(Number(info.lastInsertRowid))!;
  }

  get(id: number): GrowthDecision | undefined {
    const row = this.db.prepare<[number], DecisionRow>('SELECT * FROM off_graph_decisions WHERE id = ?').get(id);
    return row ? fromRow(row) : undefined;
  }

  /** A task's decisions, oldest first. */
  forTask(taskId: string): GrowthDecision[] {
    // A damaged row is reported and skipped: the other decisions of the task still stand.
    return readEach(
      this.db.prepare<[string], DecisionRow>('SELECT * FROM off_graph_decisions WHERE task_id = ? ORDER BY id').all(taskId),
      fromRow,
    );
  }

  /** The decision behind a demonstration (a branch or an accepted route), if it is one. */
  forDemonstration(demonstrationId: number): GrowthDecision | undefined {
    const row = this.db
      .prepare<[number], DecisionRow>('SELECT * FROM off_graph_decisions WHERE demonstration_id = ? ORDER BY id DESC LIMIT 1')
      .get(demonstrationId);
    return row ? fromRow(row) : undefined;
  }

  /**
   * Demonstrations of a task that were not recorded by a person from the task's start: branches from an
   * agent's action and accepted exploration routes. A measurement "on the human demonstrations alone"
   * leaves these out.
   */
  grownDemonstrations(taskId: string): Set<number> {
    const rows = this.db
      .prepare<[string], { demonstration_id: number }>(
        "SELECT demonstration_id FROM off_graph_decisions WHERE task_id = ? AND kind IN ('branch', 'route') AND demonstration_id IS NOT NULL",
      )
      .all(taskId);
    return new Set(rows.map((r) => r.demonstration_id));
  }
}
