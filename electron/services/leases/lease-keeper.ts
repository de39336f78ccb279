import { LEASE_HEARTBEAT_MS } from '../../adapters/system/leases.js';

/**
 * One heartbeat timer for every lease this process holds (devices, runs, recordings): while any
 * is held, each holder's `beat` runs every LEASE_HEARTBEAT_MS; the timer never keeps the process
 * alive on its own. A failed beat (a full disk, a closed workspace) is skipped: the lease then
 * simply ages and others may take it after its expiry, which is the safe side.
 */
const beats = new Set<() => void>();
let timer: NodeJS.Timeout | null = null;

export function keepFresh(beat: () => void): () => void {
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
