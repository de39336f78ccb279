import type { DeviceSummaryDto, DevicesState } from '../../../shared/domain/device.js';
import { AdbServer, parseAdbAddresses } from '../../adapters/adb/adb-client.js';
import type { AdbDevice, AdbDeviceOptions } from '../../adapters/adb/adb-device.js';
import type { DeviceSummary } from '../../core/device/device-port.js';
import type { EventBus } from '../event-bus.js';
import { deviceNames, splitDeviceName } from './device-names.js';
import { errorMessage } from '../../../shared/error-message.js';
import { DeviceBusyError, DeviceLeaseService } from './device-lease-service.js';
import type { Lease } from '../leases/hold-lease.js';
import { LEASE_HEARTBEAT_MS } from '../../adapters/system/leases.js';

const RETRY_MS = 5000;

/** One adb server the hub watches. */
interface Slot {
  server: AdbServer;
  reachable: boolean;
  problem: string | null;
  devices: DeviceSummary[];
  stopTracking: (() => void) | null;
  retry: NodeJS.Timeout | null;
}

/**
 * Owns the connections to the configured adb servers (one, or several for a lab that outgrew
 * one desk): lists their devices as one pool, tracks plug/unplug (pushed as devices.onChanged),
 * and hands out device ports. A device's name is its serial, qualified as `host:port/serial`
 * when the same serial is on more than one server. Follows the setting when it changes.
 */
export class DeviceHub {
  private slots: Slot[] = [];
  private state: DevicesState;
  private closed = false;
  private leaseWatch: NodeJS.Timeout | null = null;

  /** Which devices this and other processes use (a run, a recording), kept in the user data folder. */
  readonly leases: DeviceLeaseService;
  /** The configured servers (the setting or --adb)… */
  private configured: string;
  /** …and servers added for this process only (a virtual phone started from the window). */
  private readonly added: string[] = [];

  constructor(
    addresses: string,
    private readonly events: EventBus,
    /** The user data folder, where device leases live (shared by every process of this user). */
    userDataDir: string,
  ) {
    this.configured = addresses;
    this.slots = parseAdbAddresses(addresses).map((a) => this.slot(new AdbServer(a)));
    this.leases = new DeviceLeaseService(userDataDir, (name) => this.serverOf(name));
    this.state = this.merge();
  }

  private slot(server: AdbServer): Slot {
    return { server, reachable: false, problem: null, devices: [], stopTracking: null, retry: null };
  }

  /** `host:port` of every server, comma-separated (one label for the common single-server case). */
  get serverLabel(): string {
    return this.slots.map((s) => s.server.label).join(',');
  }

  setAddress(addresses: string): void {
    this.configured = addresses;
    this.rebuild();
  }

  /** Watches one more adb server until `removeServer` (not saved in the settings: it lives as long as what serves it). */
  addServer(address: string): void {
    if (!this.added.includes(address)) this.added.push(address);
    this.rebuild();
  }

  removeServer(address: string): void {
    const i = this.added.indexOf(address);
    if (i >= 0) this.added.splice(i, 1);
    this.rebuild();
  }

  private rebuild(): void {
    const all = [this.configured, ...this.added].filter(Boolean).join(',');
    const next = parseAdbAddresses(all);
    const labels = next.map((a) => `${a.host}:${a.port}`);
    if (labels.join(',') === this.serverLabel) return;
    this.stop();
    this.slots = next.map((a) => this.slot(new AdbServer(a)));
    this.state = this.merge();
    void this.refresh();
  }

  /** Current list across servers; starts tracking on first use so plug/unplug events reach the UI. */
  async refresh(): Promise<DevicesState> {
    await Promise.all(this.slots.map((s) => this.refreshSlot(s)));
    this.publish();
    // Other processes take and give back devices without an adb event: look again now and then.
    if (!this.leaseWatch && !this.closed) {
      this.leaseWatch = setInterval(() => this.publish(), LEASE_HEARTBEAT_MS);
      this.leaseWatch.unref();
    }
    return this.state;
  }

  private async refreshSlot(s: Slot): Promise<void> {
    try {
      s.devices = await s.server.listDevices();
      s.reachable = true;
      s.problem = null;
      if (!s.stopTracking) await this.track(s);
    } catch (e) {
      Object.assign(s, { reachable: false, problem: errorMessage(e), devices: [] });
      this.scheduleRetry(s);
    }
  }

  /**
   * The port of a device by its name (a serial, or `host:port/serial`). `opts.retry.beforeRetry`
   * hears every retry (a busy screen, a phone that dropped off), e.g. to show progress while a
   * capture on a slow phone takes long.
   */
  device(name: string, opts: AdbDeviceOptions = {}): AdbDevice {
    const { slot, serial } = this.resolve(name);
    return slot.server.device(serial, opts);
  }

  /** The adb server a device name is on and the device's serial there (for streams adbkit opens itself). */
  locate(name: string): { server: AdbServer; serial: string } {
    const { slot, serial } = this.resolve(name);
    return { server: slot.server, serial };
  }

  /** The adb server (`host:port`) a device name is on: recorded with each result a run produces. */
  serverOf(name: string): string {
    return this.resolve(name).slot.server.label;
  }

  /**
   * The adb server network devices are connected through (`adb connect`, farm devices): the
   * first one configured.
   */
  get primary(): AdbServer {
    return this.slots[0]!.server;
  }

  connect(host: string, port: number): Promise<string> {
    return this.primary.connect(host, port);
  }

  private resolve(name: string): { slot: Slot; serial: string } {
    const { server, serial } = splitDeviceName(
      name,
      this.slots.map((s) => s.server.label),
    );
    if (server) return { slot: this.slots.find((s) => s.server.label === server)!, serial };
    const holders = this.slots.filter((s) => s.devices.some((d) => d.serial === serial));
    if (holders.length > 1) {
      throw new Error(
        `"${serial}" is on several adb servers (${holders.map((h) => h.server.label).join(', ')}); name it as ${holders[0]!.server.label}/${serial}`,
      );
    }
    // A device not seen yet (just plugged in) is looked for on the first server; adb says if it is not there.
    return { slot: holders[0] ?? this.slots[0]!, serial };
  }

  private async track(s: Slot): Promise<void> {
    s.stopTracking = await s.server.track(
      (devices) => {
        Object.assign(s, { reachable: true, problem: null, devices });
        this.publish();
      },
      (e) => {
        Object.assign(s, { stopTracking: null, reachable: false, problem: e.message, devices: [] });
        this.publish();
        this.scheduleRetry(s);
      },
    );
  }

  private scheduleRetry(s: Slot): void {
    if (s.retry || this.closed || !this.slots.includes(s)) return;
    s.retry = setTimeout(() => {
      s.retry = null;
      void this.refreshSlot(s).then(() => this.publish());
    }, RETRY_MS);
    s.retry.unref();
  }

  private merge(): DevicesState {
    const all = this.slots.flatMap((s) => s.devices.map((d) => ({ server: s.server.label, device: d })));
    const names = deviceNames(
      all.map((x) => ({ server: x.server, serial: x.device.serial })),
      this.slots.length,
    );
    const devices: DeviceSummaryDto[] = all.map((x, i) => ({ ...x.device, serial: names[i]!, server: x.server }));
    let inUse: (server: string, serial: string) => Lease | null = () => null;
    try {
      if (devices.length > 0) inUse = this.leases.inUse();
    } catch {
      // No lease file to read (a read-only home): nothing shown as in use.
    }
    for (const [i, d] of devices.entries()) {
      const held = inUse(all[i]!.server, all[i]!.device.serial);
      if (held) d.inUseBy = { purpose: held.purpose, pid: held.pid, host: held.host, since: held.since, thisProcess: held.mine };
    }
    const down = this.slots.filter((s) => !s.reachable && s.problem);
    return {
      server: this.serverLabel,
      reachable: this.slots.some((s) => s.reachable),
      problem: down.length ? down.map((s) => (this.slots.length > 1 ? `${s.server.label}: ${s.problem}` : s.problem)).join('\n') : null,
      devices,
    };
  }

  private publish(): void {
    const next = this.merge();
    const changed = JSON.stringify(next) !== JSON.stringify(this.state);
    this.state = next;
    if (changed) this.events.emit('devices', 'onChanged', next);
  }

  private stop(): void {
    for (const s of this.slots) {
      s.stopTracking?.();
      s.stopTracking = null;
      if (s.retry) clearTimeout(s.retry);
      s.retry = null;
    }
  }

  /**
   * Takes a device for `purpose` (its lease is given back by the returned function, or when the hub
   * closes), or throws DeviceBusyError naming the run or recording of any process that holds it.
   */
  lease(name: string, purpose: string, whatToDo = 'wait for it to finish, or use another device'): () => void {
    const held = this.leases.take(name, purpose);
    if (!held.ok) throw new DeviceBusyError([{ device: name, holder: held.holder }], whatToDo);
    this.publish();
    return () => {
      held.release();
      this.publish();
    };
  }

  /** Pushes the list again (the window shows which devices are leased, and a lease changed). */
  leasesChanged(): void {
    this.publish();
  }

  close(): void {
    this.closed = true;
    this.stop();
    if (this.leaseWatch) clearInterval(this.leaseWatch);
    this.leases.close();
  }
}
