import type { StfDeviceDto, StfState } from '../../../shared/domain/device.js';
import { ApiError } from '../../../shared/api/index.js';
import type { AdbServer } from '../../adapters/adb/adb-client.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { availability, isFree, normalizeStfUrl, StfClient } from '../../adapters/stf/stf-client.js';
import { errorMessage } from '../../../shared/error-message.js';
import { StfSession } from './stf-session.js';

/**
 * Farm devices claimed from the Devices screen: a user names a farm (or takes STF_URL from the
 * backend's environment) and claims or releases devices one by one; the token is STF_TOKEN from the
 * backend's environment, read here and never sent to the window. Claims are journaled like a run's
 * (StfSession), so a killed backend's claims are released by `elderbench devices --release-claims`
 * or the next run on that farm; a backend that closes normally gives them back itself.
 */
export class StfDesk {
  private readonly sessions = new Map<string, StfSession>();

  constructor(
    private readonly store: () => WorkspaceStore,
    private readonly adb: () => AdbServer,
    private readonly log: (m: string) => void,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  state(): StfState {
    return {
      defaultUrl: this.defaultUrl(),
      tokenSet: !!this.env['STF_TOKEN']?.trim(),
      claims: [...this.sessions.entries()].flatMap(([u, s]) => s.held().map((c) => ({ url: u, serial: c.serial, adbSerial: c.remoteUrl }))),
    };
  }

  /** STF_URL, when it is a usable farm address. */
  private defaultUrl(): string | null {
    const url = this.env['STF_URL']?.trim();
    try {
      return url ? normalizeStfUrl(url) : null;
    } catch {
      return null;
    }
  }

  private client(url: string): StfClient {
    const token = this.env['STF_TOKEN']?.trim();
    if (!token)
      throw new ApiError(
        'bad_request',
        'no STF token: start ElderBench with STF_TOKEN set to an access token from your STF (Settings → Keys → Access Tokens)',
      );
    try {
      return new StfClient(url, token);
    } catch (e) {
      throw new ApiError('bad_request', errorMessage(e).replace(/^--stf: /, ''));
    }
  }

  private session(url: string): StfSession {
    const client = this.client(url);
    let s = this.sessions.get(client.url);
    if (!s) {
      s = new StfSession({ store: this.store(), client, adb: this.adb(), log: this.log });
      this.sessions.set(client.url, s);
    }
    return s;
  }

  async list(url: string): Promise<StfDeviceDto[]> {
    const devices = await this.client(url)
      .listDevices()
      .catch((e: unknown) => {
        throw new ApiError('unavailable', errorMessage(e));
      });
    return devices.map((d) => ({
      serial: d.serial,
      model: typeof d.model === 'string' ? d.model : null,
      version: typeof d.version === 'string' ? d.version : null,
      sdk: d.sdk === undefined ? null : String(d.sdk),
      availability: availability(d),
      free: isFree(d),
    }));
  }

  async claim(url: string, serial: string): Promise<StfState> {
    const s = this.session(url);
    await s.claimDevice(serial).catch((e: unknown) => {
      throw new ApiError('unavailable', errorMessage(e));
    });
    return this.state();
  }

  async release(url: string, serial: string): Promise<StfState> {
    const s = this.sessions.get(this.client(url).url);
    if (!s || !(await s.releaseDevice(serial))) throw new ApiError('not_found', `${serial} is not held from ${url} by this window`);
    return this.state();
  }

  /** The backend is closing: give back what the window claimed (best effort; the journal keeps what fails). */
  async releaseAll(): Promise<void> {
    for (const s of this.sessions.values()) await s.releaseAll().catch((e: unknown) => this.log(`STF: ${errorMessage(e)}`));
  }
}
