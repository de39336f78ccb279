import net from 'node:net';
import { statSync } from 'node:fs';
import type { Duplex } from 'node:stream';
import type { AdbServer } from './adb-client.js';
import { adbkit } from './adbkit.js';
import { hostRequest } from './host-request.js';
import { minicapFiles } from './minicap-files.js';
import type { MinicapBanner } from '../../core/device/minicap-protocol.js';
import { MinicapParser, projectionArg } from '../../core/device/minicap-protocol.js';
import { errorMessage } from '../../../shared/error-message.js';

/**
 * A minicap stream from one phone, as STF runs it: the files pushed to /data/local/tmp (once:
 * skipped when the phone already has them at the same size), minicap started over `shell:` (it
 * lives as long as that stream), `adb forward tcp:N localabstract:minicap`, then the banner and
 * JPEG frames read from the forwarded port. Any failure to get there is a MinicapUnavailable that
 * says why, so the caller can fall back to `screencap` and tell the user.
 */
export class MinicapUnavailable extends Error {
  override readonly name = 'MinicapUnavailable';
}

export interface MinicapOptions {
  /** The box frames are scaled into (the window's mirror is rarely bigger than a third of the phone). */
  box: { width: number; height: number };
  quality?: number;
  /** How long minicap may take to start listening (a real phone's app_process takes ~1 s). */
  startTimeoutMs?: number;
  onFrame(jpeg: Buffer, banner: MinicapBanner): void;
  /** The stream ended after it had started (phone unplugged, minicap killed). */
  onEnd(reason: string): void;
}

const DIR = '/data/local/tmp';
const SOCKET = 'minicap';

export interface MinicapSession {
  banner: MinicapBanner;
  /** How minicap runs on this phone: `native` (binary + library) or `apk` (app_process). */
  kind: 'native' | 'apk';
  stop(): Promise<void>;
}

async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, host, () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export async function startMinicap(server: AdbServer, serial: string, opts: MinicapOptions): Promise<MinicapSession> {
  const dev = server.client.getDevice(serial);
  const props = await dev.getProperties();
  const abi = props['ro.product.cpu.abi'] ?? '';
  const sdk = Number(props['ro.build.version.sdk'] ?? 0) + (Number(props['ro.build.version.preview_sdk'] ?? 0) > 0 ? 1 : 0);
  const files = minicapFiles(abi, sdk);
  if (files.kind === 'none') throw new MinicapUnavailable(files.problem);
  const sizes = (await adbkit().Adb.util.readAll(await dev.shell('wm size'))).toString();
  const size = /Override size: (\d+)x(\d+)/.exec(sizes) ?? /Physical size: (\d+)x(\d+)/.exec(sizes);
  if (!size) throw new MinicapUnavailable('cannot read the screen size (`wm size`)');
  const real = { width: Number(size[1]), height: Number(size[2]) };

  const pushIfChanged = async (local: string, remote: string, mode: number): Promise<void> => {
    const have = await dev.stat(remote).catch(() => null);
    if (have && have.size === statSync(local).size) return;
    const transfer = await dev.push(local, remote, mode);
    await new Promise<void>((resolve, reject) => {
      transfer.on('end', resolve);
      transfer.on('error', reject);
    });
  };
  const projection = projectionArg(real, opts.box);
  const quality = opts.quality ?? 80;
  let command: string;
  if (files.kind === 'native') {
    await pushIfChanged(files.binary, `${DIR}/minicap`, 0o755);
    await pushIfChanged(files.library, `${DIR}/minicap.so`, 0o644);
    command = `LD_LIBRARY_PATH=${DIR} exec ${DIR}/minicap -P ${projection} -Q ${quality} -S`;
  } else {
    await pushIfChanged(files.apk, `${DIR}/minicap.apk`, 0o644);
    command = `CLASSPATH=${DIR}/minicap.apk exec app_process /system/bin io.devicefarmer.minicap.Main -P ${projection} -Q ${quality} -S`;
  }

  // minicap runs as long as this stream is open; what it prints explains a failure to start.
  const proc = (await dev.shell(command)) as Duplex;
  let output = '';
  let procEnded = false;
  proc.on('data', (d: Buffer) => (output = (output + d.toString('utf8')).slice(-2000)));
  proc.on('error', () => undefined);
  proc.once('end', () => (procEnded = true));
  proc.once('close', () => (procEnded = true));
  const said = (): string => output.trim().split('\n').slice(-3).join(' / ') || 'no output';

  const host = server.address.host === 'localhost' ? '127.0.0.1' : server.address.host;
  const port = await freePort('127.0.0.1');
  let forwarded = false;
  const cleanup = async (pid?: number): Promise<void> => {
    if (forwarded) await hostRequest(server.address, `host-serial:${serial}:killforward:tcp:${port}`).catch(() => undefined);
    forwarded = false;
    if (pid)
      await Promise.resolve(dev.shell(`kill ${pid}`)).then(
        (s) => (s as Duplex).resume(),
        () => undefined,
      );
    proc.destroy();
  };
  try {
    await dev.forward(`tcp:${port}`, `localabstract:${SOCKET}`);
    forwarded = true;
    const { socket, banner } = await connectWithBanner(host, port, opts, () => (procEnded ? `minicap exited: ${said()}` : null));
    let ended = false;
    const end = (reason: string): void => {
      if (ended) return;
      ended = true;
      opts.onEnd(reason);
    };
    socket.on('close', () => end(procEnded ? `minicap exited: ${said()}` : 'the minicap stream closed'));
    proc.once('close', () => end(`minicap exited: ${said()}`));
    return {
      banner,
      kind: files.kind,
      stop: async () => {
        ended = true;
        socket.destroy();
        await cleanup(banner.pid);
      },
    };
  } catch (e) {
    await cleanup();
    if (e instanceof MinicapUnavailable) throw e;
    throw new MinicapUnavailable(`minicap did not start: ${errorMessage(e)}`, { cause: e });
  }
}

/**
 * Connects to the forwarded port until minicap answers with its banner. Until minicap listens, adb
 * accepts the connection and closes it at once, so each attempt is retried shortly after.
 */
async function connectWithBanner(
  host: string,
  port: number,
  opts: MinicapOptions,
  died: () => string | null,
): Promise<{ socket: net.Socket; banner: MinicapBanner }> {
  const deadline = performance.now() + (opts.startTimeoutMs ?? 10_000);
  let last = 'no answer';
  for (;;) {
    const why = died();
    if (why) throw new MinicapUnavailable(why);
    if (performance.now() > deadline)
      throw new MinicapUnavailable(`minicap did not answer within ${Math.round((opts.startTimeoutMs ?? 10_000) / 1000)} s (${last})`);
    try {
      return await new Promise((resolve, reject) => {
        const socket = net.connect({ host, port });
        socket.setNoDelay(true);
        let banner: MinicapBanner | null = null;
        const parser = new MinicapParser(
          (b) => {
            banner = b;
            resolve({ socket, banner: b });
          },
          (jpeg) => opts.onFrame(jpeg, banner!),
        );
        socket.on('data', (d: Buffer) => {
          try {
            parser.push(d);
          } catch (e) {
            socket.destroy();
            reject(e as Error);
          }
        });
        socket.once('error', (e) => reject(e));
        socket.once('close', () => reject(new Error(banner ? 'closed' : 'closed before the banner')));
      });
    } catch (e) {
      last = errorMessage(e);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
