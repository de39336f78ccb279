import type { Db } from '../connection.js';
import { nowIso } from './json.js';

export interface BlobRow {
  id: string;
  size: number;
  mediaType: string;
  createdAt: string;
}

/** The index of the content-addressed blob store (the bytes live in files; see adapters/blobs). */
export class BlobsRepo {
  private readonly insert;
  private readonly select;

  constructor(db: Db) {
    this.insert = db.prepare<[string, number, string, string]>(
      'INSERT OR IGNORE INTO blobs (id, size, media_type, created_at) VALUES (?, ?, ?, ?)',
    );
    this.select = db.prepare<[string], BlobRow>(
      'SELECT id, size, media_type AS mediaType, created_at AS createdAt FROM blobs WHERE id = ?',
    );
  }

  /** Returns true when the row is new. */
  record(id: string, size: number, mediaType: string): boolean {
    return this.insert.run(id, size, mediaType, nowIso()).changes === 1;
  }

  get(id: string): BlobRow | undefined {
    return this.select.get(id);
  }
}
