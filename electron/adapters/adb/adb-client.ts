import type { AdbClient } from './adbkit.js';
import { adbkit } from './adbkit.js';
import { connect as netConnect } from 'node:net';
import type { DeviceSummary } from '../../core/device/device-port.js';
import type { AdbDeviceOptions } from './adb-device.js';
import { AdbDevice } from './adb-device.js';
import { errorMessage } from '../../../shared/error-message.js';

type Client = AdbClient;

/** Given to adbkit as the adb binary: it must never start a daemon (see AdbServer). */
const NEVER_STARTED = '/nonexistent/elderbench-never-starts-an-adb-server';

export interface AdbServerAddress {
  host: string;
  port: number;
}

export function parseAdbAddress(s: string): AdbServerAddress {
  const m = /^([\w.-]+|\[[0-9a-f:]+\]):(\d{1,5})$/i.exec(s.trim());
  if (!m) throw new Error(`not an adb server address: "${s}" (write host:port, e.g. 127.0.0.1:5037)`);
  return { host: m[1]!.replace(/^\[|\]$/g, ''), port: Number(m[2]) };
}

/** A comma-separated list of adb servers (`--adb a:5037,b:5037`), each once, in order. */
export function parseAdbAddresses(s: string): AdbServerAddress[] {
  const parts = s
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new Error('no adb server given (write host:port, e.g. 127.0.0.1:5037; several: comma-separated)');
  const seen = new Set<string>();
  return parts.map(parseAdbAddress).filter((a) => {
    const key = `${a.host}:${a.port}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Values in `adb devices -l` keep their `model:` prefixes in adbkit; strip them. */
const strip = (v: string | undefined, prefix: string): string | null =>
  v ? (v.startsWith(prefix) ? v.slice(prefix.length) : v) || null : null;

/**
 * The connection to one adb server (a phone's, or the virtual phone's). Never starts a
 * daemon: adbkit would run `adb start-server` on a refused connection, leaving a stray
 * process behind; we check the port first and say how to start a server instead.
 */
export class AdbServer {
  private made: Client | null = null;

  constructor(readonly address: AdbServerAddress) {}

  /** adbkit's client, made (and adbkit loaded) on first use: a command that never talks to a device does not pay for it. */
  get client(): Client {
    if (this.made) return this.made;
    // `bin` is only used by adbkit to start a server when a connection is refused; a path that does
    // not exist makes that attempt fail at once (nothing is started), and the refusal is then
    // reported for what it is instead of as the attempt's own error ("node: bad option: -P").
    const client = adbkit().Adb.createClient({ host: this.address.host, port: this.address.port, bin: NEVER_STARTED });
    const connect = client.connection.bind(client);
    client.connection = (() => connect().catch((e: unknown) => Promise.reject(this.explain(e)))) as typeof client.connection;
    // adbkit re-emits a connection's late socket errors (EPIPE after a device hung up) on the client;
    // unhandled, that would end the process. The command that used the connection has its own failure.
    client.on('error', () => {});
    this.made = client;
    return client;
  }

  /** A refused connection (adbkit's failed start-server attempt stands for it) says which server and how to start one. */
  private explain(e: unknown): unknown {
    const err = e as NodeJS.ErrnoException & { cmd?: string };
    const refused = err?.code === 'ECONNREFUSED' || err?.path === NEVER_STARTED || (err?.cmd ?? '').includes('start-server');
    if (!refused) return e;
    return new Error(
      `no adb server answers at ${this.label} (connection refused: it is not running, or it stopped). Start one with ` +
        '`adb start-server` (real phones) or `elderbench phone` (the virtual phone), or point ElderBench at another with --adb host:port.',
    );
  }

  get label(): string {
    return `${this.address.host}:${this.address.port}`;
  }

  /** Resolves if something listens on the address; otherwise rejects with how to fix it. */
  async ensureReachable(timeoutMs = 3000): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const sock = netConnect({ host: this.address.host, port: this.address.port });
      const fail = (why: string): void => {
        sock.destroy();
        reject(
          new Error(
            `no adb server answers at ${this.label} (${why}). Start one with \`adb start-server\` (real phones) ` +
              'or `elderbench phone` (the virtual phone), or point ElderBench at another with --adb host:port.',
          ),
        );
      };
      sock.setTimeout(timeoutMs, () => fail('timed out'));
      sock.once('connect', () => {
        sock.end();
        resolve();
      });
      sock.once('error', (e: NodeJS.ErrnoException) => fail(e.code ?? e.message));
    });
  }

  async listDevices(): Promise<DeviceSummary[]> {
    await this.ensureReachable();
    const list = await this.client.listDevicesWithPaths();
    return list.map((d) => ({
      serial: d.id,
      state: d.type,
      model: strip(d.model, 'model:'),
      product: strip(d.product, 'product:'),
    }));
  }

  /** Calls `onChange` with the full list whenever a device appears, disappears or changes state. */
  async track(onChange: (devices: DeviceSummary[]) => void, onError: (e: Error) => void): Promise<() => void> {
    await this.ensureReachable();
    const tracker = await this.client.trackDevices();
    const refresh = (): void => {
      this.listDevices().then(onChange, (e: Error) => onError(e));
    };
    tracker.on('changeSet', refresh);
    tracker.on('error', (e: Error) => onError(e));
    return () => tracker.end();
  }

  /** `adb connect host:port` for a phone on the network. */
  async connect(host: string, port: number): Promise<string> {
    await this.ensureReachable();
    try {
      return await this.client.connect(host, port);
    } catch (e) {
      // A phone meeting this computer's key for the first time: adb is connected and waits for the phone to accept it.
      if (/failed to authenticate/.test(errorMessage(e))) return errorMessage(e);
      throw e;
    }
  }

  /**
   * A device on this server. A network device (`host:port`, e.g. a farm's remote-connect
   * address) that drops off is `adb connect`ed again between retries.
   */
  /** `adb disconnect host:port`; a device that is not connected is fine. */
  async disconnect(host: string, port: number): Promise<void> {
    await this.ensureReachable();
    await this.client.disconnect(host, port).catch((e: Error) => {
      if (!/no such device|not connected|disconnected/i.test(e.message)) throw e;
    });
  }

  /**
   * Waits until `serial` is listed in `state` (a just-connected network device goes through
   * `offline`/`unauthorized`/`authorizing` first). Rejects with its last state after `timeoutMs`.
   */
  async waitForState(serial: string, state: string, timeoutMs: number, pollMs = 200): Promise<void> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const last = (await this.listDevices()).find((d) => d.serial === serial)?.state ?? 'absent';
      if (last === state) return;
      if (Date.now() + pollMs > end) {
        const hint =
          last === 'unauthorized'
            ? ": the device does not accept this computer's adb key (register ~/.android/adbkey.pub with the farm, or accept the prompt on the phone)"
            : '';
        throw new Error(`${serial} on ${this.label} is ${last}, not ${state}, after ${Math.round(timeoutMs / 1000)} s${hint}`);
      }
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  device(serial: string, opts: AdbDeviceOptions = {}): AdbDevice {
    const net = /^([\w.-]+|\[[0-9a-f:]+\]):(\d{1,5})$/i.exec(serial);
    const reconnect = net
      ? async (): Promise<void> => void (await this.client.connect(net[1]!.replace(/^\[|\]$/g, ''), Number(net[2])))
      : undefined;
    return new AdbDevice(this.client.getDevice(serial), serial, { ...(reconnect ? { reconnect } : {}), ...opts });
  }
}
