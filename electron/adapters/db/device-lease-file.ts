import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from './connection.js';
import { migrate } from './migrate.js';
import * as m0014 from './migrations/0014-leases.js';
import { LeasesRepo } from './repositories/leases-repo.js';

export const DEVICE_LEASE_FILE = 'device-leases.db';

/**
 * Which process uses which device, for every ElderBench process of this user on this machine (the
 * window, CLI runs, other workspaces on the same adb server): a small SQLite database in the user
 * data folder holding only the lease table, with kind 'device'. Returns the table and how to close it.
 */
export function openDeviceLeaseFile(dir: string): { leases: LeasesRepo; close(): void } {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, DEVICE_LEASE_FILE);
  const db = openDatabase(file);
  try {
    migrate(db, [{ version: 14, name: 'leases', up: m0014.up }], file);
  } catch (e) {
    db.close();
    throw e;
  }
  return { leases: new LeasesRepo(db), close: () => db.close() };
}
