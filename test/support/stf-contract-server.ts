import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A contract server for DeviceFarmer STF's REST API — exactly the endpoints ElderBench uses, with
 * STF's status codes and reply shapes, following STF 3.7.9 (`doc/API.md` and the swagger
 * `lib/units/api/swagger/api_v1.yaml`, API version 2.4.1, base path /api/v1;
 * `lib/units/api/controllers/user.js` for the codes and descriptions):
 *
 *   GET    /api/v1/devices[?fields=a,b]                    {success, description, devices}
 *   POST   /api/v1/user/devices  {serial, timeout}         200 | 403 in use / not available | 404 | 504 not responding
 *   POST   /api/v1/user/devices/{serial}/remoteConnect     {success, description, remoteConnectUrl: "host:port"} | 403 | 404 | 504
 *   DELETE /api/v1/user/devices/{serial}/remoteConnect     200 | 403 | 404
 *   DELETE /api/v1/user/devices/{serial}                   200 | 403 not owned | 404
 *
 * Every request needs `Authorization: Bearer <token>` (401 otherwise). STF itself needs
 * RethinkDB and ZeroMQ; this stands in for it in tests, handing out virtual phones' `--tcp`
 * endpoints as remote-connect addresses. `using` is relative to the caller, as in STF
 * (`datautil.applyOwner`): true when the caller owns the device.
 */
export interface ContractDevice {
  serial: string;
  /** The `host:port` remote connect hands out (a virtual phone's daemon). */
  remote: string;
  model?: string;
  sdk?: string;
  version?: string;
  present?: boolean;
  ready?: boolean;
  /** Someone else holds it. */
  owner?: { email: string; name: string } | null;
  /** Answer claims with this status (403: taken in the meantime; 504: the device does not respond). */
  failClaim?: 403 | 504;
}

export interface StfCall {
  method: string;
  path: string;
  body: unknown;
  authorized: boolean;
}

export interface StfContractServer {
  url: string;
  token: string;
  calls: StfCall[];
  /** Serials the test user holds now. */
  owned(): string[];
  /** Serials with an active remote-connect session. */
  connected(): string[];
  /** The idle timeout each claim asked for. */
  claimTimeouts(): Record<string, number | null>;
  close(): Promise<void>;
}

const USER = { email: 'lab@example.org', name: 'ElderBench lab', group: 'lab' };

export async function startStfContractServer(
  devices: ContractDevice[],
  token = 'stf-test-token-0123456789abcdef',
): Promise<StfContractServer> {
  const state = new Map(
    devices.map((d) => [
      d.serial,
      {
        ...d,
        owner: d.owner ?? null,
        present: d.present ?? true,
        ready: d.ready ?? true,
        connected: false,
        timeout: null as number | null,
      },
    ]),
  );
  const calls: StfCall[] = [];

  const publish = (d: NonNullable<ReturnType<typeof state.get>>) => ({
    serial: d.serial,
    present: d.present,
    ready: d.ready,
    using: d.owner?.email === USER.email,
    owner: d.owner,
    model: d.model ?? 'vPhone 6',
    manufacturer: 'ElderBench',
    sdk: d.sdk ?? '34',
    version: d.version ?? '14',
    abi: 'arm64-v8a',
    platform: 'Android',
    status: d.present ? 3 : 1,
    remoteConnect: d.connected,
    remoteConnectUrl: d.connected && d.owner?.email === USER.email ? d.remote : null,
  });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stf');
      const authorized = req.headers.authorization === `Bearer ${token}`;
      const body = ((): unknown => {
        try {
          return raw ? JSON.parse(raw) : null;
        } catch {
          return raw;
        }
      })();
      calls.push({ method: req.method ?? '', path: url.pathname + url.search, body, authorized });
      const send = (status: number, json: Record<string, unknown>): void => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const fail = (status: number, description: string): void => send(status, { success: false, description });
      if (!authorized) return fail(401, 'Requires Authentication');
      const p = url.pathname;
      if (req.method === 'GET' && p === '/api/v1/devices') {
        const fields = url.searchParams.get('fields')?.split(',');
        const list = [...state.values()]
          .map(publish)
          .map((d) => (fields ? Object.fromEntries(fields.filter((f) => f in d).map((f) => [f, d[f as keyof typeof d]])) : d));
        return send(200, { success: true, description: 'Devices Information', devices: list });
      }
      if (req.method === 'POST' && p === '/api/v1/user/devices') {
        const { serial, timeout } = (body ?? {}) as { serial?: string; timeout?: number };
        const d = serial ? state.get(serial) : undefined;
        if (!d) return fail(404, 'Device not found');
        if (!(d.present && d.ready && !d.owner)) return fail(403, 'Device is being used or not available');
        if (d.failClaim === 403) return fail(403, 'Device is being used or not available');
        if (d.failClaim === 504) return fail(504, 'Device is not responding');
        d.owner = USER;
        d.timeout = typeof timeout === 'number' ? timeout : null;
        return send(200, { success: true, description: 'Device successfully added' });
      }
      const m = /^\/api\/v1\/user\/devices\/([^/]+)(\/remoteConnect)?$/.exec(p);
      if (m && (req.method === 'POST' || req.method === 'DELETE')) {
        const d = state.get(decodeURIComponent(m[1]!));
        if (!d) return fail(404, 'Device not found');
        const mine = d.present && d.ready && d.owner?.email === USER.email;
        if (m[2] && req.method === 'POST') {
          if (!mine) return fail(403, 'Device is not owned by you or is not available');
          d.connected = true;
          return send(200, { success: true, description: 'Remote connection is enabled', remoteConnectUrl: d.remote });
        }
        if (m[2] && req.method === 'DELETE') {
          if (!mine) return fail(403, 'Device is not owned by you or is not available');
          d.connected = false;
          return send(200, { success: true, description: 'Device remote disconnected successfully' });
        }
        if (req.method === 'DELETE') {
          if (!mine) return fail(403, 'You cannot release this device. Not owned by you');
          d.owner = null;
          d.connected = false;
          d.timeout = null;
          return send(200, { success: true, description: 'Device successfully removed' });
        }
      }
      return fail(404, 'Not Found');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    calls,
    owned: () => [...state.values()].filter((d) => d.owner?.email === USER.email).map((d) => d.serial),
    connected: () => [...state.values()].filter((d) => d.connected).map((d) => d.serial),
    claimTimeouts: () =>
      Object.fromEntries([...state.values()].filter((d) => d.owner?.email === USER.email).map((d) => [d.serial, d.timeout])),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
