/**
 * Retrying device commands without ever doing an action twice. A command that fails can be
 * retried when it is safe: a read (screenshot, dump, properties) always is; an input only when
 * it provably never reached the device (the adb server refused the transport or the service).
 * Once a command was accepted, a dropped connection leaves its effect unknown — an input is then
 * reported, not repeated.
 */
export type CommandStage =
  /** Could not reach the device (server down, device offline or gone): nothing was sent. */
  | 'transport'
  /** The device refused to open the service: nothing ran. */
  | 'refused'
  /** The connection died while opening the service: it may have started. */
  | 'open'
  /** The command was running or done when the stream broke: its effect is unknown. */
  | 'stream'
  /** It ran, but what came back is unusable (truncated image, busy screen): a read can ask again. */
  | 'result';

export class CommandFailure extends Error {
  override readonly name = 'CommandFailure';
  constructor(
    message: string,
    readonly stage: CommandStage,
    /** The device is not there (offline, not found, connection refused) rather than misbehaving. */
    readonly gone: boolean,
    /** Waiting will not help (e.g. the device is unauthorized): report it at once. */
    readonly permanent = false,
  ) {
    super(message);
  }

  /** True when the command cannot have had any effect on the device. */
  get notDelivered(): boolean {
    return this.stage === 'transport' || this.stage === 'refused';
  }
}

export interface RetryOptions {
  /** Waits before attempt 2, 3, …; the last value repeats until `windowMs` is used up. */
  backoffMs: readonly number[];
  /** Stop retrying once this much time has passed since the first attempt. */
  windowMs: number;
  sleep(ms: number): Promise<void>;
  now(): number;
  /** Attempts in all when the command ran but its output was unusable (busy screen, cut image). */
  maxResultAttempts?: number;
  /**
   * Times a read's window may start again because the device answered before the connection
   * was cut (stage `open` or `stream`): a phone that keeps coming back is flapping, not gone.
   */
  maxReachableRestarts?: number;
  /** Called before each retry (e.g. to `adb connect` a network device again). */
  beforeRetry?(failure: CommandFailure, attempt: number): Promise<void>;
}

export const DEFAULT_BACKOFF_MS = [250, 500, 1000, 2000, 4000] as const;

/**
 * Runs `op` until it succeeds, or fails in a way that must not be retried (`safe` = the
 * operation has no effect, so any failure may be retried), or the window is used up.
 */
export async function withRetry<T>(op: () => Promise<T>, safe: boolean, o: RetryOptions): Promise<T> {
  let start = o.now();
  let unusable = 0;
  let restarts = 0;
  for (let attempt = 1; ; attempt++) {
    try {
      return await op();
    } catch (e) {
      if (!(e instanceof CommandFailure)) throw e;
      const retryable = safe || e.notDelivered;
      const wait = o.backoffMs[Math.min(attempt - 1, o.backoffMs.length - 1)] ?? 0;
      if (e.stage === 'result') unusable++;
      // The device was there a moment ago: a read gets a fresh window (a few times) rather than
      // failing because drops happened to fall into one window.
      if (safe && (e.stage === 'open' || e.stage === 'stream') && restarts < (o.maxReachableRestarts ?? 3)) {
        restarts++;
        start = o.now();
      }
      if (!retryable || e.permanent || unusable >= (o.maxResultAttempts ?? 4) || o.now() - start + wait > o.windowMs) throw e;
      await o.sleep(wait);
      await o.beforeRetry?.(e, attempt).catch(() => undefined);
    }
  }
}
