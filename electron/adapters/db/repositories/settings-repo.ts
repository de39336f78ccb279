import type { Db } from '../connection.js';
import { writeTransaction } from '../connection.js';
import { fromJson, toJson } from './json.js';

/** Key → JSON value. Validation belongs to the service; this only stores. */
export class SettingsRepo {
  private readonly selectAll;
  private readonly upsert;

  constructor(private readonly db: Db) {
    this.selectAll = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings');
    this.upsert = db.prepare<[string, string]>(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
    );
  }

  all(): Record<string, unknown> {
    return Object.fromEntries(this.selectAll.all().map((r) => [r.key, fromJson(r.value)]));
  }

  /** Writes all entries in one transaction: a patch lands whole or not at all. */
  putMany(entries: Record<string, unknown>): void {
    writeTransaction(this.db, () => {
      for (const [k, v] of Object.entries(entries)) this.upsert.run(k, toJson(v));
    });
  }
}
