import type { DevicesState } from '../../shared/domain/device.js';
import { AdbServer, parseAdbAddress } from '../adapters/adb/adb-client.js';
import type { AdbDevice } from '../adapters/adb/adb-device.js';
import type { EventBus } from './event-bus.js';

const RETRY_MS = 5000;

/**
 * Owns the connection to the configured adb server: lists devices, tracks plug/unplug
 * (pushed as devices.onChanged), and hands out device ports. Follows the setting when
 * it changes.
 */
export class DeviceHub {
  private server: AdbServer;
  private state: DevicesState;
  private stopTracking: (() => void) | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    address: string,
    private readonly events: EventBus,
  ) {
    this.server = new AdbServer(parseAdbAddress(address));
    this.state = { server: this.server.label, reachable: false, problem: null, devices: [] };
  }

  get serverLabel(): string {
    return this.server.label;
  }

  setAddress(address: string): void {
    const next = parseAdbAddress(address);
    if (next.host === this.server.address.host && next.port === this.server.address.port) return;
    this.stop();
    this.server = new AdbServer(next);
    this.state = { server: this.server.label, reachable: false, problem: null, devices: [] };
    void this.refresh();
  }

  /** Current list; starts tracking on first use so plug/unplug events reach the UI. */
  async refresh(): Promise<DevicesState> {
    try {
      const devices = await this.server.listDevices();
      this.publish({ server: this.server.label, reachable: true, problem: null, devices });
      if (!this.stopTracking) await this.track();
    } catch (e) {
      this.publish({ server: this.server.label, reachable: false, problem: (e as Error).message, devices: [] });
      this.scheduleRetry();
    }
    return this.state;
  }

  device(serial: string): AdbDevice {
    return this.server.device(serial);
  }

  connect(host: string, port: number): Promise<string> {
    return this.server.connect(host, port);
  }

  private async track(): Promise<void> {
    this.stopTracking = await this.server.track(
      (devices) => this.publish({ server: this.server.label, reachable: true, problem: null, devices }),
      (e) => {
        this.stopTracking = null;
        this.publish({ ...this.state, reachable: false, problem: e.message, devices: [] });
        this.scheduleRetry();
      },
    );
  }

  private scheduleRetry(): void {
    if (this.retry || this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.refresh();
    }, RETRY_MS);
    this.retry.unref();
  }

  private publish(next: DevicesState): void {
    const changed = JSON.stringify(next) !== JSON.stringify(this.state);
    this.state = next;
    if (changed) this.events.emit('devices.onChanged', next);
  }

  private stop(): void {
    this.stopTracking?.();
    this.stopTracking = null;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  close(): void {
    this.closed = true;
    this.stop();
  }
}
