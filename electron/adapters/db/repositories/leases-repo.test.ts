import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { LEASE_TTL_MS, THIS_PROCESS } from '../../system/leases.js';
import { migrate } from '../migrate.js';
import { LeasesRepo } from './leases-repo.js';

const fresh = (): { db: Database.Database; leases: LeasesRepo } => {
  const db = new Database(':memory:');
  migrate(db);
  return { db, leases: new LeasesRepo(db) };
};

/** A lease as another process left it. */
function plant(db: Database.Database, id: string, pid: number, host: string, heartbeatAt: number): void {
  db.prepare(
    `INSERT OR REPLACE INTO leases (kind, id, owner, pid, host, purpose, since, heartbeat_at) VALUES ('device', ?, ?, ?, ?, 'elderbench run run-x', ?, ?)`,
  ).run(id, `${host}:${pid}:ab`, pid, host, new Date().toISOString(), heartbeatAt);
}

/** A pid no process has any more (a child that ran and ended). */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('the lease table', () => {
  it("takes a free lease, renews it for the same purpose, and refuses this process's own lease for another purpose", () => {
    const { leases } = fresh();
    expect(leases.take('device', 's/1', 'elderbench run a')).toBeNull();
    expect(leases.take('device', 's/1', 'elderbench run a')).toBeNull();
    expect(leases.take('device', 's/1', 'recording task t')).toMatchObject({ purpose: 'elderbench run a', pid: process.pid, mine: true });
    expect(leases.list('device').map((l) => l.id)).toEqual(['s/1']);
    leases.release('device', 's/1');
    expect(leases.holder('device', 's/1')).toBeNull();
    expect(leases.take('device', 's/1', 'recording task t')).toBeNull();
  });

  it('refuses a live holder elsewhere, naming it; takes over from a dead pid at once and from a silent holder after the expiry', () => {
    const { db, leases } = fresh();
    plant(db, 'live', process.ppid, THIS_PROCESS.host, Date.now());
    plant(db, 'other-host', 1, 'lab-other', Date.now());
    plant(db, 'dead', deadPid(), THIS_PROCESS.host, Date.now());
    plant(db, 'silent', 1, 'lab-other', Date.now() - LEASE_TTL_MS - 1000);
    expect(leases.take('device', 'live', 'mine')).toMatchObject({ pid: process.ppid, purpose: 'elderbench run run-x', mine: false });
    expect(leases.take('device', 'other-host', 'mine')).toMatchObject({ host: 'lab-other' });
    expect(leases.list('device').map((l) => l.id)).toEqual(['live', 'other-host']);
    expect(leases.take('device', 'dead', 'mine')).toBeNull();
    expect(leases.take('device', 'silent', 'mine')).toBeNull();
    expect(leases.holder('device', 'dead')).toMatchObject({ pid: process.pid, purpose: 'mine' });
    // Another process's lease is never given back by this one.
    leases.release('device', 'live');
    leases.releaseMine();
    expect(leases.list('device').map((l) => l.id)).toEqual(['live', 'other-host']);
  });

  it('a renewed lease outlives the expiry; an unrenewed one of another process does not', () => {
    const { db, leases } = fresh();
    plant(db, 'x', process.ppid, THIS_PROCESS.host, Date.now() - LEASE_TTL_MS + 2000);
    expect(leases.holder('device', 'x')).not.toBeNull();
    db.prepare('UPDATE leases SET heartbeat_at = ?').run(Date.now() - LEASE_TTL_MS - 1);
    expect(leases.holder('device', 'x')).toBeNull();
  });
});
