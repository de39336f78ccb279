import { startAdbServer } from './protocol/server.js';
import { DeviceRegistry } from './protocol/registry.js';
import { VirtualPhone } from './device/virtual-phone.js';
import { APPS } from './apps/registry.js';
import type { Locale, AppDefinition } from './apps/types.js';

/**
 * Public entry: an ADB server on TCP serving N virtual phones (`vphone-1…N`). The app reaches it
 * only through the ADB wire protocol, exactly like a real adb server with USB phones attached.
 */
export interface VirtualPhoneServerOptions {
  /** 0 = ephemeral; default 5037. */
  port?: number;
  /** Default 127.0.0.1. Binding to all interfaces is refused: the phones have no auth. */
  host?: string;
  count?: number;
  locale?: Locale;
  seed?: number;
  /** Start every phone with its clock frozen at this epoch (ms), so seeded content is reproducible. */
  frozenClockMs?: number;
  /** Extra apps installed after the built-in ones (tests, prototypes of new apps). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each app has its own state type
  extraApps?: AppDefinition<any>[];
}

export interface VirtualPhoneServer {
  port: number;
  host: string;
  serials: string[];
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
  for (let i = 1; i <= count; i++) {
    const p = new VirtualPhone(`vphone-${i}`, i, locale, seed, [...APPS, ...((opts.extraApps ?? []) as AppDefinition<unknown>[])], opts.frozenClockMs);
    phones.set(p.serial, p);
    registry.add(p);
  }
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= handle.close().then(() => {
      for (const p of phones.values()) p.dispose();
      resolveClosed();
    });
    return closing;
  };
  const handle = await startAdbServer({ host, port: opts.port ?? 5037, registry, onKill: () => void close() });
  return {
    port: handle.port,
    host,
    serials: [...phones.keys()],
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
export type { AppDefinition, AppContext, ScreenDef, SystemApi } from './apps/types.js';
