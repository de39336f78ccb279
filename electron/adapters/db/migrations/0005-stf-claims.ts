/**
 * Device-farm claims, written before a device is claimed and removed once it is given back, so
 * a run killed in between (SIGKILL, power loss) leaves a record that `run --resume` and
 * `devices --release-claims` use to give the device back to the farm.
 */
export const up = `
CREATE TABLE stf_claims (
  stf_url    TEXT NOT NULL,
  serial     TEXT NOT NULL,
  run_id     TEXT,
  adb_server TEXT NOT NULL,
  remote_url TEXT,
  pid        INTEGER NOT NULL,
  host       TEXT NOT NULL,
  claimed_at TEXT NOT NULL,
  PRIMARY KEY (stf_url, serial)
);
`;
