import type { LeasesRepo } from '../../adapters/db/repositories/leases-repo.js';
import { openDeviceLeaseFile } from '../../adapters/db/device-lease-file.js';
import { describeHolder } from '../../adapters/system/leases.js';
import type { Held, Lease } from '../leases/hold-lease.js';
import { holdLease } from '../leases/hold-lease.js';

/** A device another process (or another part of this one) is using. */
export class DeviceBusyError extends Error {
  override readonly name = 'DeviceBusyError';
  constructor(
    readonly busy: { device: string; holder: Lease }[],
    what: string,
  ) {
    super(`${busy.map((b) => `${b.device} is in use by ${describeHolder(b.holder)}`).join('; ')}: ${what}`);
  }
}

/** `localhost:5037` and `127.0.0.1:5037` are one server. */
function serverKey(server: string): string {
  return server
    .trim()
    .toLowerCase()
    .replace(/^localhost:/, '127.0.0.1:')
    .replace(/^\[::1\]:/, '127.0.0.1:');
}

/** A device's lease id: one per adb server and serial. */
const leaseId = (server: string, serial: string): string => `${serverKey(server)}/${serial}`;

/**
 * Devices leased by name (a serial, or `server/serial`) through the hub's servers, in the user data
 * folder's lease file (opened on first use), so every ElderBench process of this user sees them.
 */
export class DeviceLeaseService {
  private file: { leases: LeasesRepo; close(): void } | null = null;
  /** The releases of what this process holds, all called on close. */
  private readonly held = new Set<() => void>();

  constructor(
    private readonly dir: string,
    private readonly serverOf: (device: string) => string,
  ) {}

  private table(): LeasesRepo {
    this.file ??= openDeviceLeaseFile(this.dir);
    return this.file.leases;
  }

  /** Takes the device for `purpose` (kept fresh until released), or says who has it. */
  take(device: string, purpose: string): Held {
    const serial = device.includes('/') ? device.slice(device.lastIndexOf('/') + 1) : device;
    const got = holdLease(() => this.table(), 'device', leaseId(this.serverOf(device), serial), purpose);
    if (!got.ok) return got;
    const release = (): void => {
      this.held.delete(release);
      got.release();
    };
    this.held.add(release);
    return { ok: true, release };
  }

  /** The devices in use now (one read of the file), looked up by the server and serial the hub lists. */
  inUse(): (server: string, serial: string) => Lease | null {
    const byId = new Map(
      this.table()
        .list('device')
        .map((l) => [l.id, l]),
    );
    return (server, serial) => byId.get(leaseId(server, serial)) ?? null;
  }

  /** Gives back whatever this process still holds (closing). */
  close(): void {
    for (const release of [...this.held]) release();
    if (!this.file) return;
    try {
      this.file.leases.releaseMine();
    } finally {
      this.file.close();
      this.file = null;
    }
  }
}
