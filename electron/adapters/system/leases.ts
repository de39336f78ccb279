import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * Leases: what one process holds so that another process (on this machine, or on another
 * machine sharing a workspace folder) neither uses it at the same time nor mistakes it for
 * abandoned. A lease names its holder (pid, host, what for) and is kept fresh by a heartbeat; it
 * is over when its heartbeat is older than LEASE_TTL_MS, or at once when its holder on this
 * machine is no longer running (a SIGKILL frees it). One table holds them (db/repositories/leases-repo.ts):
 * devices in the user data folder's lease file (db/device-lease-file.ts), a workspace's runs and recordings
 * in the workspace.
 */
export const LEASE_TTL_MS = 30_000;
export const LEASE_HEARTBEAT_MS = 5_000;

export interface LeaseHolder {
  /** Unique per process (host, pid and a random part: pids are reused). */
  owner: string;
  pid: number;
  host: string;
  /** What it is held for, in words ("elderbench run run-…", "recording task x"). */
  purpose: string;
  /** When it was taken (ISO). */
  since: string;
  /** Last heartbeat, ms since the epoch. */
  heartbeatAt: number;
}

/** This process, as a lease owner. */
export const THIS_PROCESS = {
  owner: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`,
  pid: process.pid,
  host: hostname(),
} as const;

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/** Whether a lease still holds: a recent heartbeat, and (on this machine) a holder that still runs. */
export function leaseIsLive(l: Pick<LeaseHolder, 'owner' | 'pid' | 'host' | 'heartbeatAt'>, now: number = Date.now()): boolean {
  if (l.owner === THIS_PROCESS.owner) return true;
  if (now - l.heartbeatAt > LEASE_TTL_MS) return false;
  return l.host !== THIS_PROCESS.host || running(l.pid);
}

/** "elderbench run run-… (pid 1234 on lab-3, since 10:02:11)" */
export function describeHolder(h: LeaseHolder): string {
  const since = h.since.slice(11, 19);
  return `${h.purpose} (pid ${h.pid}${h.host === THIS_PROCESS.host ? '' : ` on ${h.host}`}${since ? `, since ${since} UTC` : ''})`;
}
