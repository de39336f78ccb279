import type { Command } from 'commander';
import { StfClaimsRepo } from '../../adapters/db/repositories/stf-claims-repo.js';
import type { StfDevice } from '../../adapters/stf/stf-client.js';
import { availability, isFree, normalizeStfUrl, parseStfFilter, StfClient } from '../../adapters/stf/stf-client.js';
import type { StfRequest } from '../../services/devices/stf-session.js';
import { isStale, StfSession } from '../../services/devices/stf-session.js';
import { openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult, table } from '../output.js';
import { errorMessage } from '../../../shared/error-message.js';

/** The token is read here and handed to the client; it is never printed or stored. */
function stfToken(): string {
  const t = process.env['STF_TOKEN']?.trim();
  if (!t) throw new CliError('set STF_TOKEN to an access token from your STF (Settings → Keys → Access Tokens → Generate new token)', 2);
  return t;
}

/** `run --stf URL --stf-count N --stf-filter k=v`: what to ask the farm for, checked before the run is created. */
export function stfRunOptions(o: { stf?: string; stfCount: string; stfFilter?: string }): StfRequest | null {
  if (!o.stf) return null;
  stfToken();
  const count = Number(o.stfCount);
  if (!Number.isInteger(count) || count < 1 || count > 64)
    throw new CliError(`--stf-count: expected a whole number 1–64, got ${o.stfCount}`, 2);
  try {
    return { url: normalizeStfUrl(o.stf), count, filter: parseStfFilter(o.stfFilter) };
  } catch (e) {
    throw new CliError(errorMessage(e), 2);
  }
}

export function registerStfDeviceOptions(cmd: Command): void {
  cmd
    .option('--stf <url>', 'list the devices of this DeviceFarmer STF farm instead (token from $STF_TOKEN)')
    .option('--release-claims', 'give back farm devices that a killed run left claimed (journaled in the workspace)');
}

export async function stfDevicesAction(g: GlobalOptions, o: { stf?: string; releaseClaims?: boolean }): Promise<void> {
  const backend = openBackend(g);
  try {
    const journal = new StfClaimsRepo(backend.workspace.db);
    if (o.releaseClaims) {
      const urls = o.stf ? [normalizeStfUrl(o.stf)] : [...new Set(journal.list().map((c) => c.stfUrl))];
      let released = 0;
      let kept = 0;
      for (const url of urls) {
        const session = new StfSession({
          store: backend.workspace,
          client: new StfClient(url, stfToken()),
          adb: backend.devices.primary,
          log: info,
        });
        released += await session.releaseStale();
        kept += journal.list(url).filter((c) => !isStale(c)).length;
      }
      const left = journal.list().length;
      printResult(
        g,
        { released, stillClaimed: left, inUseByRunningProcesses: kept },
        (v) =>
          `Released ${v.released} claimed device(s).${v.stillClaimed ? ` ${v.stillClaimed} still journaled (${v.inUseByRunningProcesses} held by running processes).` : ''}`,
      );
      return;
    }
    const client = new StfClient(o.stf!, stfToken());
    let devices: StfDevice[];
    try {
      devices = await client.listDevices();
    } catch (e) {
      throw new CliError(errorMessage(e));
    }
    const rows = devices.map((d) => ({
      serial: d.serial,
      model: d.model ?? null,
      sdk: d.sdk ?? null,
      version: d.version ?? null,
      availability: availability(d),
      free: isFree(d),
    }));
    printResult(g, { stf: client.url, devices: rows }, (v) =>
      v.devices.length === 0
        ? `No devices on ${v.stf}.`
        : `${table(
            v.devices.map((d) => [
              d.serial,
              d.model ?? '',
              d.version ? `Android ${d.version}` : '',
              d.sdk !== null ? String(d.sdk) : '',
              d.availability,
            ]),
            ['serial', 'model', 'android', 'sdk', 'availability'],
          )}\n${v.devices.filter((d) => d.free).length} of ${v.devices.length} available on ${v.stf}`,
    );
  } finally {
    backend.close();
  }
}
