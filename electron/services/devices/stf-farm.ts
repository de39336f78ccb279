import type { AdbServer } from '../../adapters/adb/adb-client.js';
import { StfClaimsRepo } from '../../adapters/db/repositories/stf-claims-repo.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { availability, isFree, normalizeStfUrl, parseStfFilter, StfClient } from '../../adapters/stf/stf-client.js';
import type { StfRequest } from './stf-session.js';
import { isStale, StfSession } from './stf-session.js';

/**
 * A farm as the command line uses it (`devices --stf`, `devices --release-claims`, `run --stf`): the same client and
 * claim journal as the Devices screen (StfDesk) and runs (StfSession). The token is passed in by the caller, which
 * reads it from the environment; it is never printed or stored.
 */

/** What `run --stf URL --stf-count N --stf-filter k=v` asks the farm for; throws on a bad address or filter. */
export function stfRequest(url: string, count: number, filter: string | undefined): StfRequest {
  return { url: normalizeStfUrl(url), count, filter: parseStfFilter(filter) };
}

/** A farm device as listed on the command line. */
export interface FarmDeviceRow {
  serial: string;
  model: string | null;
  sdk: string | number | null;
  version: string | null;
  availability: string;
  free: boolean;
}

/** The devices of a farm, with the address as the client normalised it. */
export async function listFarmDevices(url: string, token: string): Promise<{ stf: string; devices: FarmDeviceRow[] }> {
  const client = new StfClient(url, token);
  const devices = await client.listDevices();
  return {
    stf: client.url,
    devices: devices.map((d) => ({
      serial: d.serial,
      model: d.model ?? null,
      sdk: d.sdk ?? null,
      version: d.version ?? null,
      availability: availability(d),
      free: isFree(d),
    })),
  };
}

/**
 * Gives back the farm devices that killed processes left claimed (journaled in the workspace): of one farm, or of
 * every farm the journal names. Claims of processes still running are kept and counted.
 */
export async function releaseStaleClaims(
  deps: { store: WorkspaceStore; adb: AdbServer; token: () => string; log: (m: string) => void },
  url: string | undefined,
): Promise<{ released: number; stillClaimed: number; inUseByRunningProcesses: number }> {
  const journal = new StfClaimsRepo(deps.store.db);
  const urls = url ? [normalizeStfUrl(url)] : [...new Set(journal.list().map((c) => c.stfUrl))];
  let released = 0;
  let kept = 0;
  for (const u of urls) {
    const session = new StfSession({ store: deps.store, client: new StfClient(u, deps.token()), adb: deps.adb, log: deps.log });
    released += await session.releaseStale();
    kept += journal.list(u).filter((c) => !isStale(c)).length;
  }
  return { released, stillClaimed: journal.list().length, inUseByRunningProcesses: kept };
}
