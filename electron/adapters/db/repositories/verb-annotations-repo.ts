import type { Db } from '../connection.js';
import { nowIso, parseStored, readEach, toJson } from './json.js';
import { StringListSchema } from './stored-schemas.js';

export interface VerbAnnotation {
  taskId: string;
  instruction: string;
  proposed: string[] | null;
  model: string | null;
  accepted: string[] | null;
  status: 'proposed' | 'accepted' | 'edited';
  updatedAt: string;
}

/** Verb annotations per task: a model's proposal, then a person's accepted or edited list. */
export class VerbAnnotationsRepo {
  constructor(private readonly db: Db) {}

  /** Records a model's proposal; a person's earlier decision for the same instruction is kept. */
  propose(taskId: string, instruction: string, verbs: readonly string[], model: string | null): void {
    const prior = this.get(taskId);
    const keep = prior && prior.instruction === instruction && prior.accepted !== null;
    this.db
      .prepare(
        `INSERT INTO verb_annotations (task_id, instruction, proposed, model, accepted, status, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (task_id) DO UPDATE SET instruction = excluded.instruction, proposed = excluded.proposed, model = excluded.model,
         accepted = excluded.accepted, status = excluded.status, updated_at = excluded.updated_at`,
      )
      .run(taskId, instruction, toJson(verbs), model, keep ? toJson(prior.accepted) : null, keep ? prior.status : 'proposed', nowIso());
  }

  /** A person's decision: the proposal as it is (`accepted`) or changed (`edited`). */
  accept(taskId: string, instruction: string, verbs: readonly string[]): VerbAnnotation {
    const prior = this.get(taskId);
    const proposed = prior && prior.instruction === instruction ? prior.proposed : null;
    const same = proposed !== null && proposed.length === verbs.length && proposed.every((v, i) => v === verbs[i]);
    this.db
      .prepare(
        `INSERT INTO verb_annotations (task_id, instruction, proposed, model, accepted, status, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (task_id) DO UPDATE SET instruction = excluded.instruction, proposed = excluded.proposed, model = excluded.model,
         accepted = excluded.accepted, status = excluded.status, updated_at = excluded.updated_at`,
      )
      .run(
        taskId,
        instruction,
        proposed ? toJson(proposed) : null,
        proposed ? prior!.model : null,
        toJson(verbs),
        same ? 'accepted' : 'edited',
        nowIso(),
      );
    return this.get(taskId)!;
  }

  get(taskId: string): VerbAnnotation | undefined {
    const r = this.db.prepare<[string], Record<string, string | null>>('SELECT * FROM verb_annotations WHERE task_id = ?').get(taskId);
    return r ? toAnnotation(r) : undefined;
  }

  all(): VerbAnnotation[] {
    return readEach(
      this.db.prepare('SELECT * FROM verb_annotations ORDER BY task_id').all() as Record<string, string | null>[],
      toAnnotation,
    );
  }
}

function toAnnotation(r: Record<string, string | null>): VerbAnnotation {
  return {
    taskId: r.task_id!,
    instruction: r.instruction!,
    proposed:
      r.proposed === null
        ? null
        : parseStored(StringListSchema, r.proposed!, { table: 'verb_annotations', row: r.task_id!, field: 'proposed' }),
    model: r.model ?? null,
    accepted:
      r.accepted === null
        ? null
        : parseStored(StringListSchema, r.accepted!, { table: 'verb_annotations', row: r.task_id!, field: 'accepted' }),
    status: r.status as VerbAnnotation['status'],
    updatedAt: r.updated_at!,
  };
}
