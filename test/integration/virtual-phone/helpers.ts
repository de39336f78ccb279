import { execFile } from 'node:child_process';
import net from 'node:net';
import * as adbkitNs from '@devicefarmer/adbkit';
import { startVirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import type { VirtualPhoneServer, VirtualPhoneServerOptions } from '../../../electron/virtual-phone/index.js';

// adbkit is CommonJS: Node's ESM loader puts it under `default`, vitest's interop exposes `Adb`
// directly (and makes `default` the class). Accept both so the same helper runs anywhere.
type AdbClass = typeof adbkitNs.Adb;
const Adb: AdbClass =
  (adbkitNs as unknown as { Adb?: AdbClass }).Adb ?? (adbkitNs as unknown as { default: { Adb: AdbClass } }).default.Adb;

export async function startServer(opts: VirtualPhoneServerOptions = {}): Promise<VirtualPhoneServer> {
  return startVirtualPhoneServer({ port: 0, seed: 7, ...opts });
}

/** Stock Debian adb, pinned to our server with -H/-P so it never forks its own daemon. */
export function adb(port: number, args: string[], timeoutMs = 15_000): Promise<{ stdout: Buffer; stderr: string; code: number }> {
  return new Promise((resolve) => {
    execFile(
      'adb',
      ['-H', '127.0.0.1', '-P', String(port), ...args],
      { encoding: 'buffer', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : -1) : 0;
        resolve({ stdout, stderr: stderr.toString(), code });
      },
    );
  });
}

export function kit(port: number) {
  // bin=/bin/true: adbkit must never spawn a real adb server if something goes wrong.
  return Adb.createClient({ host: '127.0.0.1', port, bin: '/bin/true' });
}

export async function kitShell(port: number, serial: string, cmd: string): Promise<string> {
  const stream = await kit(port).getDevice(serial).shell(cmd);
  return (await Adb.util.readAll(stream)).toString('utf8');
}

export function frame(s: string): Buffer {
  const b = Buffer.from(s, 'utf8');
  return Buffer.concat([Buffer.from(b.length.toString(16).padStart(4, '0')), b]);
}

/** Raw socket exchange: writes `data`, optionally half-closes, and collects everything until close. */
export function raw(port: number, data: Buffer | string, opts: { end?: boolean; timeoutMs?: number } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      s.destroy();
      reject(
        new Error(
          `no close within ${opts.timeoutMs ?? 5000} ms; got ${JSON.stringify(Buffer.concat(chunks).toString('latin1').slice(0, 80))}`,
        ),
      );
    }, opts.timeoutMs ?? 5000);
    s.on('data', (d) => chunks.push(d));
    s.on('error', () => {});
    s.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    s.write(data);
    if (opts.end) s.end();
  });
}

export { Adb };
