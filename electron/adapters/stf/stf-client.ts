import { makeRedactor } from '../llm/redact.js';
import { errorMessage } from '../../../shared/error-message.js';

/**
 * A client for DeviceFarmer STF's REST API (`/api/v1`, Bearer token from the user's STF
 * settings), limited to what a benchmark run needs: list devices, claim one, get its adb
 * address, and give both back. The token lives only in this object: it is never written,
 * logged or put into an error message (STF's replies are redacted in case they echo it).
 */

export interface StfDevice {
  serial: string;
  present: boolean;
  ready: boolean;
  /** True when the caller is the one using it. */
  using: boolean;
  owner: { email?: string; name?: string } | null;
  model?: string;
  manufacturer?: string;
  sdk?: string | number;
  version?: string;
  [field: string]: unknown;
}

/** A failed STF call. 403 (in use / not available), 404 (unknown) and 5xx / 504 (not responding) are the farm's state, not our bug. */
export class StfError extends Error {
  override readonly name = 'StfError';
  constructor(
    message: string,
    /** HTTP status; 0 when STF could not be reached at all. */
    readonly status: number,
  ) {
    super(message);
  }

  /** An infrastructure failure: skip this device (or try later), as opposed to bad credentials. */
  get infrastructure(): boolean {
    return this.status !== 401;
  }
}

/** Fields a device listing asks for: availability plus what filters usually name. */
export const DEVICE_FIELDS = ['serial', 'present', 'ready', 'using', 'owner', 'model', 'manufacturer', 'sdk', 'version', 'abi', 'platform'];

/** A device another job may take: connected, set up, and nobody's. */
export function isFree(d: StfDevice): boolean {
  return d.present && d.ready && !d.using && !d.owner;
}

/** Whether a device can be had, in words: available, yours, in use by …, absent, not ready. */
export function availability(d: StfDevice): string {
  if (!d.present) return 'absent';
  if (!d.ready) return 'not ready';
  if (d.using) return 'yours';
  if (d.owner) return `in use${d.owner.name || d.owner.email ? ` by ${d.owner.name ?? d.owner.email}` : ''}`;
  return 'available';
}

/** `sdk=34,manufacturer=Google` → all must hold (string comparison, case-insensitive). */
export function parseStfFilter(s: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const term of (s ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)) {
    const eq = term.indexOf('=');
    if (eq <= 0) throw new Error(`--stf-filter: "${term}" is not field=value (e.g. sdk=34)`);
    out[term.slice(0, eq).trim()] = term.slice(eq + 1).trim();
  }
  return out;
}

export function matchesFilter(d: StfDevice, filter: Record<string, string>): boolean {
  return Object.entries(filter).every(([k, v]) => String(d[k] ?? '').toLowerCase() === v.toLowerCase());
}

/** The base URL as given (`https://stf.lab`, with or without `/api/v1`), without credentials or a trailing slash. */
export function normalizeStfUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`--stf: "${url}" is not a URL (e.g. https://stf.example.org)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error(`--stf: "${url}" must be an http(s) URL`);
  if (u.username || u.password) throw new Error('--stf: put no credentials in the URL; the token comes from STF_TOKEN');
  return `${u.origin}${u.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '')}`;
}

export interface StfClientOptions {
  fetch?: typeof fetch;
  /** Per request; STF itself answers 504 after 5 s when a device does not respond. */
  timeoutMs?: number;
}

export class StfClient {
  readonly url: string;
  private readonly redact: (s: string) => string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;

  constructor(
    url: string,
    private readonly token: string,
    opts: StfClientOptions = {},
  ) {
    this.url = normalizeStfUrl(url);
    if (!token.trim()) throw new Error('no STF token: set STF_TOKEN to an access token from STF (Settings → Keys → Access Tokens)');
    this.redact = makeRedactor(token);
    this.fetchImpl = opts.fetch ?? fetch;
    this.timeoutMs = opts.timeoutMs ?? 20_000;
  }

  private async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const where = `${method} ${this.url}/api/v1${path}`;
    let res: Response;
    try {
      res = await this.fetchImpl(`${this.url}/api/v1${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.token}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw new StfError(this.redact(`STF did not answer ${where}: ${errorMessage(e)}`), 0);
    }
    const text = await res.text().catch(() => '');
    let json: { success?: boolean; description?: string } & Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as typeof json) : {};
    } catch {
      // STF answers JSON; anything else (a proxy's HTML page) is reported by status alone.
    }
    if (!res.ok || json.success === false) {
      const why = typeof json.description === 'string' ? json.description : res.statusText;
      const hint = res.status === 401 ? ' (check STF_TOKEN: make an access token in STF under Settings → Keys)' : '';
      throw new StfError(this.redact(`STF refused ${where}: ${res.status} ${why}${hint}`), res.ok ? 500 : res.status);
    }
    return json as T;
  }

  /** Every device STF knows, with the fields a run needs (and what filters name). */
  async listDevices(fields: readonly string[] = DEVICE_FIELDS): Promise<StfDevice[]> {
    const r = await this.call<{ devices?: StfDevice[] }>('GET', `/devices?fields=${encodeURIComponent(fields.join(','))}`);
    return (r.devices ?? []).map((d) => ({ ...d, present: !!d.present, ready: !!d.ready, using: !!d.using, owner: d.owner ?? null }));
  }

  /** Puts the device under our control; STF gives it back by itself after `idleTimeoutMs` without use. */
  async claim(serial: string, idleTimeoutMs: number): Promise<void> {
    await this.call('POST', '/user/devices', { serial, timeout: idleTimeoutMs });
  }

  /** An `adb connect`-able `host:port` for a device we control. */
  async remoteConnect(serial: string): Promise<string> {
    const r = await this.call<{ remoteConnectUrl?: string }>('POST', `/user/devices/${encodeURIComponent(serial)}/remoteConnect`);
    if (typeof r.remoteConnectUrl !== 'string' || !/^[^\s/]+:\d{1,5}$/.test(r.remoteConnectUrl)) {
      throw new StfError(`STF gave no usable remoteConnectUrl for ${serial}: ${JSON.stringify(r.remoteConnectUrl ?? null)}`, 502);
    }
    return r.remoteConnectUrl;
  }

  async remoteDisconnect(serial: string): Promise<void> {
    await this.call('DELETE', `/user/devices/${encodeURIComponent(serial)}/remoteConnect`);
  }

  async release(serial: string): Promise<void> {
    await this.call('DELETE', `/user/devices/${encodeURIComponent(serial)}`);
  }
}
