import { setTimeout as sleep } from 'node:timers/promises';
import { describeHolder } from '../../adapters/system/leases.js';
import { DeviceBusyError } from '../devices/device-lease-service.js';
import type { Lease } from '../leases/hold-lease.js';
import type { ExecutorDeps } from './run-executor.js';

/**
 * What a run does with a device another process holds (another run, a recording, the window):
 * `wait` for it (the default: both runs finish, one after the other on that device), `skip` it
 * (run on the others), or `refuse` to start. Whichever, the holder is named.
 */
export type BusyDevicePolicy = 'wait' | 'skip' | 'refuse';
export const BUSY_DEVICE_POLICIES: readonly BusyDevicePolicy[] = ['wait', 'skip', 'refuse'];

/** How often a waiting run looks whether its device was given back. */
const WAIT_POLL_MS = 500;

export interface RunLeases {
  /** The devices the run may try (busy ones are dropped under `skip`). */
  serials: string[];
  claim(serial: string, stillNeeded: () => boolean): Promise<boolean>;
  release(serial: string): void;
  releaseAll(): void;
}

/**
 * Takes the run's devices before any task starts: free ones at once; busy ones by the policy.
 * Each device is given back as soon as the run has no more work for it.
 */
export async function leaseDevices(runId: string, serials: readonly string[], deps: ExecutorDeps): Promise<RunLeases> {
  const hub = deps.devices;
  const purpose = `elderbench run ${runId}`;
  const policy = deps.busyDevices ?? 'wait';
  const held = new Map<string, () => void>();
  const tryTake = (serial: string): Lease | null => {
    const r = hub.leases.take(serial, purpose);
    if (!r.ok) return r.holder;
    held.set(serial, r.release);
    return null;
  };
  const releaseAll = (): void => {
    for (const r of held.values()) r();
    held.clear();
    hub.leasesChanged();
  };
  const busy: { device: string; holder: Lease }[] = [];
  for (const s of serials) {
    const holder = tryTake(s);
    if (holder) busy.push({ device: s, holder });
  }
  hub.leasesChanged();
  if (busy.length > 0 && (policy === 'refuse' || (policy === 'skip' && busy.length === serials.length))) {
    releaseAll();
    throw new DeviceBusyError(
      busy,
      policy === 'refuse'
        ? 'the run did not start; wait for it to finish, pick other devices, or run with --busy-devices wait'
        : 'no device is free, so the run did not start',
    );
  }
  const waiting = new Set<string>();
  for (const b of busy) {
    if (policy === 'skip') deps.log(`skipping ${b.device}: in use by ${describeHolder(b.holder)}`);
    else {
      waiting.add(b.device);
      deps.log(`waiting for ${b.device}: in use by ${describeHolder(b.holder)}`);
    }
  }
  return {
    serials: policy === 'skip' ? serials.filter((s) => !busy.some((b) => b.device === s)) : [...serials],
    claim: async (serial, stillNeeded) => {
      while (!held.has(serial)) {
        if (!stillNeeded() || deps.cancelled()) return false;
        await sleep(WAIT_POLL_MS);
        if (!tryTake(serial)) {
          if (waiting.delete(serial)) deps.log(`${serial} is free now`);
          hub.leasesChanged();
        }
      }
      return true;
    },
    release: (serial) => {
      held.get(serial)?.();
      held.delete(serial);
      hub.leasesChanged();
    },
    releaseAll,
  };
}
