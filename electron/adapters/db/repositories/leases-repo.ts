import type { LeaseHolder } from '../../system/leases.js';
import { leaseIsLive, THIS_PROCESS } from '../../system/leases.js';
import type { Db } from '../connection.js';
import { writeTransaction } from '../connection.js';

/** What is leased: a workspace's run or demonstration, or (in the device lease file) a device. */
export type LeaseKind = 'run' | 'demonstration' | 'device';

/** A live lease as listed: what it is on, and who holds it. */
export interface Lease extends LeaseHolder {
  kind: LeaseKind;
  id: string;
  /** Held by this process. */
  mine: boolean;
}

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

const fromRow = (r: Row): Lease => ({
  kind: r.kind,
  id: r.id,
  owner: r.owner,
  pid: r.pid,
  host: r.host,
  purpose: r.purpose,
  since: r.since,
  heartbeatAt: r.heartbeat_at,
  mine: r.owner === THIS_PROCESS.owner,
});

/**
 * The one lease table (migration 14), in a workspace or in the device lease file; each call is its
 * own transaction, whose write lock is what every process sees. Expired leases stay until the next
 * taker replaces them; `holder` and `list` never return one.
 */
export class LeasesRepo {
  constructor(private readonly db: Db) {}

  /**
   * Takes the lease for this process and returns null, or returns the live holder that has it.
   * Taking one this process holds for the same purpose renews it; for another purpose (the window
   * recording on a phone its own run uses) it is refused like any other holder's.
   */
  take(kind: LeaseKind, id: string, purpose: string): Lease | null {
    return writeTransaction(this.db, () => {
      const row = this.db.prepare<[string, string], Row>('SELECT * FROM leases WHERE kind = ? AND id = ?').get(kind, id);
      if (row) {
        const held = fromRow(row);
        if (held.mine ? held.purpose !== purpose : leaseIsLive(held)) return held;
      }
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

  /** The heartbeat of a lease this process holds. */
  renew(kind: LeaseKind, id: string): void {
    this.db
      .prepare('UPDATE leases SET heartbeat_at = ? WHERE kind = ? AND id = ? AND owner = ?')
      .run(Date.now(), kind, id, THIS_PROCESS.owner);
  }

  release(kind: LeaseKind, id: string): void {
    this.db.prepare('DELETE FROM leases WHERE kind = ? AND id = ? AND owner = ?').run(kind, id, THIS_PROCESS.owner);
  }

  /** Gives back every lease this process holds here (closing). */
  releaseMine(): void {
    this.db.prepare('DELETE FROM leases WHERE owner = ?').run(THIS_PROCESS.owner);
  }

  /** The live holder of a lease, or null (none, or it expired). */
  holder(kind: LeaseKind, id: string): Lease | null {
    const row = this.db.prepare<[string, string], Row>('SELECT * FROM leases WHERE kind = ? AND id = ?').get(kind, id);
    const lease = row ? fromRow(row) : null;
    return lease && leaseIsLive(lease) ? lease : null;
  }

  /** The live leases of one kind. */
  list(kind: LeaseKind): Lease[] {
    return this.db
      .prepare<[string], Row>('SELECT * FROM leases WHERE kind = ? ORDER BY id')
      .all(kind)
      .map(fromRow)
      .filter((l) => leaseIsLive(l));
  }
}
