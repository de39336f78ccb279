import type { Db } from '../connection.js';
import { nowIso } from './json.js';

export interface StfClaim {
  stfUrl: string;
  serial: string;
  runId: string | null;
  /** host:port of the adb server the device was `adb connect`ed through. */
  adbServer: string;
  /** The farm's `host:port` for the device, once known. */
  remoteUrl: string | null;
  pid: number;
  host: string;
  claimedAt: string;
}

interface Row {
  stf_url: string;
  serial: string;
  run_id: string | null;
  adb_server: string;
  remote_url: string | null;
  pid: number;
  host: string;
  claimed_at: string;
}

const fromRow = (r: Row): StfClaim => ({
  stfUrl: r.stf_url,
  serial: r.serial,
  runId: r.run_id,
  adbServer: r.adb_server,
  remoteUrl: r.remote_url,
  pid: r.pid,
  host: r.host,
  claimedAt: r.claimed_at,
});

/** The journal of device-farm claims; each call is its own transaction (it must survive a kill). */
export class StfClaimsRepo {
  constructor(private readonly db: Db) {}

  add(c: Omit<StfClaim, 'claimedAt' | 'remoteUrl'>): void {
    this.db
      .prepare(
        `INSERT INTO stf_claims (stf_url, serial, run_id, adb_server, remote_url, pid, host, claimed_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?)
         ON CONFLICT (stf_url, serial) DO UPDATE SET run_id = excluded.run_id, adb_server = excluded.adb_server, remote_url = NULL,
         pid = excluded.pid, host = excluded.host, claimed_at = excluded.claimed_at`,
      )
      .run(c.stfUrl, c.serial, c.runId, c.adbServer, c.pid, c.host, nowIso());
  }

  setRemoteUrl(stfUrl: string, serial: string, remoteUrl: string): void {
    this.db.prepare('UPDATE stf_claims SET remote_url = ? WHERE stf_url = ? AND serial = ?').run(remoteUrl, stfUrl, serial);
  }

  remove(stfUrl: string, serial: string): void {
    this.db.prepare('DELETE FROM stf_claims WHERE stf_url = ? AND serial = ?').run(stfUrl, serial);
  }

  list(stfUrl?: string): StfClaim[] {
    const rows = stfUrl
      ? this.db.prepare<[string], Row>('SELECT * FROM stf_claims WHERE stf_url = ? ORDER BY claimed_at').all(stfUrl)
      : this.db.prepare<[], Row>('SELECT * FROM stf_claims ORDER BY claimed_at').all();
    return rows.map(fromRow);
  }
}
