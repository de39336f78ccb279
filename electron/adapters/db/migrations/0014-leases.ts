/**
 * Leases on a workspace's live work (a run being executed, a demonstration being recorded), held
 * by the process doing it and kept fresh by its heartbeat, so another process opening the same
 * workspace can tell live work from work a crash left behind (see adapters/system/leases.ts).
 */
export const up = `
CREATE TABLE leases (
  kind         TEXT NOT NULL CHECK (kind IN ('run','demonstration')),
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
