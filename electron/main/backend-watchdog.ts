import type { BackendHandle } from './backend-process.js';

export interface WatchdogOptions {
  start(): Promise<BackendHandle>;
  /** The backend stopped on its own; `restarting` says whether another attempt follows. */
  onDown(info: { code: number | null; signal: NodeJS.Signals | null; restarting: boolean; attempts: number }): void;
  /** A new backend is ready (new address and token). */
  onUp(handle: BackendHandle, restarts: number): void;
  /** More restarts than this within `windowMs` means something is broken for good: stop trying. */
  maxRestarts?: number;
  windowMs?: number;
  /** Wait before the first restart, doubled each further one in the window. */
  delayMs?: number;
  now?: () => number;
}

/**
 * Keeps the backend process alive for the window: if it exits when nobody asked it to (a crash,
 * the OOM killer), the user is told and it is started again; a backend that keeps dying is left
 * down, with the user told so, rather than restarted in a tight loop.
 */
export class BackendWatchdog {
  private handle: BackendHandle | null = null;
  private stopping = false;
  private restarts: number[] = [];
  private readonly now: () => number;

  constructor(private readonly opts: WatchdogOptions) {
    this.now = opts.now ?? Date.now;
  }

  current(): BackendHandle | null {
    return this.handle;
  }

  async start(): Promise<BackendHandle> {
    const handle = await this.opts.start();
    this.watch(handle);
    return handle;
  }

  /** Ends the backend on purpose (quitting): its exit is not a crash. */
  stop(): void {
    this.stopping = true;
    const h = this.handle;
    this.handle = null;
    if (h && h.process.exitCode === null) {
      h.process.stdin?.end();
      h.process.kill();
    }
  }

  private watch(handle: BackendHandle): void {
    this.handle = handle;
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
      if (this.stopping || this.handle !== handle) return;
      this.handle = null;
      const t = this.now();
      const windowMs = this.opts.windowMs ?? 120_000;
      this.restarts = this.restarts.filter((r) => t - r < windowMs);
      const restarting = this.restarts.length < (this.opts.maxRestarts ?? 3);
      this.opts.onDown({ code, signal, restarting, attempts: this.restarts.length });
      if (restarting) void this.restart();
    };
    if (handle.process.exitCode !== null || handle.process.signalCode !== null) {
      queueMicrotask(() => onExit(handle.process.exitCode, handle.process.signalCode as NodeJS.Signals | null));
    } else {
      handle.process.once('exit', onExit);
    }
  }

  private async restart(): Promise<void> {
    this.restarts.push(this.now());
    const delay = (this.opts.delayMs ?? 500) * 2 ** (this.restarts.length - 1);
    await new Promise((r) => setTimeout(r, delay));
    if (this.stopping) return;
    try {
      const h = await this.opts.start();
      if (this.stopping) {
        h.process.kill();
        return;
      }
      this.watch(h);
      this.opts.onUp(h, this.restarts.length);
    } catch {
      // Failing to start counts like dying: the same bounded retry decides what follows.
      const t = this.now();
      this.restarts = this.restarts.filter((r) => t - r < (this.opts.windowMs ?? 120_000));
      const restarting = this.restarts.length < (this.opts.maxRestarts ?? 3);
      this.opts.onDown({ code: null, signal: null, restarting, attempts: this.restarts.length });
      if (restarting) await this.restart();
    }
  }
}
