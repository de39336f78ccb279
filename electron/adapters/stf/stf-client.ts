import { z } from 'zod';
import { makeRedactor } from '../llm/redact.js';
import { errorMessage } from '../../../shared/error-message.js';
import { readBoundedText, readErrorText, ReplyTooLargeError } from '../http/bounded-body.js';
import { jsonDeeperThan, quoteRemote } from '../../core/text/remote-text.js';

/** The most an STF reply may be: a device list of a large farm with our fields is well under 1 MiB. */
export const MAX_STF_REPLY_BYTES = 8 * 1024 * 1024;
/** STF's replies nest a few levels (devices → device → owner); anything deeper is not STF. */
const MAX_STF_JSON_DEPTH = 32;
/** More devices than any farm has: a bigger list is not a device list. */
const MAX_STF_DEVICES = 20_000;

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
  /** The most a reply may be (MAX_STF_REPLY_BYTES); tests lower it. */
  maxReplyBytes?: number;
}

const text = z.string().max(1024);
const field = z.union([z.string().max(1024), z.number(), z.boolean(), z.null()]).optional();
const DeviceSchema = z
  .object({
    serial: z.string().min(1).max(256),
    present: z.boolean().nullish(),
    ready: z.boolean().nullish(),
    using: z.boolean().nullish(),
    owner: z.object({ email: text.nullish(), name: text.nullish() }).nullish(),
    model: field,
    manufacturer: field,
    sdk: field,
    version: field,
    abi: field,
    platform: field,
  })
  // Other fields a filter may name are kept as long as they are plain values.
  .catchall(field);
const DeviceListSchema = z.object({ devices: z.array(DeviceSchema).max(MAX_STF_DEVICES) });
const RemoteConnectSchema = z.object({
  remoteConnectUrl: z
    .string()
    .max(300)
    .regex(/^[^\s/]+:\d{1,5}$/, 'not host:port'),
});

export class StfClient {
  readonly url: string;
  private readonly redact: (s: string) => string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  private readonly maxReplyBytes: number;

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
    this.maxReplyBytes = opts.maxReplyBytes ?? MAX_STF_REPLY_BYTES;
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
    let text: string;
    try {
      text = res.ok ? await readBoundedText(res, this.maxReplyBytes, `STF (${where})`) : await readErrorText(res);
    } catch (e) {
      if (e instanceof ReplyTooLargeError) throw new StfError(this.redact(e.message), 502);
      throw new StfError(this.redact(`STF's answer to ${where} broke off: ${errorMessage(e)}`), 0);
    }
    let json: { success?: boolean; description?: string } & Record<string, unknown> = {};
    let readable = true;
    if (text && jsonDeeperThan(text, MAX_STF_JSON_DEPTH)) readable = false;
    else {
      try {
        const v: unknown = text ? JSON.parse(text) : {};
        if (typeof v === 'object' && v !== null && !Array.isArray(v)) json = v as typeof json;
        else readable = false;
      } catch {
        readable = false; // a proxy's HTML page, say
      }
    }
    if (!res.ok || json.success === false) {
      const why = typeof json.description === 'string' ? this.quote(json.description) : this.quote(res.statusText, 60);
      const hint = res.status === 401 ? ' (check STF_TOKEN: make an access token in STF under Settings → Keys)' : '';
      throw new StfError(this.redact(`STF refused ${where}: ${res.status} ${why}${hint}`), res.ok ? 500 : res.status);
    }
    if (!readable) {
      throw new StfError(
        `STF answered ${where} with something that is not STF's JSON (${text.length} bytes); is the URL an STF server?`,
        502,
      );
    }
    return json as T;
  }

  /** A value from the farm inside one of our messages: token removed first, then bounded and escaped. */
  private quote(v: unknown, max?: number): string {
    return quoteRemote(typeof v === 'string' ? this.redact(v) : v, max);
  }

  /** A reply checked against its schema: a farm (or a proxy) answering anything else is an error, never "no devices". */
  private checked<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    const i = r.error.issues[0]!;
    throw new StfError(
      this.redact(`STF answered ${where} with an unexpected reply: field "${i.path.join('.') || '(top)'}": ${i.message}`),
      502,
    );
  }

  /** Every device STF knows, with the fields a run needs (and what filters name). */
  async listDevices(fields: readonly string[] = DEVICE_FIELDS): Promise<StfDevice[]> {
    const path = `/devices?fields=${encodeURIComponent(fields.join(','))}`;
    const r = this.checked(DeviceListSchema, await this.call<unknown>('GET', path), `GET ${this.url}/api/v1${path}`);
    return r.devices.map((d) => ({
      ...d,
      present: !!d.present,
      ready: !!d.ready,
      using: !!d.using,
      owner: d.owner ? { ...(d.owner.email ? { email: d.owner.email } : {}), ...(d.owner.name ? { name: d.owner.name } : {}) } : null,
      model: typeof d.model === 'string' ? d.model : undefined,
      manufacturer: typeof d.manufacturer === 'string' ? d.manufacturer : undefined,
      sdk: typeof d.sdk === 'string' || typeof d.sdk === 'number' ? d.sdk : undefined,
      version: typeof d.version === 'string' ? d.version : undefined,
    }));
  }

  /** Puts the device under our control; STF gives it back by itself after `idleTimeoutMs` without use. */
  async claim(serial: string, idleTimeoutMs: number): Promise<void> {
    await this.call('POST', '/user/devices', { serial, timeout: idleTimeoutMs });
  }

  /** An `adb connect`-able `host:port` for a device we control. */
  async remoteConnect(serial: string): Promise<string> {
    const path = `/user/devices/${encodeURIComponent(serial)}/remoteConnect`;
    const r = await this.call<{ remoteConnectUrl?: unknown }>('POST', path);
    const ok = RemoteConnectSchema.safeParse(r);
    if (!ok.success) {
      // The farm's value, bounded and with the token taken out: it may echo anything, the token included.
      throw new StfError(`STF gave no usable remoteConnectUrl for ${this.quote(serial)}: ${this.quote(r.remoteConnectUrl ?? null)}`, 502);
    }
    return ok.data.remoteConnectUrl;
  }

  async remoteDisconnect(serial: string): Promise<void> {
    await this.call('DELETE', `/user/devices/${encodeURIComponent(serial)}/remoteConnect`);
  }

  async release(serial: string): Promise<void> {
    await this.call('DELETE', `/user/devices/${encodeURIComponent(serial)}`);
  }
}
