import type { LeaseHolder } from '../../system/leases.js';
import { leaseIsLive, THIS_PROCESS } from '../../system/leases.js';
import type { Db } from '../connection.js';
import { writeTransaction } from '../connection.js';

export type LeaseKind = 'run' | 'demonstration';

interface Row {
  kind: LeaseKind;
  id: string;
  owner: string;
  pid: number;
  host: string;
  purpose: string;
  since: string;
  heartbeat_at: number;
}

const fromRow = (r: Row): LeaseHolder => ({
  owner: r.owner,
  pid: r.pid,
  host: r.host,
  purpose: r.purpose,
  since: r.since,
  heartbeatAt: r.heartbeat_at,
});

/** Leases on a workspace's runs and recordings (migration 14); each call is its own transaction. */
export class LeasesRepo {
  constructor(private readonly db: Db) {}

  /** Takes the lease for this process, or returns the live holder that has it. */
  claim(kind: LeaseKind, id: string, purpose: string): LeaseHolder | null {
    return writeTransaction(this.db, () => {
      const row = this.db.prepare<[string, string], Row>('SELECT * FROM leases WHERE kind = ? AND id = ?').get(kind, id);
      if (row && row.owner !== THIS_PROCESS.owner && leaseIsLive(fromRow(row))) return fromRow(row);
      this.db
        .prepare(
          `INSERT INTO leases (kind, id, owner, pid, host, purpose, since, heartbeat_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (kind, id) DO UPDATE SET owner = excluded.owner, pid = excluded.pid, host = excluded.host,
           purpose = excluded.purpose, since = excluded.since, heartbeat_at = excluded.heartbeat_at`,
        )
        .run(kind, id, THIS_PROCESS.owner, THIS_PROCESS.pid, THIS_PROCESS.host, purpose, new Date().toISOString(), Date.now());
      return null;
    });
  }

  /** Keeps every lease of this process in this workspace fresh. */
  heartbeat(): void {
    this.db.prepare('UPDATE leases SET heartbeat_at = ? WHERE owner = ?').run(Date.now(), THIS_PROCESS.owner);
  }

  release(kind: LeaseKind, id: string): void {
    this.db.prepare('DELETE FROM leases WHERE kind = ? AND id = ? AND owner = ?').run(kind, id, THIS_PROCESS.owner);
  }

  /** The live holder of a lease, or null (none, or it expired). */
  holder(kind: LeaseKind, id: string): LeaseHolder | null {
    const row = this.db.prepare<[string, string], Row>('SELECT * FROM leases WHERE kind = ? AND id = ?').get(kind, id);
    return row && leaseIsLive(fromRow(row)) ? fromRow(row) : null;
  }
}
