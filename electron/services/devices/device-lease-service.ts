import type { DeviceLease } from '../../adapters/system/device-leases.js';
import { DeviceLeases, serverKey } from '../../adapters/system/device-leases.js';
import { describeHolder } from '../../adapters/system/leases.js';
import { keepFresh } from '../leases/lease-keeper.js';

export type { DeviceLease } from '../../adapters/system/device-leases.js';

/** A device another process (or another part of this one) is using. */
export class DeviceBusyError extends Error {
  override readonly name = 'DeviceBusyError';
  constructor(
    readonly busy: { device: string; holder: DeviceLease }[],
    what: string,
  ) {
    super(`${busy.map((b) => `${b.device} is in use by ${describeHolder(b.holder)}`).join('; ')}: ${what}`);
  }
}

/**
 * Devices leased by name (a serial, or `server/serial`) through the hub's servers; see
 * adapters/system/device-leases.ts. `take` returns the release; a lease held by this process is
 * kept fresh until it is released or the process ends.
 */
export class DeviceLeaseService {
  private readonly leases: DeviceLeases;

  constructor(
    dir: string,
    private readonly serverOf: (device: string) => string,
  ) {
    this.leases = new DeviceLeases(dir);
  }

  take(device: string, purpose: string): { ok: true; release: () => void } | { ok: false; holder: DeviceLease } {
    const server = this.serverOf(device);
    const serial = device.includes('/') ? device.slice(device.lastIndexOf('/') + 1) : device;
    const got = this.leases.acquire(server, serial, purpose);
    if (!got.ok) return got;
    const stop = keepFresh(() => this.leases.heartbeat());
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        stop();
        this.leases.release(server, serial);
      },
    };
  }

  /** Live leases, to show which devices are in use and by whom. */
  list(): DeviceLease[] {
    return this.leases.list();
  }

  /** The holder of a device (by the server and serial the hub lists), or null. */
  holderOf(server: string, serial: string): DeviceLease | null {
    const key = serverKey(server);
    return this.list().find((l) => l.server === key && l.serial === serial) ?? null;
  }

  close(): void {
    this.leases.close();
  }
}
