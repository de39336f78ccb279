import type { ServedDevice } from './device-port.js';

/**
 * The devices one server exposes, with their plugged state. Unplugging keeps the phone's state
 * (like yanking a USB cable) but hides it from host:devices and fails new transports.
 */
export class DeviceRegistry {
  private readonly devices: ServedDevice[] = [];
  private readonly unplugged = new Set<string>();
  private readonly listeners = new Set<() => void>();

  add(d: ServedDevice): void {
    this.devices.push(d);
    this.changed();
  }

  all(): ServedDevice[] {
    return [...this.devices];
  }

  online(): ServedDevice[] {
    return this.devices.filter((d) => !this.unplugged.has(d.serial));
  }

  find(serial: string): ServedDevice | undefined {
    return this.online().find((d) => d.serial === serial);
  }

  findByTransportId(id: number): ServedDevice | undefined {
    return this.online().find((d) => d.transportId === id);
  }

  setPlugged(serial: string, plugged: boolean): void {
    if (!this.devices.some((d) => d.serial === serial)) throw new Error(`no virtual phone ${serial}`);
    const was = !this.unplugged.has(serial);
    if (was === plugged) return;
    if (plugged) this.unplugged.delete(serial);
    else this.unplugged.add(serial);
    this.changed();
  }

  isPlugged(serial: string): boolean {
    return !this.unplugged.has(serial);
  }

  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    for (const l of [...this.listeners]) l();
  }

  /** `host:devices` payload: `serial\tstate\n` per device. */
  shortList(): string {
    return this.online()
      .map((d) => `${d.serial}\tdevice\n`)
      .join('');
  }

  /** `host:devices-l` payload, formatted like transport.cpp append_transport (`%-22s %s`). */
  longList(): string {
    return this.online()
      .map((d) => {
        const model = d.model.replace(/[^A-Za-z0-9._-]/g, '_');
        return `${d.serial.padEnd(22)} device usb:1-${d.transportId} product:${d.product} model:${model} device:${d.deviceName} transport_id:${d.transportId}\n`;
      })
      .join('');
  }
}
