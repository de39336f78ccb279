import { hostname } from 'node:os';
import type { StfRequest } from '../../../shared/domain/run-manifest.js';
import { AdbServer, parseAdbAddress } from '../../adapters/adb/adb-client.js';
import type { StfClaim } from '../../adapters/db/repositories/stf-claims-repo.js';
import { StfClaimsRepo } from '../../adapters/db/repositories/stf-claims-repo.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { StfClient, StfDevice } from '../../adapters/stf/stf-client.js';
import { availability, isFree, matchesFilter, StfError } from '../../adapters/stf/stf-client.js';
import { errorMessage } from '../../../shared/error-message.js';

export type { StfRequest } from '../../../shared/domain/run-manifest.js';

/**
 * STF gives a claimed device back by itself after this much time without use (adb traffic
 * through remote connect counts as use), so a process that died holds no device for long.
 */
export const STF_IDLE_TIMEOUT_MS = 10 * 60_000;
/** A remote-connected device has to pass the adb handshake (and key check) within this time. */
const CONNECT_TIMEOUT_MS = 30_000;

export interface StfSessionDeps {
  store: WorkspaceStore;
  client: StfClient;
  /** The adb server remote devices are `adb connect`ed through. */
  adb: AdbServer;
  log(m: string): void;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** A journaled claim whose process is gone (on this machine): it must be given back. */
export function isStale(c: StfClaim, self = process.pid): boolean {
  return c.host === hostname() && c.pid !== self && !alive(c.pid);
}

/**
 * Claims devices from an STF farm for one run and gives them back. Every claim is journaled in
 * the workspace *before* it is made and removed after the device is released, so whatever kills
 * the process, the next run (or `devices --release-claims`) finds and releases it.
 */
export class StfSession {
  private readonly journal: StfClaimsRepo;
  private readonly mine: StfClaim[] = [];

  constructor(private readonly deps: StfSessionDeps) {
    this.journal = new StfClaimsRepo(deps.store.db);
  }

  /** Releases claims of this farm left by processes that died; returns how many. */
  async releaseStale(): Promise<number> {
    const stale = this.journal.list(this.deps.client.url).filter((c) => isStale(c));
    for (const c of stale) {
      this.deps.log(`releasing ${c.serial} on ${c.stfUrl}, left claimed by process ${c.pid}${c.runId ? ` (run ${c.runId})` : ''}`);
      await this.release(c);
    }
    return stale.length;
  }

  /**
   * Claims up to `count` free devices matching the filter and connects them through the adb
   * server; returns their adb serials (`host:port`). A device the farm refuses (403 taken
   * meanwhile, 504 not responding) or that never comes online is given back and another is tried.
   */
  async claim(req: StfRequest, runId: string | null): Promise<string[]> {
    const { client, log } = this.deps;
    const all = await client.listDevices();
    const candidates = all.filter((d) => isFree(d) && matchesFilter(d, req.filter));
    const serials: string[] = [];
    for (const d of candidates) {
      if (serials.length >= req.count) break;
      const serial = await this.claimOne(d, runId).catch((e: unknown) => {
        if (e instanceof StfError && !e.infrastructure) throw e;
        log(`skipping ${d.serial}: ${errorMessage(e)}`);
        return null;
      });
      if (serial) serials.push(serial);
    }
    if (serials.length === 0) {
      throw new Error(`no device could be claimed from ${client.url}: ${describeShortage(all, candidates, req)}`);
    }
    if (serials.length < req.count)
      log(`claimed ${serials.length} of ${req.count} devices from ${client.url}: ${describeShortage(all, candidates, req)}`);
    return serials;
  }

  /** Claims one device the user chose (Devices screen) and connects it; returns its adb serial. */
  async claimDevice(serial: string): Promise<string> {
    const d = (await this.deps.client.listDevices()).find((x) => x.serial === serial);
    if (!d) throw new Error(`${serial} is not a device of ${this.deps.client.url}`);
    if (!isFree(d)) throw new Error(`${serial} cannot be claimed: ${availability(d)}`);
    return this.claimOne(d, null);
  }

  /** Gives back one device this session holds; false when it holds none of that serial. */
  async releaseDevice(serial: string): Promise<boolean> {
    const c = this.mine.find((x) => x.serial === serial);
    if (!c) return false;
    await this.release(c);
    return true;
  }

  /** What this session holds now. */
  held(): readonly StfClaim[] {
    return this.mine;
  }

  private async claimOne(d: StfDevice, runId: string | null): Promise<string> {
    const { client, adb } = this.deps;
    const claim: StfClaim = {
      stfUrl: client.url,
      serial: d.serial,
      runId,
      adbServer: adb.label,
      remoteUrl: null,
      pid: process.pid,
      host: hostname(),
      claimedAt: '',
    };
    this.journal.add(claim);
    try {
      await client.claim(d.serial, STF_IDLE_TIMEOUT_MS);
    } catch (e) {
      this.journal.remove(client.url, d.serial);
      throw e;
    }
    this.mine.push(claim);
    try {
      claim.remoteUrl = await client.remoteConnect(d.serial);
      this.journal.setRemoteUrl(client.url, d.serial, claim.remoteUrl);
      const { host, port } = parseAdbAddress(claim.remoteUrl);
      await adb.connect(host, port);
      await adb.waitForState(claim.remoteUrl, 'device', CONNECT_TIMEOUT_MS);
      return claim.remoteUrl;
    } catch (e) {
      await this.release(claim);
      throw e;
    }
  }

  /** Gives back every device this session claimed (disconnect, end remote connect, release). */
  async releaseAll(): Promise<void> {
    for (const c of this.mine.splice(0)) await this.release(c);
  }

  /**
   * Best effort, in the order STF's UI uses; a step that fails because the device is already
   * gone or no longer ours is fine. The journal entry goes only when the farm has it back,
   * so an unreachable farm leaves it for the next clean-up.
   */
  private async release(c: StfClaim): Promise<void> {
    const { client, log } = this.deps;
    const i = this.mine.indexOf(c);
    if (i >= 0) this.mine.splice(i, 1);
    if (c.remoteUrl) {
      const { host, port } = parseAdbAddress(c.remoteUrl);
      await this.adbFor(c)
        .disconnect(host, port)
        .catch((e: Error) => log(`adb disconnect ${c.remoteUrl}: ${e.message}`));
      await client.remoteDisconnect(c.serial).catch((e: Error) => ignoreGone(e, log));
    }
    try {
      await client.release(c.serial);
    } catch (e) {
      if (!ignoreGone(e as Error, log)) return;
    }
    this.journal.remove(c.stfUrl, c.serial);
  }

  private adbFor(c: StfClaim): AdbServer {
    return c.adbServer === this.deps.adb.label ? this.deps.adb : new AdbServer(parseAdbAddress(c.adbServer));
  }
}

/** True when the failure means "already released / not ours any more" (done); logs and returns false otherwise. */
function ignoreGone(e: Error, log: (m: string) => void): boolean {
  if (e instanceof StfError && (e.status === 403 || e.status === 404)) return true;
  log(`could not release on STF: ${e.message} (the claim stays journaled; \`elderbench devices --stf URL --release-claims\` retries)`);
  return false;
}

function describeShortage(all: StfDevice[], candidates: StfDevice[], req: StfRequest): string {
  const free = all.filter(isFree).length;
  const filter = Object.entries(req.filter)
    .map(([k, v]) => `${k}=${v}`)
    .join(',');
  return `${all.length} devices, ${free} free${filter ? `, ${candidates.length} free matching ${filter}` : ''}`;
}

/**
 * Runs `fn` on devices claimed from the farm, and gives them back afterwards — when `fn` ends,
 * throws, or is cancelled. Claims a crashed earlier process left behind are released first.
 */
export async function withStfDevices<T>(
  deps: StfSessionDeps,
  req: StfRequest,
  runId: string,
  fn: (serials: string[]) => Promise<T>,
): Promise<T> {
  const session = new StfSession(deps);
  await session.releaseStale();
  try {
    const serials = await session.claim(req, runId);
    deps.log(`claimed ${serials.length} device(s) from ${deps.client.url}: ${serials.join(', ')}`);
    return await fn(serials);
  } finally {
    await session.releaseAll();
  }
}
