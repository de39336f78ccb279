import type { ProbeTaskResult } from '../../../../shared/domain/graph.js';
import type { Db } from '../connection.js';
import { nowIso, parseStored, toJson } from './json.js';
import { ProbeTaskResultSchema } from './stored-schemas.js';

export interface StoredProbe {
  id: number;
  graphId: number;
  createdAt: string;
  result: ProbeTaskResult;
}

interface ProbeRow {
  id: number;
  graph_id: number;
  result: string;
  created_at: string;
}

/** Probe results of graph versions; the latest per version is the graph's probe status. */
export class GraphProbesRepo {
  constructor(private readonly db: Db) {}

  add(graphId: number, result: ProbeTaskResult): StoredProbe {
    const createdAt = nowIso();
    const info = this.db
      .prepare('INSERT INTO graph_probes (graph_id, kind, device, result, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(graphId, result.kind, result.device, toJson(result), createdAt);
    return { id: Number(info.lastInsertRowid), graphId, createdAt, result };
  }

  /** The newest probe of a graph version; a device probe outranks a structural one taken later. */
  latest(graphId: number): StoredProbe | undefined {
    const row = this.db
      .prepare<[number], ProbeRow>(
        "SELECT id, graph_id, result, created_at FROM graph_probes WHERE graph_id = ? ORDER BY kind = 'device' DESC, id DESC LIMIT 1",
      )
      .get(graphId);
    return row
      ? {
          id: row.id,
          graphId: row.graph_id,
          createdAt: row.created_at,
          result: parseStored(ProbeTaskResultSchema, row.result, { table: 'graph_probes', row: row.id, field: 'result' }),
        }
      : undefined;
  }
}
