/**
 * Leases (see adapters/system/leases.ts): what a live process holds, named by kind and id, with
 * its holder and heartbeat. In a workspace: its runs being executed and demonstrations being
 * recorded; the same table, alone, is the user data folder's device lease file
 * (adapters/db/device-lease-file.ts), with one row per adb server and serial.
 */
export const up = `
CREATE TABLE leases (
  kind         TEXT NOT NULL,
  id           TEXT NOT NULL,
  owner        TEXT NOT NULL,
  pid          INTEGER NOT NULL,
  host         TEXT NOT NULL,
  purpose      TEXT NOT NULL,
  since        TEXT NOT NULL,
  heartbeat_at INTEGER NOT NULL,
  PRIMARY KEY (kind, id)
);
`;
