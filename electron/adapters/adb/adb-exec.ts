import type { Duplex } from 'node:stream';
import type { AdbDeviceClient } from './adbkit.js';
import { adbkit } from './adbkit.js';
import { DeviceError } from '../../core/device/device-port.js';
import type { CommandStage, RetryOptions } from '../../core/device/retry.js';
import { CommandFailure, DEFAULT_BACKOFF_MS, withRetry } from '../../core/device/retry.js';

type DeviceClient = AdbDeviceClient;

/** Real phones drop off for seconds (a cable re-enumerating, Wi-Fi, the adb server reconnecting): wait that long before calling a phone gone. */
export const DEFAULT_RETRY: Omit<RetryOptions, 'beforeRetry'> = {
  backoffMs: DEFAULT_BACKOFF_MS,
  windowMs: 8_000,
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  now: () => performance.now(),
};

const GONE =
  /not found|offline|no devices|ECONNREFUSED|ECONNRESET|EPIPE|closed|Premature end|still (authorizing|connecting)|socket hang up/i;
/** States a retry cannot fix: the user has to act (accept the key, pick one device). */
const PERMANENT = /unauthorized|more than one device|insufficient permissions/i;

function failure(e: unknown, stage: CommandStage): CommandFailure {
  const msg = (e as Error)?.message ?? String(e);
  return new CommandFailure(msg, stage, GONE.test(msg), PERMANENT.test(msg));
}

const MIB = 1024 * 1024;
/**
 * The most one command's output may be. The largest a phone sends is a screenshot (a 4K tablet's
 * PNG is ~25 MiB); a device (or anything posing as one) sending more is not read further, so it
 * cannot exhaust this process's memory.
 */
export const MAX_DEVICE_OUTPUT_BYTES = 128 * MIB;

/** The whole stream, or null (and the stream destroyed) once it passes `limit` bytes. */
function readBounded(stream: Duplex, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    stream.on('data', (c: Buffer) => {
      total += c.length;
      if (total > limit) {
        stream.removeAllListeners('data');
        stream.destroy();
        resolve(null);
        return;
      }
      chunks.push(c);
    });
    stream.once('end', () => resolve(Buffer.concat(chunks, total)));
    stream.once('error', reject);
    // Closed without an end: cut off (a no-op once the promise has settled).
    stream.once('close', () => reject(new Error('Premature end of stream')));
  });
}

/**
 * Shell commands over adbkit in three observable stages — transport switch, service open,
 * output — so a failure says whether the command can have reached the device. Reads are
 * retried with backoff on any failure; actions only when they provably never arrived.
 */
export class AdbExec {
  private readonly retry: RetryOptions;

  constructor(
    private readonly dev: DeviceClient,
    readonly serial: string,
    retry: Partial<RetryOptions> = {},
    /** Brings a network device back (`adb connect host:port`) between retries. */
    reconnect?: () => Promise<void>,
  ) {
    this.retry = {
      ...DEFAULT_RETRY,
      ...retry,
      beforeRetry: async (f, attempt) => {
        if (reconnect && f.gone) await reconnect();
        await retry.beforeRetry?.(f, attempt);
      },
    };
  }

  /** One attempt; throws CommandFailure with the stage it failed in. */
  async once(command: string): Promise<Buffer> {
    let conn;
    try {
      conn = await this.dev.transport();
    } catch (e) {
      throw failure(e, 'transport');
    }
    let stream: Duplex;
    try {
      stream = (await new (adbkit().ShellCommand)(conn).execute(command)) as Duplex;
    } catch (e) {
      throw failure(e, (e as Error).name === 'FailError' ? 'refused' : 'open');
    }
    let out: Buffer | null;
    try {
      out = await readBounded(stream, MAX_DEVICE_OUTPUT_BYTES);
    } catch (e) {
      throw failure(e, 'stream');
    }
    if (!out) {
      throw new CommandFailure(
        `the device sent more than ${MAX_DEVICE_OUTPUT_BYTES / MIB} MiB for one command; the rest was not read`,
        'result',
        false,
        true,
      );
    }
    return out;
  }

  /** A command without side effects: retried until it works or the window is used up. */
  read(command: string, check?: (out: Buffer) => CommandFailure | null): Promise<Buffer> {
    return this.run(command, true, check);
  }

  /** A command that changes the device: retried only while it cannot have reached it. */
  act(command: string): Promise<Buffer> {
    return this.run(command, false);
  }

  private async run(command: string, safe: boolean, check?: (out: Buffer) => CommandFailure | null): Promise<Buffer> {
    try {
      return await withRetry(
        async () => {
          const out = await this.once(command);
          const bad = check?.(out);
          if (bad) throw bad;
          return out;
        },
        safe,
        this.retry,
      );
    } catch (e) {
      throw this.toDeviceError(e, command, safe);
    }
  }

  toDeviceError(e: unknown, command: string, safe: boolean): unknown {
    if (!(e instanceof CommandFailure)) return e;
    const what = command.length > 80 ? `${command.slice(0, 77)}…` : command;
    const unknown =
      !safe && !e.notDelivered ? ` while running \`${what}\`; it may or may not have taken effect, so it was not repeated` : '';
    return new DeviceError(
      `${this.serial}: ${e.message}${unknown}`,
      this.serial,
      e.gone ? 'disconnected' : e.stage === 'result' ? 'timeout' : 'adb',
    );
  }
}
