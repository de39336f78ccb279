import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from '../db/connection.js';
import { BUSY_TIMEOUT_MS, writeTransaction } from '../db/connection.js';
import type { LeaseHolder } from './leases.js';
import { leaseIsLive, THIS_PROCESS } from './leases.js';

export const DEVICE_LEASES_FILE = 'device-leases.db';

export interface DeviceLease extends LeaseHolder {
  /** host:port of the adb server the device is reached through. */
  server: string;
  serial: string;
  /** Held by this process. */
  mine: boolean;
}

interface Row {
  server: string;
  serial: string;
  owner: string;
  pid: number;
  host: string;
  purpose: string;
  since: string;
  heartbeat_at: number;
}

/** `localhost:5037` and `127.0.0.1:5037` are one server. */
export function serverKey(server: string): string {
  return server
    .trim()
    .toLowerCase()
    .replace(/^localhost:/, '127.0.0.1:')
    .replace(/^\[::1\]:/, '127.0.0.1:');
}

const fromRow = (r: Row): DeviceLease => ({
  server: r.server,
  serial: r.serial,
  owner: r.owner,
  pid: r.pid,
  host: r.host,
  purpose: r.purpose,
  since: r.since,
  heartbeatAt: r.heartbeat_at,
  mine: r.owner === THIS_PROCESS.owner,
});

/**
 * Which process uses which device, for every process of this user on this machine: one small
 * SQLite file in the user data folder (its transactions are the lock every process sees). A run
 * or a recording takes a device's lease before touching it and gives it back after; a second one
 * waits, skips the device or refuses, naming the holder. See leases.ts for expiry.
 */
export class DeviceLeases {
  private db: Db | null = null;

  constructor(readonly dir: string) {}

  get file(): string {
    return join(this.dir, DEVICE_LEASES_FILE);
  }

  private open(): Db {
    if (this.db) return this.db;
    mkdirSync(this.dir, { recursive: true });
    const db = new Database(this.file);
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    db.exec(`CREATE TABLE IF NOT EXISTS device_leases (
      server TEXT NOT NULL, serial TEXT NOT NULL, owner TEXT NOT NULL, pid INTEGER NOT NULL, host TEXT NOT NULL,
      purpose TEXT NOT NULL, since TEXT NOT NULL, heartbeat_at INTEGER NOT NULL, PRIMARY KEY (server, serial))`);
    this.db = db;
    return db;
  }

  /** Takes the device, or says who has it. Taking one this process already holds renews it. */
  acquire(server: string, serial: string, purpose: string): { ok: true } | { ok: false; holder: DeviceLease } {
    const db = this.open();
    const key = serverKey(server);
    return writeTransaction(db, () => {
      const row = db.prepare<[string, string], Row>('SELECT * FROM device_leases WHERE server = ? AND serial = ?').get(key, serial);
      if (row && row.owner !== THIS_PROCESS.owner && leaseIsLive({ ...row, heartbeatAt: row.heartbeat_at })) {
        return { ok: false as const, holder: fromRow(row) };
      }
      if (row && row.owner === THIS_PROCESS.owner && row.purpose !== purpose) {
        // Two users of one device inside this process (the window recording while it runs): the first keeps it.
        return { ok: false as const, holder: fromRow(row) };
      }
      db.prepare(
        `INSERT INTO device_leases (server, serial, owner, pid, host, purpose, since, heartbeat_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (server, serial) DO UPDATE SET owner = excluded.owner, pid = excluded.pid, host = excluded.host,
         purpose = excluded.purpose, since = excluded.since, heartbeat_at = excluded.heartbeat_at`,
      ).run(key, serial, THIS_PROCESS.owner, THIS_PROCESS.pid, THIS_PROCESS.host, purpose, new Date().toISOString(), Date.now());
      return { ok: true as const };
    });
  }

  /** Keeps this process's leases fresh (called on a timer while it holds any). */
  heartbeat(): void {
    if (!this.db) return;
    this.db.prepare('UPDATE device_leases SET heartbeat_at = ? WHERE owner = ?').run(Date.now(), THIS_PROCESS.owner);
  }

  release(server: string, serial: string): void {
    if (!this.db) return;
    this.db
      .prepare('DELETE FROM device_leases WHERE server = ? AND serial = ? AND owner = ?')
      .run(serverKey(server), serial, THIS_PROCESS.owner);
  }

  /** The live leases (expired ones are left for the next taker to replace). */
  list(): DeviceLease[] {
    const db = this.open();
    return db
      .prepare<[], Row>('SELECT * FROM device_leases ORDER BY server, serial')
      .all()
      .filter((r) => leaseIsLive({ ...r, heartbeatAt: r.heartbeat_at }))
      .map(fromRow);
  }

  close(): void {
    if (!this.db) return;
    this.db.prepare('DELETE FROM device_leases WHERE owner = ?').run(THIS_PROCESS.owner);
    this.db.close();
    this.db = null;
  }
}
