import { startAdbServer } from './protocol/server.js';
import type { AdbServerHandle } from './protocol/server.js';
import { startDeviceEndpoint } from './protocol/adbd/endpoint.js';
import type { DeviceEndpoint } from './protocol/adbd/endpoint.js';
import { DeviceRegistry } from './protocol/registry.js';
import { VirtualPhone } from './device/virtual-phone.js';
import { APPS } from './apps/registry.js';
import type { Locale, AppDefinition } from './apps/types.js';
import type { ProfileOption } from './device/profile.js';
import { DropSchedule, resolveProfile } from './device/profile.js';
import type { ConnectionLimits } from './protocol/limits.js';
import { DEFAULT_CONNECTION_LIMITS } from './protocol/limits.js';

/**
 * Public entry: an ADB server on TCP serving N virtual phones (`vphone-1…N`). The app reaches it
 * only through the ADB wire protocol, exactly like a real adb server with USB phones attached.
 */
export interface VirtualPhoneServerOptions {
  /** The ADB server's port: 0 = ephemeral; default 5037; null = no ADB server (phones only reachable with `tcpBase`). */
  port?: number | null;
  /**
   * Also serve each phone's daemon on its own port (BASE, BASE+1, …), so a stock adb server can
   * `adb connect 127.0.0.1:PORT` it like a phone on the network. 0 = an ephemeral port each.
   */
  tcpBase?: number;
  /** Default 127.0.0.1. Binding to all interfaces is refused: the phones have no auth. */
  host?: string;
  count?: number;
  locale?: Locale;
  seed?: number;
  /** Start every phone with its clock frozen at this epoch (ms), so seeded content is reproducible. */
  frozenClockMs?: number;
  /**
   * Timing: `instant` (default) answers at once; `real` behaves like a mid-range phone (slow
   * screencap and dump, "could not get idle state" while animating, input latency, transport
   * drops), seeded by `seed`. An object overrides single figures of either.
   */
  profile?: ProfileOption;
  /** Each phone's storage in bytes (default 256 MiB): writes past it fail with "No space left on device". */
  storageBytes?: number;
  /**
   * false: the phones do not say they are emulators (no `ro.kernel.qemu`), like physical phones, so a
   * test can see what the app does only on real phones (e.g. refuse an unreviewed setup command).
   */
  reportsEmulator?: boolean;
  /** Limits on the ADB endpoints' connections (see ConnectionLimits); tests lower them. */
  limits?: Partial<ConnectionLimits>;
  /**
   * System properties that differ from the vPhone's (`getprop`), to play another kind of phone, e.g.
   * `{ 'ro.product.cpu.abi': 'riscv64' }` for one minicap has no build for.
   */
  props?: Record<string, string>;
  /** Extra apps installed after the built-in ones (tests, prototypes of new apps). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each app has its own state type
  extraApps?: AppDefinition<any>[];
}

export interface VirtualPhoneServer {
  /** The ADB server's port; 0 when started without one (`port: null`). */
  port: number;
  host: string;
  serials: string[];
  /** The timing profile in force. */
  profile: 'instant' | 'real';
  /** With `tcpBase`: each phone's daemon address, for `adb connect`. */
  endpoints: { serial: string; host: string; port: number }[];
  /** With `tcpBase`: the adb public keys a phone has accepted (one `adbkey.pub` line each). */
  authorizedKeys(serial: string): string[];
  /** Resolves when the server has stopped (close() or a client's `host:kill`). */
  closed: Promise<void>;
  close(): Promise<void>;
  /** Make a phone vanish (host:devices, track-devices, transports fail) / come back. */
  unplug(serial: string): void;
  plug(serial: string): void;
  /** In-process access for tests and benches; the app itself must use the ADB protocol. */
  phone(serial: string): VirtualPhone;
}

export async function startVirtualPhoneServer(opts: VirtualPhoneServerOptions = {}): Promise<VirtualPhoneServer> {
  const host = opts.host ?? '127.0.0.1';
  if (host === '0.0.0.0' || host === '::') throw new Error('the virtual phone server only binds to a loopback address');
  const count = Math.max(1, Math.min(16, Math.floor(opts.count ?? 1)));
  const locale = opts.locale ?? 'en';
  const seed = Math.floor(opts.seed ?? 1) >>> 0;
  const registry = new DeviceRegistry();
  const phones = new Map<string, VirtualPhone>();
  const profile = resolveProfile(opts.profile);
  const drops: DropSchedule[] = [];
  for (let i = 1; i <= count; i++) {
    const p = new VirtualPhone(
      `vphone-${i}`,
      i,
      locale,
      seed,
      [...APPS, ...((opts.extraApps ?? []) as AppDefinition<unknown>[])],
      opts.frozenClockMs,
      profile,
      opts.props,
    );
    if (opts.storageBytes !== undefined) p.fs.capacity = opts.storageBytes;
    if (opts.reportsEmulator === false) p.phone.reportsEmulator = false;
    phones.set(p.serial, p);
    registry.add(p);
    drops.push(new DropSchedule(p.timing, seed, p.serial, (plugged) => registry.setPlugged(p.serial, plugged)));
  }
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  let closing: Promise<void> | null = null;
  let handle: AdbServerHandle | null = null;
  const endpoints: DeviceEndpoint[] = [];
  const close = (): Promise<void> => {
    for (const d of drops) d.stop();
    closing ??= Promise.all([handle?.close(), ...endpoints.map((e) => e.close())]).then(() => {
      for (const p of phones.values()) p.dispose();
      resolveClosed();
    });
    return closing;
  };
  try {
    const limits = { ...DEFAULT_CONNECTION_LIMITS, ...opts.limits };
    if (opts.port !== null) handle = await startAdbServer({ host, port: opts.port ?? 5037, registry, limits, onKill: () => void close() });
    if (opts.tcpBase !== undefined) {
      let i = 0;
      for (const p of phones.values()) {
        const port = opts.tcpBase === 0 ? 0 : opts.tcpBase + i++;
        endpoints.push(await startDeviceEndpoint({ host, port, device: p, registry, limits }));
      }
    }
  } catch (e) {
    await close();
    throw e;
  }
  for (const d of drops) d.start();
  return {
    profile: profile.name,
    port: handle?.port ?? 0,
    host,
    serials: [...phones.keys()],
    endpoints: endpoints.map((e) => ({ serial: e.serial, host, port: e.port })),
    authorizedKeys: (s) => endpoints.find((e) => e.serial === s)?.authorizedKeys() ?? [],
    closed,
    close,
    unplug: (s) => registry.setPlugged(s, false),
    plug: (s) => registry.setPlugged(s, true),
    phone: (s) => {
      const p = phones.get(s);
      if (!p) throw new Error(`no virtual phone ${s}`);
      return p;
    },
  };
}

export type { VirtualPhone } from './device/virtual-phone.js';
export type { TimingProfile, ProfileOption } from './device/profile.js';
export { REAL_PROFILE, INSTANT_PROFILE } from './device/profile.js';
export type { AppDefinition, AppContext, ScreenDef, SystemApi } from './apps/types.js';
