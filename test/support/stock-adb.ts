import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A stock adb server (Debian's `adb`) of a test's own: its own port and its own HOME, so it
 * makes a fresh adb key (the phone sees an unknown host, as on a new lab machine) and never
 * touches another test's server or the developer's ~/.android.
 */
export interface StockAdbServer {
  port: number;
  address: string;
  home: string;
  /** Runs `adb -P PORT …` with this server's HOME. */
  adb(args: string[], timeoutMs?: number): Promise<{ stdout: Buffer; stderr: string; code: number }>;
  /** Polls `adb devices` until `serial` is in `state`. */
  waitFor(serial: string, state: string, timeoutMs?: number): Promise<void>;
  devices(): Promise<Map<string, string>>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startStockAdbServer(): Promise<StockAdbServer> {
  const home = mkdtempSync(join(tmpdir(), 'eb-adb-home-'));
  const port = await freePort();
  const env = { ...process.env, HOME: home, ANDROID_SDK_HOME: home, ANDROID_USER_HOME: home };
  const adb: StockAdbServer['adb'] = (args, timeoutMs = 30_000) =>
    new Promise((resolve) => {
      execFile(
        'adb',
        ['-P', String(port), ...args],
        { env, encoding: 'buffer', timeout: timeoutMs, maxBuffer: 64 << 20 },
        (err, stdout, stderr) => {
          const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : -1) : 0;
          resolve({ stdout, stderr: stderr.toString(), code });
        },
      );
    });
  const started = await adb(['start-server']);
  if (started.code !== 0) throw new Error(`adb start-server failed: ${started.stderr}`);
  const devices = async (): Promise<Map<string, string>> => {
    const out = (await adb(['devices'])).stdout.toString();
    return new Map(
      out
        .split('\n')
        .slice(1)
        .map((l) => l.trim().split(/\s+/))
        .filter((p) => p.length === 2)
        .map((p) => [p[0]!, p[1]!] as [string, string]),
    );
  };
  return {
    port,
    address: `127.0.0.1:${port}`,
    home,
    adb,
    devices,
    async waitFor(serial, state, timeoutMs = 30_000) {
      const end = Date.now() + timeoutMs;
      let last = '';
      while (Date.now() < end) {
        last = (await devices()).get(serial) ?? '(absent)';
        if (last === state) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`timed out waiting for ${serial} to be ${state} (last: ${last})`);
    },
    async close() {
      await adb(['kill-server']);
      rmSync(home, { recursive: true, force: true });
    },
  };
}
