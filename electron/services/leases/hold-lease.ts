import type { Lease, LeaseKind, LeasesRepo } from '../../adapters/db/repositories/leases-repo.js';
import { LEASE_HEARTBEAT_MS } from '../../adapters/system/leases.js';

export type { Lease } from '../../adapters/db/repositories/leases-repo.js';

/** A lease this process took, kept fresh until `release` (safe to call twice); or who holds it. */
export type Held = { ok: true; release(): void } | { ok: false; holder: Lease };

/**
 * One heartbeat timer for every lease this process holds (devices, runs, recordings): while any
 * is held, each is renewed every LEASE_HEARTBEAT_MS; the timer never keeps the process alive on
 * its own. A failed renewal (a full disk, a closed workspace) is skipped: the lease then ages and
 * others may take it after its expiry, which is the safe side.
 */
const beats = new Set<() => void>();
let timer: NodeJS.Timeout | null = null;

function keepFresh(beat: () => void): () => void {
  beats.add(beat);
  if (!timer) {
    timer = setInterval(() => {
      for (const b of beats) {
        try {
          b();
        } catch {
          // see above
        }
      }
    }, LEASE_HEARTBEAT_MS);
    timer.unref();
  }
  return () => {
    beats.delete(beat);
    if (beats.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/**
 * Takes a lease and keeps it fresh, or says who holds it. `table` is read at each use: the
 * window may reopen its workspace while a lease is held.
 */
export function holdLease(table: () => LeasesRepo, kind: LeaseKind, id: string, purpose: string): Held {
  const holder = table().take(kind, id, purpose);
  if (holder) return { ok: false, holder };
  const stop = keepFresh(() => table().renew(kind, id));
  let released = false;
  return {
    ok: true,
    release: () => {
      if (released) return;
      released = true;
      stop();
      try {
        table().release(kind, id);
      } catch {
        // a table gone read-only or closed: the lease expires by itself
      }
    },
  };
}
