/**
 * Device names across several adb servers. A serial is unique on its server, not across
 * servers (two desks can each have an `emulator-5554`, two virtual-phone servers each a
 * `vphone-1`), so a serial seen on more than one server is named `host:port/serial`. Serials
 * never contain `/`; network serials (`10.0.0.7:5555`) do contain `:`, so the split is on `/`.
 */
export function deviceNames(devices: readonly { server: string; serial: string }[], serverCount: number): string[] {
  const count = new Map<string, number>();
  for (const d of devices) count.set(d.serial, (count.get(d.serial) ?? 0) + 1);
  return devices.map((d) => (serverCount > 1 && (count.get(d.serial) ?? 0) > 1 ? `${d.server}/${d.serial}` : d.serial));
}

/** `host:port/serial` → its parts when host:port is one of `servers`; otherwise the name is a bare serial. */
export function splitDeviceName(name: string, servers: readonly string[]): { server: string | null; serial: string } {
  const slash = name.indexOf('/');
  if (slash > 0 && servers.includes(name.slice(0, slash))) return { server: name.slice(0, slash), serial: name.slice(slash + 1) };
  return { server: null, serial: name };
}
