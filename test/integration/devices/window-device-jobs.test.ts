import { afterEach, describe, expect, it } from 'vitest';
import { StfClaimsRepo } from '../../../electron/adapters/db/repositories/stf-claims-repo.js';
import { Backend } from '../../../electron/services/backend.js';
import type { StfContractServer } from '../../support/stf-contract-server.js';
import { startStfContractServer } from '../../support/stf-contract-server.js';
import type { StockAdbServer } from '../../support/stock-adb.js';
import { startStockAdbServer } from '../../support/stock-adb.js';
import { useTempDirs } from '../../support/temp-dir.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';
import { until } from '../../support/wait.js';

/**
 * What the Devices screen's buttons do, through the same API handlers the window calls: start and
 * stop the built-in virtual phone (its own process, watched by the device list), and claim and
 * release a device of an STF farm (token from the backend's environment, claims journaled).
 */
describe('device jobs from the window', () => {
  const tmp = useTempDirs();
  const phones = useVirtualPhones();
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanup.splice(0).reverse()) await c();
  });

  it('starts a virtual phone that joins the device list, and stops it again', async () => {
    const backend = new Backend({ workspace: tmp(), userDataDir: tmp(), adbServer: '127.0.0.1:9' });
    cleanup.push(async () => backend.close());
    const api = backend.handlers.devices;
    expect(api.virtualPhone(undefined)).toEqual({ running: false, server: null, serials: [], locale: null });

    const started = await api.startVirtualPhone({ count: 1, locale: 'en' });
    expect(started).toMatchObject({ running: true, serials: ['vphone-1'], locale: 'en' });
    await until(() => backend.devices.serverLabel.includes(started.server!), 'the phone server in the hub');
    const listed = await api.list(undefined);
    expect(listed.devices.map((d) => [d.serial, d.state])).toContainEqual(['vphone-1', 'device']);
    expect((await backend.devices.device('vphone-1').shell('echo ok')).trim()).toBe('ok');

    const stopped = await api.stopVirtualPhone(undefined);
    expect(stopped.running).toBe(false);
    expect(backend.devices.serverLabel).toBe('127.0.0.1:9');
    expect((await api.list(undefined)).devices).toEqual([]);
  }, 120_000);

  it('claims a free farm device, which the device list then shows, and gives it back', async () => {
    const server = await phones({ tcpBase: 0, count: 1 });
    const adb: StockAdbServer = await startStockAdbServer();
    cleanup.push(() => adb.close());
    const remote = `127.0.0.1:${server.endpoints[0]!.port}`;
    const stf: StfContractServer = await startStfContractServer([
      { serial: 'FARM-A', remote, sdk: '34', model: 'Pixel 8' },
      { serial: 'FARM-BUSY', remote: '127.0.0.1:9', sdk: '34', owner: { email: 'other@example.org', name: 'Other lab' } },
    ]);
    cleanup.push(() => stf.close());
    const saved = { url: process.env.STF_URL, token: process.env.STF_TOKEN };
    cleanup.push(async () => {
      for (const [k, v] of [
        ['STF_URL', saved.url],
        ['STF_TOKEN', saved.token],
      ] as const)
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    });
    delete process.env.STF_TOKEN;
    process.env.STF_URL = stf.url;

    const backend = new Backend({ workspace: tmp(), userDataDir: tmp(), adbServer: adb.address });
    cleanup.push(() => backend.shutdown());
    const api = backend.handlers.devices;
    // Without a token the window is told what to set; the farm is never called.
    expect(api.stf(undefined)).toMatchObject({ defaultUrl: stf.url, tokenSet: false, claims: [] });
    await expect(api.stfDevices({ url: stf.url })).rejects.toThrow(/STF_TOKEN/);
    expect(stf.calls).toEqual([]);

    process.env.STF_TOKEN = stf.token;
    const devices = await api.stfDevices({ url: stf.url });
    expect(devices.map((d) => [d.serial, d.availability, d.free])).toEqual([
      ['FARM-A', 'available', true],
      ['FARM-BUSY', 'in use by Other lab', false],
    ]);
    await expect(api.stfClaim({ url: stf.url, serial: 'FARM-BUSY' })).rejects.toThrow(/in use by Other lab/);

    const claimed = await api.stfClaim({ url: stf.url, serial: 'FARM-A' });
    expect(claimed.claims).toEqual([{ url: stf.url, serial: 'FARM-A', adbSerial: remote }]);
    expect(stf.owned()).toEqual(['FARM-A']);
    expect(new StfClaimsRepo(backend.workspace.db).list(stf.url).map((c) => c.serial)).toEqual(['FARM-A']);
    const listed = await api.list(undefined);
    expect(listed.devices.map((d) => d.serial)).toContain(remote);
    expect((await backend.devices.device(remote).shell('echo ok')).trim()).toBe('ok');

    const released = await api.stfRelease({ url: stf.url, serial: 'FARM-A' });
    expect(released.claims).toEqual([]);
    expect(stf.owned()).toEqual([]);
    expect(new StfClaimsRepo(backend.workspace.db).list(stf.url)).toEqual([]);
    // The token went to the farm the user named, and nowhere into what the window receives.
    expect(JSON.stringify([devices, claimed, released, api.stf(undefined)])).not.toContain(stf.token);
  }, 120_000);
});
